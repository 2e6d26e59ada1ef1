import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRoutedPagePath } from '#contracts/page-routes.ts';
import { SESSION_COOKIE } from '#server/auth/sessions.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built client. Hashed files under /assets are cached for a year; HTML is always revalidated.
 * Pages pre-rendered at build time live in `prerendered/<route>.html` (`/` is `prerendered/index.html`);
 * every other non-API path gets the app shell `index.html`, and the client router shows the page; paths it has
 * no page for answer 404 with the same shell, which shows the not-found page (#contracts/page-routes.ts).
 * Pre-rendered pages are what a signed-out visitor sees, so they go only to requests without a session
 * cookie (the client then skips asking who is signed in); a signed-in browser gets the shell.
 * Unknown /api paths answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = path.resolve(clientDir);
  const shellFile = path.join(root, 'index.html');
  const hasClient = existsSync(shellFile);
  const shell = hasClient ? compressed(readFileSync(shellFile, 'utf8')) : null;
  const prerendered = new Map<string, CompressedPage>();
  const prerenderDir = path.join(root, 'prerendered');
  if (existsSync(prerenderDir)) {
    for (const file of readdirSync(prerenderDir)) {
      if (!file.endsWith('.html')) continue;
      const route = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
      prerendered.set(route, compressed(readFileSync(path.join(prerenderDir, file), 'utf8')));
    }
  }

  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      redirect: false,
      // One route per built file; every other path falls through to the not-found rule below.
      wildcard: false,
      // The build writes .br and .gz next to each asset (scripts/prerender.mjs); send those when accepted.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(root, filePath);
        res.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn({ clientDir: root }, 'no client build found: run `npm run build` to serve the web app');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!isPage || !shell) {
      return reply.status(404).send({ message: `No API route ${request.method} ${pathname}` });
    }
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = (request.cookies[SESSION_COOKIE] ? undefined : prerendered.get(normalized)) ?? shell;
    const encoding = pickEncoding(request);
    reply
      .status(isRoutedPagePath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Encoding');
    if (encoding === 'identity' || request.method === 'HEAD') return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  });
}

interface CompressedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** HTML pages are compressed once at start-up: a few small files, sent many times. */
function compressed(html: string): CompressedPage {
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

function pickEncoding(request: FastifyRequest): 'br' | 'gzip' | 'identity' {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}
