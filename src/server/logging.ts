import path from 'node:path';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { getOidcSettings, type Config } from './config.ts';

/** Never logged: session cookies and credentials in requests and responses. */
const redactPaths = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** A query key short and plain enough to be a parameter's name rather than a value sent without one. */
const plainKey = /^[\w.[\]-]{1,40}$/;
const redactedValue = '[redacted]';

/**
 * A request URL as it may be logged: the path, and the query with every value replaced. Query strings carry
 * secrets (OAuth `code` and `state`, Instagram's `hub.verify_token`, sign-in and reset links) and what buyers
 * searched for; the keys stay so a log line still says which parameters came. A part without `=`, or with a key
 * that does not look like a name, is replaced whole.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const parts = url.slice(start + 1).split('&');
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!;
    if (part === '') continue;
    const equals = part.indexOf('=');
    const key = equals === -1 ? '' : part.slice(0, equals);
    parts[index] = plainKey.test(key) ? `${key}=${redactedValue}` : redactedValue;
  }
  return `${url.slice(0, start)}?${parts.join('&')}`;
}

/** What `req` looks like where pino meets it: Fastify's request, or Node's own for code that logs `request.raw`. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
}

/**
 * Replaces Fastify's `req` serializer (`fastify/lib/logger-pino.js`), which logs `url` with its query string:
 * Fastify's own error lines (`defaultErrorLog`, `writeHeadError`) and any `{ req }` we log go through it.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino options for the server (the runtime's logger and Fastify's). JSON lines, one object per line, for log
 * collectors; when standard output is a terminal, readable lines through pino-pretty (a pino transport, so it
 * formats in a worker thread). Silent logging needs no transport at all.
 */
export function createLoggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  output: { isTerminal: boolean } = { isTerminal: process.stdout.isTTY === true },
): LoggerOptions {
  const isPretty = output.isTerminal && config.LOG_LEVEL !== 'silent';
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactPaths, remove: true },
    serializers: { req: serializeRequest },
    ...(isPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/** pino's level numbers: from `warn` up, a line is written at once (it may be the last before a crash). */
const WARN_LEVEL = 40;
/** A destination that carries this key set to true gets `lastLevel` from pino before each line. */
const pinoMetadata: unique symbol = Symbol.for('pino.metadata') as never;

/**
 * A log destination that writes lines in batches (decisions 060 and 064). Under load the access log's one
 * synchronous write per request was a system call per request; here `info` and below wait in memory until 16 KiB
 * have gathered (about 70 access lines), `flushEveryMs` has passed, or the process exits, and go out in one write.
 * A `warn`, `error` or `fatal` line is written at once, with everything queued before it, so the lines that
 * explain a failure are never left in memory and the file keeps its order. What can be lost is the last batch of
 * `info` lines before a hard kill (SIGKILL, out of memory).
 *
 * The batch is gathered here, in one string, and handed to SonicBoom whole: SonicBoom's own batching measures
 * the UTF-8 length of everything it holds on each line it takes, which cost more than the write it saved
 * (decision 064). Lines are JSON, almost always ASCII, so the batch's length in characters stands for its bytes.
 */
export class BatchedLogDestination implements DestinationStream {
  /** pino sets `lastLevel` on a destination that asks for it, before each `write`. */
  readonly [pinoMetadata] = true;
  lastLevel = 0;
  private readonly sonic: ReturnType<typeof pino.destination>;
  private readonly minLength: number;
  private readonly timer: ReturnType<typeof setInterval>;
  private pending = '';

  constructor(options: { fd: number; minLength?: number; flushEveryMs?: number }) {
    // sync: writes happen on this thread, whole batches in order, as pino's default destination writes lines.
    this.sonic = pino.destination({ dest: options.fd, sync: true });
    this.minLength = options.minLength ?? 16384;
    // A quiet server's lines do not wait for more traffic; the timer never keeps the process alive.
    this.timer = setInterval(() => this.writePending(), options.flushEveryMs ?? 1000);
    this.timer.unref();
  }

  write(line: string): void {
    this.pending += line;
    if (this.lastLevel >= WARN_LEVEL || this.pending.length >= this.minLength) this.writePending();
  }

  /** Writes what is queued now (pino's `logger.flush()` calls this). */
  flush(callback?: (error?: Error) => void): void {
    this.writePending();
    callback?.();
  }

  /** Writes what is queued, stops the timer and closes the file descriptor. */
  end(): void {
    clearInterval(this.timer);
    this.writePending();
    this.sonic.end();
  }

  /** For `exit` handlers: writes what is queued without the event loop. */
  flushSync(): void {
    this.writePending();
    this.sonic.flushSync();
  }

  private writePending(): void {
    if (this.pending === '') return;
    const batch = this.pending;
    this.pending = '';
    this.sonic.write(batch);
  }
}

let stdoutDestination: BatchedLogDestination | undefined;

/**
 * The process's one batched destination on standard output, shared by the runtime's logger and Fastify's so
 * their lines stay in order; queued lines are written when the process exits, by `process.exit` or an
 * uncaught error alike.
 */
export function stdoutLogDestination(): BatchedLogDestination {
  if (!stdoutDestination) {
    const destination = new BatchedLogDestination({ fd: 1 });
    process.once('exit', () => destination.flushSync());
    stdoutDestination = destination;
  }
  return stdoutDestination;
}

export interface StartupFacts {
  /** Where the server listens, as Fastify answered it (`http://127.0.0.1:3000`). */
  address: string;
  databaseKind: 'pglite' | 'postgres';
  mailTransport: 'smtp' | 'outbox';
  hasAdministrator: boolean;
}

/** `host:port/database` of a PostgreSQL URL: never the user name, password or query (which may hold one). */
function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'the server in DATABASE_URL';
  }
}

