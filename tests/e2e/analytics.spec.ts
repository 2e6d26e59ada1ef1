import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, signInWith, test } from './fixtures.ts';

/**
 * The Performance screen over Dana's demo data (global-setup seeds it before the server starts; the server's
 * analytics-rollup job takes those rows at start). Read-only: nothing here changes data.
 */

test.describe('performance', () => {
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'dashboard'));

  test('figures, the table view, CSV export and a day drill-down, accessible', async ({ page }) => {
    // Waits for the roll-up job, then runs axe four times over a page of charts.
    test.setTimeout(180_000);
    // The roll-up job runs every few seconds; wait until it has taken the demo rows.
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/analytics?from=${monthAgo}&to=${today}`);
          return (
            ((await response.json()) as { totals?: { conversations?: number } }).totals?.conversations ?? 0
          );
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    await page.goto('/dashboard/analytics');
    // The first visit loads the screen's own chunk (the chart library) on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('region', { name: 'Conversations started' }).getByTestId('stat-value'),
    ).not.toHaveText('0', { timeout: 30_000 });
    const daily = page.getByRole('region', { name: 'Daily activity' });
    await expect(daily.locator('.recharts-wrapper')).toBeVisible();
    await expectAccessible(page);

    // The table view, by keyboard.
    await daily.getByRole('button', { name: 'Show table' }).focus();
    await page.keyboard.press('Enter');
    await expect(daily.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
    const table = daily.getByRole('table', { name: 'Daily activity' });
    await expect(table).toBeVisible();
    await expectAccessible(page);

    // CSV export of the daily series.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      daily.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'date,conversations_started,dms_received,comments_received,assistant_replies,person_replies,handoffs',
    );

    // A day with conversations opens that day's conversations.
    const rows = table.locator('tbody tr');
    const count = await rows.count();
    let day = '';
    for (let index = count - 1; index >= 0 && !day; index -= 1) {
      const cells = rows.nth(index).locator('td');
      if (Number(await cells.nth(1).innerText()) > 0) day = await cells.nth(0).innerText();
    }
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await table.getByRole('link', { name: day }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/conversations\\?startedOn=${day}`));
    await expect(page.getByText(`Conversations started on ${day}`)).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('an empty period, and an error with a retry', async ({ page }) => {
    await page.goto('/dashboard/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByLabel('Period').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('No activity in this period')).toBeVisible();
    await expectAccessible(page);

    await page.route('**/api/analytics?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
    );
    await page.getByLabel('To', { exact: true }).fill('2020-02-29');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load performance' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
