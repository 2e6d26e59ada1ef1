import { expect, expectAccessible, signInWith, test } from './fixtures.ts';

/** The Store screen over the seed-demo data (Luna Skincare has the sample store). */

test.describe('Store screen', () => {
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'dashboard'));

  test('shows the sample store, finds a product with stock and a link, connects and disconnects by keyboard', async ({
    page,
  }) => {
    await page.goto('/dashboard/shopify');
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Shopify' }),
    ).toBeVisible();
    const connection = page.getByRole('region', { name: /Sample store/ });
    await expect(connection).toContainText('Connected · Synced');
    await expect(connection).toContainText(/1\d\d products, \d+ variants \(USD\)/);
    await expectAccessible(page);

    const finder = page.getByRole('region', { name: 'Find a product' });
    await finder.getByLabel('Buyer text').fill('lenin shirt in white, size L');
    await finder.getByLabel('Buyer text').press('Enter');
    await expect(finder.getByText('Match', { exact: true })).toBeVisible();
    await expect(finder.getByRole('listitem').first()).toContainText('Linen Button-Down Shirt');
    await expect(finder.getByRole('listitem').first()).toContainText('L / White');
    await expect(finder).toContainText(/found in [\d.]+ ms/);
    await expect(finder).toContainText('out of stock');
    // Sold out: no checkout link. The same shirt in M is in stock and gets one.
    await expect(finder.getByRole('link', { name: /\/cart\/sample\?items=/ })).toHaveCount(0);
    await expectAccessible(page);
    await finder.getByLabel('Buyer text').fill('lenin shirt in white, size M');
    await finder.getByLabel('Buyer text').press('Enter');
    await expect(finder.getByRole('listitem').first()).toContainText('M / White');
    const link = finder.getByRole('link', { name: /\/cart\/sample\?items=/ });
    const href = await link.getAttribute('href');

    await page.goto(href!);
    await expect(page.getByRole('heading', { name: 'Sample store cart' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Linen Button-Down Shirt · M \/ White/ })).toBeVisible();
    await expectAccessible(page);

    // A brand without a store: connect the sample store with the keyboard, then disconnect with confirmation.
    await page.goto('/dashboard/shopify');
    await page.getByLabel('Brand').selectOption({ label: 'Urban Threads' });
    await expect(page.getByText('No store connected yet')).toBeVisible();
    await page.getByRole('radio', { name: 'Sample store' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Connect Sample store' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: /Sample store/ })).toContainText('Connected · Synced');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Yes, disconnect and remove the catalog' }).click();
    await expect(page.getByText('No store connected yet')).toBeVisible();
    await expectAccessible(page);
  });

  test('a failed connection says what failed', async ({ page }) => {
    await page.goto('/dashboard/shopify');
    await page.getByLabel('Brand').selectOption({ label: 'Peak Outdoor Gear' });
    await page.getByRole('radio', { name: 'WooCommerce' }).check();
    await page.getByLabel('Store address').fill('https://10.0.0.1');
    await page.getByLabel('Consumer key').fill('ck_x');
    await page.getByLabel('Consumer secret').fill('cs_x');
    await page.getByRole('button', { name: 'Connect WooCommerce' }).click();
    await expect(page.getByRole('alert')).toContainText('address not allowed');
    await expectAccessible(page);
  });
});
