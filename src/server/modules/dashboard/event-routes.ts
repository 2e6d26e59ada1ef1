import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contracts/zod.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { currentUser, isCredentialCurrent, requireVerifiedUser } from '#server/plugins/auth.ts';
import { createLiveFeed, type LiveDelivery } from './live-feed.ts';

export interface LiveEventRoutesOptions {
  database: DatabaseHandle;
  /**
   * A comment line this often keeps proxies from closing an idle stream; with it the stream checks that its
   * session or API key still stands, and ends when it does not.
   */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;
/** The browser waits this long before reconnecting (EventSource's `retry`). */
const RETRY_MS = 3000;

const lastEventIdSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'must be an event id from this stream')
    .optional(),
});

const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /api/events: Server-Sent Events for the signed-in user's brands only. Each change is a
 * `change` event whose id resumes the stream after a reconnect (`Last-Event-ID`); `reset` means "refetch
 * everything" (the gap was too old or too long to replay, or the id is not one this database handed out). The product's "never stale" rule gives way to this on
 * purpose (docs/spec-deviations.md).
 */
export const liveEventRoutes: FastifyPluginAsyncZod<LiveEventRoutesOptions> = async (app, options) => {
  const feed = createLiveFeed({ database: options.database });
  const streams = new Set<() => void>();
  // Old events are pruned by the prune-old-rows job (runtime.ts), once per period across processes.

  // Open streams never go idle, so they are ended before the server waits for its connections to close.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    await feed.close();
  });

  app.get(
    '/events',
    { preHandler: requireVerifiedUser, schema: { headers: lastEventIdSchema } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const lastEventId = request.headers['last-event-id'];
      const raw = reply.raw;

      let ended = false;
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let unsubscribe: (() => void) | undefined;
      const write = (chunk: string) => {
        if (!ended) raw.write(chunk);
      };
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe?.();
        streams.delete(end);
        raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);

      reply.hijack();
      // The security headers set for every reply (plugins/security.ts) go with this head too.
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      write(`retry: ${RETRY_MS}\n\n`);

      const deliver = (event: LiveDelivery) => {
        const { seq, ...data } = event;
        write(frame('change', data, seq));
      };
      try {
        // Subscribe first, then catch up: an event in between may arrive twice, which is harmless (it only
        // invalidates queries), but none is lost.
        unsubscribe = await feed.subscribe({ userId, deliver, reset: () => write(frame('reset', {})) });
        if (lastEventId === undefined) {
          write(frame('ready', {}, await feed.latestSeq()));
        } else {
          const missed = await feed.replay(userId, Number(lastEventId));
          if (missed === null) write(frame('reset', {}, await feed.latestSeq()));
          else for (const event of missed) deliver(event);
          write(frame('ready', {}));
        }
      } catch (error) {
        request.log.error({ err: error }, 'live events stream failed to start');
        end();
        return;
      }
      if (!ended)
        heartbeat = setInterval(() => {
          isCredentialCurrent(options.database.db, request).then(
            (current) => (current ? write(': heartbeat\n\n') : end()),
            // The database did not answer: keep the stream; the next beat asks again.
            (error: unknown) =>
              request.log.warn({ err: error }, 'live events stream: credential check failed'),
          );
        }, options.heartbeatMs ?? HEARTBEAT_MS);
    },
  );
};
