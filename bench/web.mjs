// `npm run bench:web`: builds, serves the production build on a free port with a throwaway DATA_DIR, runs
// Lighthouse 12 (mobile preset, Debian's Chromium) RUNS times on each public page and prints the median
// category scores, LCP, TBT and CLS, plus the gzip JavaScript and CSS that `/` loads. Exits 1 when a target
// is missed. Options: --no-build (use the existing dist/), RUNS=n (default 3).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const pages = ['/', '/privacy', '/terms', '/data-deletion'];
const runs = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags =
  '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking ' +
  '--disable-component-update --disable-sync --no-first-run';
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const jsBudgetBytes = 100 * 1024;

if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: apt-get install -y chromium (or set CHROME_PATH).`);
  process.exit(2);
}
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-bench-'));
const workDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-lighthouse-'));
let serverLog = '';
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => (serverLog += chunk));
server.stderr.on('data', (chunk) => (serverLog += chunk));

async function stopServer() {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(workDir, { recursive: true, force: true });
}

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${serverLog}`);
    if (Date.now() > deadline) throw new Error(`server not healthy in 60 s:\n${serverLog}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const results = [];
  let homeAssets = [];
  for (const pagePath of pages) {
    const reports = [];
    for (let run = 1; run <= runs; run += 1) {
      const output = path.join(workDir, `report-${pages.indexOf(pagePath)}-${run}.json`);
      // Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART): try a run up to 3 times.
      let lighthouse;
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        rmSync(output, { force: true });
        lighthouse = spawnSync(
          'node_modules/.bin/lighthouse',
          [
            `${baseUrl}${pagePath}`,
            '--output=json',
            `--output-path=${output}`,
            '--quiet',
            '--only-categories=performance,accessibility,best-practices,seo',
            `--chrome-flags=${chromeFlags}`,
          ],
          {
            env: { ...process.env, CHROME_PATH: chromePath },
            stdio: ['ignore', 'ignore', 'pipe'],
            timeout: 180_000,
          },
        );
        if (lighthouse.status === 0 && existsSync(output)) break;
        process.stderr.write(`  ${pagePath} run ${run}: lighthouse failed (attempt ${attempt}), retrying\n`);
      }
      if (lighthouse.status !== 0 || !existsSync(output)) {
        throw new Error(`lighthouse failed on ${pagePath} (run ${run}):\n${lighthouse.stderr}`);
      }
      const report = JSON.parse(readFileSync(output, 'utf8'));
      if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
      reports.push(report);
      process.stderr.write(
        `  ${pagePath} run ${run}/${runs}: perf ${Math.round(report.categories.performance.score * 100)}\n`,
      );
    }
    const category = (id) => median(reports.map((r) => Math.round((r.categories[id].score ?? 0) * 100)));
    const metric = (id) => median(reports.map((r) => r.audits[id].numericValue));
    const failing = new Set();
    for (const report of reports) {
      for (const id of ['accessibility', 'best-practices', 'seo']) {
        for (const ref of report.categories[id].auditRefs) {
          const audit = report.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.add(`${id}: ${ref.id}`);
        }
      }
    }
    results.push({
      page: pagePath,
      performance: category('performance'),
      accessibility: category('accessibility'),
      'best-practices': category('best-practices'),
      seo: category('seo'),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Number(metric('cumulative-layout-shift').toFixed(3)),
      failing: [...failing],
    });
    if (pagePath === '/') {
      homeAssets = reports[0].audits['network-requests'].details.items
        .filter((item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet')
        .map((item) => ({ type: item.resourceType, pathname: new URL(item.url).pathname }));
    }
  }

  // Gzip bytes of what `/` loaded, measured on the built files (the server itself sends them uncompressed).
  const gzipBytes = (type) =>
    homeAssets
      .filter((asset) => asset.type === type)
      .reduce(
        (sum, asset) =>
          sum + gzipSync(readFileSync(path.join('dist/client', asset.pathname)), { level: 9 }).length,
        0,
      );
  const jsBytes = gzipBytes('Script');
  const cssBytes = gzipBytes('Stylesheet');

  console.log(`\nLighthouse 12, mobile preset, median of ${runs} runs (${new Date().toISOString()})\n`);
  console.log('page            perf  a11y  best  seo   LCP ms  TBT ms  CLS');
  for (const r of results) {
    console.log(
      `${r.page.padEnd(15)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ` +
        `${String(r['best-practices']).padStart(4)}  ${String(r.seo).padStart(3)}  ${String(r.lcpMs).padStart(7)}  ` +
        `${String(r.tbtMs).padStart(6)}  ${r.cls}`,
    );
  }
  console.log(
    `\n/ loads ${(jsBytes / 1024).toFixed(1)} KB JavaScript and ${(cssBytes / 1024).toFixed(1)} KB CSS (gzip)`,
  );
  console.log(`  ${homeAssets.map((a) => a.pathname).join(', ')}`);

  const misses = [];
  for (const r of results) {
    for (const [id, min] of Object.entries(targets))
      if (r[id] < min) misses.push(`${r.page} ${id} ${r[id]} < ${min}`);
    for (const audit of r.failing) misses.push(`${r.page} failing audit ${audit}`);
  }
  if (jsBytes > jsBudgetBytes) misses.push(`/ JavaScript ${jsBytes} B > ${jsBudgetBytes} B`);
  console.log(misses.length ? `\nTargets missed:\n  ${misses.join('\n  ')}` : '\nAll targets met.');
  process.exitCode = misses.length ? 1 : 0;
} finally {
  await stopServer();
}
