/**
 * One server of `npm run bench:api-instructions`, run under valgrind's callgrind by bench/api-instructions.ts:
 * the real app (`real`) or the floor (`floor`, bench/floor.ts) on a database the parent seeded, loaded by a client
 * in this same process over keep-alive sockets on 127.0.0.1.
 *
 * The database's answers are recorded once per statement and replayed after that (`replayStatements`): what is
 * counted is the Node side of a request (HTTP, framework, plugins, access check, mapping, serialising), not
 * PostgreSQL's work or its timing, so that the same code counts the same instructions on every run.
 *
 * It tells the parent where it is with files in the directory it is given: `ready-<target>` when warmed up (the
 * parent switches counting on and answers `go-<target>`), `done-<target>` when the counted requests are answered
 * (the parent switches counting off, dumps the counts and answers `next-<target>`).
 */
import { existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { startRuntime } from '#server/runtime.ts';
import { startFloor } from './floor.ts';

export interface ServerPlan {
  databaseUrl: string;
  cookie: string;
  /** Paths to load, in order, by target name. */
  paths: Record<string, string>;
  requests: number;
  warmupRounds: number;
  directory: string;
}

/**
 * After its first answer, a statement (by name, else by text) is answered from memory: the pool's callers get the
 * same result object again, as pg would hand them a new one with the same rows.
 */
function replayStatements(): void {
  const original = pg.Pool.prototype.query as (this: pg.Pool, ...args: unknown[]) => Promise<unknown>;
  const answers = new Map<string, Promise<unknown>>();
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const [config] = args;
    const key =
      typeof config === 'string'
        ? config
        : ((config as { name?: string; text?: string }).name ?? (config as { text?: string }).text);
    if (key === undefined || typeof args.at(-1) === 'function') return original.apply(this, args);
    let answer = answers.get(key);
    if (!answer) {
      answer = original.apply(this, args);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  } as typeof pg.Pool.prototype.query;
}

/** `requests` GETs of `urlPath` over 20 keep-alive sockets; every answer must be a 200. */
async function load(port: number, urlPath: string, cookie: string, requests: number): Promise<void> {
  const request = Buffer.from(`GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
  let sent = 0;
  await Promise.all(
    Array.from(
      { length: 20 },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          let buffered = '';
          const next = () => {
            if (sent++ < requests) socket.write(request);
            else socket.end(resolve);
          };
          socket.setEncoding('latin1');
          socket.on('data', (chunk: string) => {
            buffered += chunk;
            const head = buffered.indexOf('\r\n\r\n');
            if (head === -1) return;
            const length = contentLengthOf(buffered, head);
            if (length === undefined) {
              reject(new Error(`${urlPath} answered without content-length: ${buffered.slice(0, head)}`));
              socket.destroy();
              return;
            }
            if (buffered.length < head + 4 + length) return;
            if (!buffered.startsWith('HTTP/1.1 200')) {
              reject(new Error(`${urlPath} answered ${buffered.slice(0, buffered.indexOf('\r\n'))}`));
              socket.destroy();
              return;
            }
            buffered = buffered.slice(head + 4 + length);
            next();
          });
          socket.on('error', reject);
          socket.on('connect', next);
        }),
    ),
  );
}

/**
 * The body length an answer's head gives. Both servers write Fastify's lower-case `content-length`; looked up with
 * `indexOf` rather than a case-insensitive pattern, whose cost grew with the head and was counted against the real
 * app's five security headers (about 2,000 instructions a request of the client's, not the server's).
 */
function contentLengthOf(buffered: string, head: number): number | undefined {
  const name = '\r\ncontent-length: ';
  const at = buffered.indexOf(name);
  if (at === -1 || at > head) return undefined;
  return Number(buffered.slice(at + name.length, buffered.indexOf('\r\n', at + name.length)));
}

async function waitForFile(file: string): Promise<void> {
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function main(kind: string, planJson: string) {
  const plan = JSON.parse(planJson) as ServerPlan;
  replayStatements();
  let port: number;
  let close: () => Promise<void>;
  if (kind === 'real') {
    const database = await openDatabase({ kind: 'postgres', url: plan.databaseUrl });
    const config = loadConfig({
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      CLIENT_DIST_DIR: '/nonexistent-client-build',
      DATABASE_URL: plan.databaseUrl,
    });
    // The access log goes where production's does (standard output, batched); the parent sends it nowhere.
    const runtime = await startRuntime(config, { database, workers: false });
    await runtime.app.listen({ host: '127.0.0.1', port: 0 });
    port = (runtime.app.server.address() as net.AddressInfo).port;
    close = () => runtime.close();
  } else {
    const floor = await startFloor(plan.databaseUrl);
    port = Number(new URL(floor.url).port);
    close = () => floor.close();
  }
  for (const [target, urlPath] of Object.entries(plan.paths)) {
    for (let round = 0; round < plan.warmupRounds; round += 1) {
      // A full collection after the first round, so that each run's counted stretch starts from a like heap. Not
      // right before counting: `gc()` clears the weak references V8's optimized code holds, V8 drops that code
      // (about a hundred of the request path's functions in the real app), and the next few thousand requests run
      // less optimized code and pay for optimizing it again; the rounds after it take that.
      if (round === 1) (globalThis as { gc?: () => void }).gc?.();
      await load(port, urlPath, plan.cookie, plan.requests);
    }
    writeFileSync(path.join(plan.directory, `ready-${target}`), '');
    await waitForFile(path.join(plan.directory, `go-${target}`));
    await load(port, urlPath, plan.cookie, plan.requests);
    writeFileSync(path.join(plan.directory, `done-${target}`), '');
    await waitForFile(path.join(plan.directory, `next-${target}`));
  }
  await close();
}

main(process.argv[2] ?? 'real', process.argv[3] ?? '{}').then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench server failed: ${String(error)}\n`);
    process.exit(1);
  },
);
