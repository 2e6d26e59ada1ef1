import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback.ts';

/**
 * A workspace's webhook receiver on 127.0.0.1, as a customer would write one: it reads the raw body, checks
 * `X-Voicecart-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`) with the secret it was given,
 * written here from the wire format rather than with the server's own code, and answers what it is told to.
 */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
  json: { id: string; type: string; createdAt: string; workspaceId: string; data: Record<string, unknown> };
  /** The signature checked out with the receiver's secret (and its time within 5 minutes). */
  verified: boolean;
  /** What the receiver answered. */
  status: number;
}

export interface FakeWebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The secret the receiver checks signatures with (set it to what creating the endpoint returned). */
  secret: string;
  /** Answer these statuses to the next requests, in order; 200 after them. */
  answerNext(...statuses: number[]): void;
  /** Answer this status to every request until told otherwise (undefined: back to 200). */
  answerAlways(status: number | undefined): void;
  /** Resolves when `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export function checkSignature(secret: string, header: string | undefined, body: string, nowSeconds: number) {
  if (!header) return false;
  const fields = new Map(header.split(',').map((part) => part.split('=') as [string, string]));
  const time = Number(fields.get('t'));
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  if (!Number.isInteger(time) || Math.abs(nowSeconds - time) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${time}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebhookReceiver(
  options: { secret?: string; path?: string } = {},
): Promise<FakeWebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queued: number[] = [];
  let always: number | undefined;
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver = { secret: options.secret ?? '' };
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const status = always ?? queued.shift() ?? 200;
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      let json: ReceivedWebhook['json'];
      try {
        json = JSON.parse(body) as ReceivedWebhook['json'];
      } catch {
        json = { id: '', type: '', createdAt: '', workspaceId: '', data: {} };
      }
      received.push({
        path: request.url ?? '/',
        headers,
        body,
        json,
        verified: checkSignature(
          receiver.secret,
          headers['x-voicecart-signature'],
          body,
          Math.floor(Date.now() / 1000),
        ),
        status,
      });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
    });
  });
  const port = await listenOnLoopback(server);
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${options.path ?? '/hooks/voicecart'}`,
    received,
    answerNext: (...statuses: number[]) => void queued.push(...statuses),
    answerAlways: (status: number | undefined) => void (always = status),
    waitFor(count: number, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise<ReceivedWebhook[]>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`webhook receiver got ${received.length} of ${count} requests`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () => closeServer(server),
  });
}
