import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, expectAccessible, test } from './fixtures.ts';
import { runAdmin, startOwnServer, type OwnServer } from './own-server.ts';

/**
 * README "Try it", step by step on an instance of its own: sign up (the first account is the administrator), stop
 * the server, seed-demo, start again, ask the assistant in the Psychology Settings playground about the sample
 * store, and place the order its link holds (attributed revenue on the screen). If this spec changes, the README's
 * walk changes with it.
 */
test.describe('README: Try it', () => {
  let server: OwnServer | undefined;
  let dataDir = '';
  const email = 'you@try-it.test';
  const password = 'a long password';

  test.beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-try-it-'));
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('from a fresh instance to the assistant answering a buyer from the sample store', async ({ page }) => {
    test.setTimeout(240_000);

    // 1. `npm start`, then create your account at /signup: the first one is the administrator.
    server = await startOwnServer(dataDir);
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'You are the administrator' })).toBeVisible();

    // 2. Stop the server (the embedded database admits one process) and seed the sample brands and store.
    await server.stop();
    const seeded = await runAdmin(dataDir, ['seed-demo', '--email', email]);
    expect(seeded).toMatch(/added 3 brands, .* 1 sample store, 3 sample Instagram accounts\./);

    // 3. `npm start` again and open the dashboard (the session lives in the database, so it survived the
    //    restart), then Psychology Settings.
    server = await startOwnServer(dataDir);
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Welcome back, Robin!' })).toBeVisible();
    await page.getByRole('link', { name: 'Psychology Settings' }).click();
    await expect(page.getByLabel('Brand', { exact: true }).locator('option:checked')).toHaveText(
      'Luna Skincare',
    );
    const playground = page.getByRole('region', { name: 'Try the assistant' });
    await expect(playground).toBeVisible();

    // 4. Ask as a buyer would; the reply carries the store's stock and a checkout link, the trace says why.
    await playground.getByLabel('Buyer message').fill('hi! is the hyaluronic serum in 50ml in stock?');
    await playground.getByRole('button', { name: 'Send test message' }).click();
    const reply = playground.getByRole('list', { name: 'Test conversation' }).getByRole('listitem').nth(1);
    await expect(reply).toContainText('/cart/sample');
    const why = playground.locator('dl');
    await expect(why).toContainText('Hyaluronic Acid Hydrating Serum');
    await expect(why).toContainText('50 ml');
    await expect(why).toContainText(/\d+ in stock, live from the store/);
    await expectAccessible(page);

    // A sold-out variant: no link to it, an alternative instead.
    await playground.getByLabel('Buyer message').fill('do you have the daily barrier moisturizer in 100 ml?');
    await playground.getByRole('button', { name: 'Send test message' }).click();
    await expect(
      playground.getByRole('list', { name: 'Test conversation' }).getByRole('listitem'),
    ).toHaveCount(4);
    await expect(why).toContainText('Daily Barrier Moisturizer');
    await expect(why).toContainText('out of stock');
    await expect(why).toContainText('Daily Barrier Moisturizer (50 ml)');

    // 5. Open the first reply's checkout link and press Place order: the sample store's paid order carries the
    //    link's id, so the Revenue screen shows it, with its chart's table view, and the page passes axe.
    const link = /https?:\/\/[^\s)]+\/cart\/sample\?[^\s)]+/.exec((await reply.textContent()) ?? '')?.[0];
    expect(link).toBeTruthy();
    const cart = new URL(link!);
    await page.goto(`${server.url}${cart.pathname}${cart.search}`);
    await expect(page.getByRole('heading', { name: 'Sample store cart' })).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByRole('status').filter({ hasText: 'placed and paid' });
    await expect(placed).toContainText('It shows on the Revenue screen');
    const orderNumber = /Order (#S\d+)/.exec((await placed.textContent()) ?? '')?.[1];
    expect(orderNumber).toBeTruthy();
    await expectAccessible(page);

    await page.goto(`${server.url}/dashboard/revenue`);
    await expect(page.getByRole('heading', { name: 'Revenue', exact: true })).toBeVisible();
    const orders = page.getByRole('region', { name: 'Attributed orders' });
    await expect(orders.getByRole('row').filter({ hasText: orderNumber! })).toContainText('Paid');
    await expect(page.getByRole('region', { name: 'Attributed revenue' }).first()).toBeVisible();
    // The chart view too: the chart is hidden from screen readers, so nothing in it may take focus.
    await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Show as table' }).click();
    await expect(page.getByRole('table', { name: /Attributed revenue and orders by day/ })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByRole('region', { name: 'Revenue (30 days)' })).not.toContainText('$0.00');
  });
});
