import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ErrorResponse } from '#contracts/errors.ts';
import type { Database } from '#server/db/client.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * Security headers and the rate limiter. Pages (HTML) get helmet's full set: a CSP that allows only our own
 * scripts and styles (Vite emits no inline scripts), https images (Instagram profile pictures) and same-origin
 * fetches, with the document headers around it. Every other answer (JSON, assets, the event stream) gets the
 * headers that mean something for a resource that is not a page: no sniffing, no cross-origin reads, no framing,
 * no referrer, and a CSP that lets nothing load should it ever be opened as a document (decision 062). The
 * document-only headers on each JSON answer cost the read API about a tenth of its requests per second.
 *
 * Both sets are helmet's own: its middleware is run ONCE per set here, against a response that only records what
 * it sets, and every request (every route, 404s and errors included) gets the answer set through Fastify's
 * reply headers in `onRequest`; `onSend` adds the page set when the answer is HTML. Fastify writes them in one
 * `writeHead` (decision 016). A route that writes its own head after `reply.hijack()` (the live events stream)
 * passes `reply.getHeaders()` along.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { isHttps: boolean; db?: Database },
): Promise<void> {
  // HSTS only means something over HTTPS; it goes with every answer.
  const strictTransportSecurity = options.isHttps ? { maxAge: 31536000, includeSubDomains: true } : false;
  const pageHeaders = securityHeaders(
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
      strictTransportSecurity,
    }),
  );
  const answerHeaders = securityHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity,
      // Headers that only a document (a page in a browsing context) acts on.
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(answerHeaders);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.headers(pageHeaders);
    done(null, payload);
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
