import type { FastifyPluginAsync } from 'fastify';
import { runAhead } from '#server/db/client.ts';
import {
  instagramHandshakeQuerySchema,
  instagramWebhookMaxBytes,
  instagramWebhookPayloadSchema,
} from '#contracts/instagram.ts';
import { AppError } from '#server/errors.ts';
import type { InstagramChannel } from './channel.ts';
import { isSameSecret, isValidWebhookSignature } from './webhook-signature.ts';

/**
 * Meta's webhook. The POST reads the raw bytes (its own content-type parser and body limit, scoped to
 * this plugin), checks the signature before trusting anything, stores and enqueues in one transaction, answers 200.
 */
export const instagramWebhookRoutes: FastifyPluginAsync<{ channel: InstagramChannel }> = async (
  app,
  { channel },
) => {
  const { config, inbox } = channel;

  app.get('/webhooks/instagram', async (request, reply) => {
    // Dotted names (hub.mode) read from the raw query, as Meta's handshake expects.
    const raw = Object.fromEntries(new URLSearchParams(request.raw.url?.split('?')[1] ?? ''));
    const query = instagramHandshakeQuerySchema.safeParse(raw);
    const ok =
      query.success &&
      query.data['hub.mode'] === 'subscribe' &&
      query.data['hub.challenge'] !== undefined &&
      isSameSecret(query.data['hub.verify_token'], config.INSTAGRAM_VERIFY_TOKEN);
    if (!ok) throw new AppError('FORBIDDEN', 'The verify token does not match.');
    return reply.type('text/plain; charset=utf-8').send(query.data['hub.challenge']);
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: instagramWebhookMaxBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post('/webhooks/instagram', { bodyLimit: instagramWebhookMaxBytes }, async (request, reply) => {
    if (!config.INSTAGRAM_APP_SECRET) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Instagram webhooks need INSTAGRAM_APP_SECRET on the server.',
      );
    }
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!isValidWebhookSignature(raw, request.headers['x-hub-signature-256'], config.INSTAGRAM_APP_SECRET)) {
      throw new AppError('UNAUTHORIZED', 'Missing or invalid X-Hub-Signature-256.');
    }
    let json: unknown;
    const text = raw.toString('utf8');
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('BAD_REQUEST', 'The body is not JSON.');
    }
    // PostgreSQL stores no NUL character in text or jsonb; refusing the batch would lose every event in it, at
    // each of Meta's retries. A NUL can only arrive escaped (`\u0000`), so the rest pays one scan of the text.
    if (text.includes('\\u0000')) json = withoutNul(json);
    const payload = instagramWebhookPayloadSchema.safeParse(json);
    if (!payload.success) {
      const issue = payload.error.issues[0];
      const path = issue?.path.join('.') || 'body';
      throw new AppError(
        'BAD_REQUEST',
        `Not an Instagram webhook payload: ${path}: ${issue?.message ?? 'is invalid'}`,
        [{ path, message: issue?.message ?? 'is invalid' }],
      );
    }
    // Stored ahead of queued database work (PGlite): Meta waits for the 200 only so long, and the events' processing
    // and replies can come after it.
    const result = await runAhead(() => inbox.ingest(payload.data));
    request.log.info(result, 'instagram webhook accepted');
    return reply.type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
  });
};

/** The parsed JSON with every NUL character in its keys and strings replaced by U+FFFD (the replacement character). */
function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [withoutNul(key), withoutNul(item)]),
    );
  return value;
}
