// `npm run build`, last step: renders the public pages (src/client/prerender.tsx, built by Vite for Node into
// dist/prerender) into dist/client/prerendered/<file>, each a copy of the built index.html with the page's
// markup inside #root and its own <title> and meta description. The server answers those paths with them
// (src/server/plugins/spa.ts); the client hydrates them (src/client/main.tsx). No inline scripts (CSP).
// Then writes .br and .gz beside every text asset, which the server sends when the browser accepts them.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const clientDir = path.resolve('dist/client');
const entry = path.resolve('dist/prerender/prerender.js');
const outDir = path.join(clientDir, 'prerendered');

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function replaceOnce(html, pattern, replacement, what) {
  if (!pattern.test(html)) throw new Error(`prerender: the built index.html has no ${what}`);
  return html.replace(pattern, () => replacement);
}

const { renderPage, publicPages } = await import(pathToFileURL(entry).href);
const shell = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

for (const page of Object.values(publicPages)) {
  const markup = await renderPage(page.path);
  if (!markup.includes('<h1')) throw new Error(`prerender: ${page.path} rendered no <h1>`);
  let html = replaceOnce(shell, /<div id="root"><\/div>/, `<div id="root">${markup}</div>`, 'empty #root');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`, '<title>');
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    'meta description',
  );
  writeFileSync(path.join(outDir, page.file), html);
  console.log(
    `prerendered ${page.path} -> dist/client/prerendered/${page.file} (${(html.length / 1024).toFixed(1)} KB)`,
  );
}
rmSync(path.resolve('dist/prerender'), { recursive: true, force: true });

for (const dir of [clientDir, path.join(clientDir, 'assets')]) {
  for (const file of readdirSync(dir)) {
    if (!/\.(js|css|svg|txt)$/.test(file)) continue;
    const full = path.join(dir, file);
    const content = readFileSync(full);
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
  }
}