/** `host:port` of an SMTP URL, without its credentials. */
function describeSmtp(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  } catch {
    return 'the server in SMTP_URL';
  }
}

/**
 * The start-up lines a newcomer reads: where the product is, which database and mail it uses,
 * and what to do next. Built from settings, never printing a password, key or token.
 */
export function describeStartup(
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'DATA_DIR'
    | 'DATABASE_URL'
    | 'SMTP_URL'
    | 'OIDC_ISSUER_URL'
    | 'OIDC_CLIENT_ID'
    | 'OIDC_CLIENT_SECRET'
  >,
  facts: StartupFacts,
): string[] {
  // The loopback address is printed as `localhost`, as the README says it: the session cookie belongs to the host
  // name typed, so one name everywhere keeps people signed in.
  const url = (
    config.PUBLIC_URL ?? facts.address.replace(/\/\/(127\.0\.0\.1|\[::1\]):/, '//localhost:')
  ).replace(/\/$/, '');
  const isEmbedded = facts.databaseKind === 'pglite';
  const database = isEmbedded
    ? `Database: embedded PGlite in ${path.join(path.resolve(config.DATA_DIR), 'pglite')} (set DATABASE_URL for PostgreSQL)`
    : `Database: PostgreSQL at ${config.DATABASE_URL ? describePostgres(config.DATABASE_URL) : 'DATABASE_URL'}`;
  const mail =
    facts.mailTransport === 'smtp' && config.SMTP_URL
      ? `Mail: sent through SMTP at ${describeSmtp(config.SMTP_URL)}`
      : 'Mail: no SMTP_URL, so emails are kept in the outbox (read them with `npm run admin -- outbox`)';
  const signIn = getOidcSettings(config) ? `${url}/api/login` : null;
  const next = facts.hasAdministrator
    ? `Next: sign in at ${signIn ?? `${url}/login`}`
    : `Next: create the first account at ${signIn ?? `${url}/signup`}; it becomes the administrator`;
  const sampleData =
    'Sample data: `npm run admin -- seed-demo --email <your account email>`' +
    (isEmbedded ? ' (stop the server first: the embedded database admits one process at a time)' : '');
  return [`Voicecart is running at ${url}`, database, mail, next, sampleData];
}

/**
 * Warnings for the start-up log: in production the public address must be set and https, or cookies go without
 * `Secure`, HSTS is not sent, and the OAuth redirect addresses are built from the request's Host header.
 */
export function startupWarnings(config: Pick<Config, 'PUBLIC_URL' | 'NODE_ENV'>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  if (!config.PUBLIC_URL)
    return [
      'PUBLIC_URL is not set: set it to the https address people use (cookies are not Secure without it)',
    ];
  if (!config.PUBLIC_URL.startsWith('https://'))
    return [`PUBLIC_URL is not https (${config.PUBLIC_URL}): cookies are not Secure and HSTS is not sent`];
  return [];
}
