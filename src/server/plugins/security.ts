import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ErrorResponse } from '#contracts/errors.ts';
import type { Database } from '#server/db/client.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * Security headers and the rate limiter. The CSP allows only our own scripts and styles (Vite emits no
 * inline scripts), https images (Instagram profile pictures) and same-origin fetches.
 *
 * The headers are helmet's own: its middleware is run ONCE here, against a response that only records what it
 * sets, and every request (every route, 404s and errors included) gets that recorded set through Fastify's reply
 * headers, which Fastify writes in one `writeHead`. Running helmet's middleware on every request called Node's
 * `setHeader` twelve times per response, which also sent Fastify's own headers down Node's slower merging path:
 * about 5 µs of the read API's 75-110 µs per request (decision 016). A route that writes its own head after
 * `reply.hijack()` (the live events stream) passes `reply.getHeaders()` along.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { isHttps: boolean; db?: Database },
): Promise<void> {
  const headers = securityHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          ...(options.isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only means something over HTTPS.
      strictTransportSecurity: options.isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Off by default; a route opts in with `config: perMinute(max)` (below). Counted in the database
  // (rate-limit-store.ts) so instances behind a balancer share one count.
  await app.register(rateLimit, {
    global: false,
    // A bearer request counts against its key (decision 043): a key's calls from many addresses share one count,
    // and an office's people behind one address are not slowed by a busy integration.
    keyGenerator: (request) => (request.apiKeyId ? `key:${request.apiKeyId}` : request.ip),
    ...(options.db ? { store: databaseRateLimitStore(options.db) as never } : {}),
    errorResponseBuilder: (_request, context): ErrorResponse & { statusCode: number } => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${context.after} and try again.`,
    }),
  });
}

/**
 * What a helmet middleware sets, recorded once. Its values depend only on its options (no per-request nonces
 * here), which the security test pins header by header.
 */
function securityHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const recorded: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete recorded[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return recorded;
}

/** A route's own limit, `max` requests a minute per client (or API key): its `config`, to opt in. */
export function perMinute(max: number): { rateLimit: { max: number; timeWindow: string } } {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}
