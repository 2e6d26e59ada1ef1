import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, expectAccessible, test } from './fixtures.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';

/**
 * A newcomer's first minutes on an instance of its own: a fresh data directory and no account
 * yet, unlike the shared e2e server, which global-setup gives an administrator before it starts.
 */
test.describe('a fresh instance', () => {
  let server: OwnServer;
  let dataDir = '';
  let baseUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-first-run-'));
    server = await startOwnServer(dataDir);
    baseUrl = server.url;
    // A fresh instance: the server itself says the first account becomes the administrator.
    expect(server.output()).toContain(
      `Next: create the first account at ${baseUrl.replace('127.0.0.1', 'localhost')}/signup; it becomes the administrator`,
    );
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the first sign-up is told it is the administrator and opens the dashboard at once; the next one waits', async ({
    page,
    browser,
  }) => {
    test.slow();
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@first-run.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();

    const news = page.getByRole('status').filter({ hasText: 'You are the administrator' });
    await expect(news).toContainText('You can use the dashboard right away');
    await expect(page.getByRole('heading', { name: 'You are the administrator' })).toBeFocused();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Open your dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The second account waits for review, and the administrator sees it on the Admin page.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(`${baseUrl}/signup`);
    await second.getByLabel('First name').fill('Grace');
    await second.getByLabel('Last name').fill('Hopper');
    await second.getByLabel('Email').fill('grace@first-run.test');
    await second.getByLabel('Password').fill('another long password');
    await second.getByRole('button', { name: 'Create account' }).click();
    await expect(second.getByRole('dialog', { name: 'Account Under Review' })).toBeVisible();
    await other.close();

    await page.goto(`${baseUrl}/admin`);
    await expect(page.getByRole('row').filter({ hasText: 'grace@first-run.test' })).toContainText(
      'Grace Hopper',
    );
  });
});
