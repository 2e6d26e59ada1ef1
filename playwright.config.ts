import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (browsers cannot be downloaded here) against the production
 * build, started by tests/e2e/global-setup.ts on a free port with a fresh data directory.
 * Run through `npm run test:e2e` (scripts/test-e2e.mjs), which builds first and skips with a reason when
 * no Chromium is installed.
 */
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two cores: one worker keeps timings honest and the single embedded database calm.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e-results.json' }]] : 'list',
  use: {
    // Set by global-setup before workers start.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
