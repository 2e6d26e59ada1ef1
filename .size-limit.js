// Bundle budget: the JavaScript the landing page `/` loads stays at or under 100 KB gzip.
// The list is read from the pre-rendered page itself (its module script and modulepreloads), so a new
// shared chunk that `/` starts loading is counted without editing this file. Run after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';

const page = 'dist/client/prerendered/index.html';
if (!existsSync(page)) throw new Error(`${page} is missing: run \`npm run build\` before \`npm run size\``);
const html = readFileSync(page, 'utf8');
const scripts = [
  ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g),
].map((match) => `dist/client/${match[1]}`);
if (scripts.length === 0) throw new Error(`${page} loads no script: the budget would check nothing`);

export default [
  {
    name: 'JavaScript loaded by / (gzip)',
    path: scripts,
    limit: '100 KB',
    gzip: true,
  },
];
