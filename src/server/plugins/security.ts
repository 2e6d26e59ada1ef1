import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ErrorResponse } from '#contracts/errors.ts';

/**
 * Security headers and the rate limiter. The CSP allows only our own scripts and styles (Vite emits no
 * inline scripts), https images (Instagram profile pictures) and same-origin fetches.
 *
 * The headers come from helmet itself, its middleware built ONCE here and run on every request (every route,
 * 404s and errors included, as before). @fastify/helmet built a new helmet middleware on every request
 * (re-parsing the CSP each time) in two hooks, a measurable share of the read API's CPU (decision 016).
 */
export async function registerSecurity(app: FastifyInstance, options: { isHttps: boolean }): Promise<void> {
  const setSecurityHeaders = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet sets its headers synchronously on the raw response and then calls back; Fastify keeps them.
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  // Off by default; a route opts in with `config: { rateLimit: { max, timeWindow } }`.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context): ErrorResponse & { statusCode: number } => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${context.after} and try again.`,
    }),
  });
}
