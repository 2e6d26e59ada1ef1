import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInWith, test } from './fixtures.ts';

/**
 * The seller's inbox on the demo data (its own user, seeded by global-setup): the first-run checklist, the sample
 * Instagram account's round trip (simulate a DM, the assistant answers live, a reply by hand shows as sent), the
 * unread dot and filter, and the status filter, on a laptop and on a phone.
 */

async function simulateDm(page: Page, username: string, text: string) {
  await page.getByRole('button', { name: 'Simulate a buyer message' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a buyer message' });
  await dialog.getByLabel('Buyer username').fill(username);
  await dialog.getByLabel('Buyer message').fill(text);
  await dialog.getByRole('button', { name: 'Deliver' }).click();
  await expect(dialog).toBeHidden();
}

// Each test walks a whole round trip (the assistant's job included) with axe at every stop.
test.describe.configure({ timeout: 180_000 });

const row = (page: Page, username: string) => page.getByTestId('dm-item').filter({ hasText: username });

/** The round trip: a simulated DM arrives unread, opens read, the assistant's answer and a reply by hand are sent. */
async function roundTrip(page: Page, username: string) {
  await simulateDm(page, username, 'hey is the classic pullover hoodie in M black in stock?');
  // Delivered through the inbox and the jobs: the row comes in live, unread.
  await expect(row(page, username)).toHaveAttribute('data-unread', 'true', { timeout: 15_000 });
  await expect(row(page, username).getByTestId('unread-dot')).toBeVisible();
  await expect(row(page, username)).toContainText('Click to view messages');
  await row(page, username).click();
  const thread = page.getByRole('region', { name: `Conversation with ${username}` });
  const answer = thread.getByTestId('message').filter({ hasText: 'Voicecart AI' });
  await expect(answer).toHaveCount(1, { timeout: 15_000 });
  await expect(answer).toContainText(/hoodie/i);
  await expect(answer.getByTestId('delivery-state')).toHaveText('Sent');
  const composer = thread.getByPlaceholder('Type your message...');
  await composer.fill('Ships tomorrow, see you soon!');
  await thread.getByRole('button', { name: 'Send' }).click();
  const mine = thread.getByTestId('message').filter({ hasText: 'Ships tomorrow, see you soon!' });
  await expect(mine).toContainText('You (team)');
  await expect(mine.getByTestId('delivery-state')).toHaveText('Sent');
  return thread;
}

test.describe('on a 1440 × 900 laptop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'triage'));

  test('checklist, the sample account round trip, unread and status filters', async ({ page }) => {
    // The checklist shows until the assistant has answered once (the first round trip below ticks the last step), so
    // it is checked here on a phone too before anything is simulated.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    const checklist = page.getByRole('region', { name: 'Finish setting up' });
    await expect(checklist).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    const step = (name: string) => checklist.getByTestId('setup-step').filter({ hasText: name });
    await expect(step('Create a brand')).toHaveAttribute('data-done', 'true');
    await expect(step('Connect Instagram')).toContainText('The sample account stands in for now');
    await expect(step('Try the assistant')).toHaveAttribute('data-done', 'false');
    await expect(step('Try the assistant').getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/conversations',
    );
    await expectAccessible(page);

    await step('Try the assistant').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages & Comments' })).toBeVisible();
    // The open view: a resolved demo conversation is not in it, the status filter shows it.
    const dms = page.getByRole('tab', { name: /^DMs/ });
    await expect(dms).toHaveText(/^DMs \(\d+ open\)$/);
    await expect(row(page, 'sophia_beauty')).toHaveCount(0);
    await page.getByLabel('Status').selectOption('resolved');
    await expect(dms).toHaveText(/^DMs \(\d+ resolved\)$/);
    await expect(row(page, 'sophia_beauty')).toBeVisible();
    await expect(row(page, 'emma.glow')).toHaveCount(0);
    await page.getByLabel('Status').selectOption('open');

    await roundTrip(page, 'wide.buyer');
    await expect(row(page, 'wide.buyer')).not.toHaveAttribute('data-unread', 'true');
    await expectAccessible(page);

    // Unread only: the demo's open conversations nobody has opened yet (their buyers wrote last), not the one just
    // answered; another buyer's message joins them, and a search that finds none of them empties the view.
    const unread = page.getByRole('button', { name: /^Unread/ });
    await unread.click();
    await expect(unread).toHaveAttribute('aria-pressed', 'true');
    await expect(dms).toHaveText(/^DMs \(\d+ open, unread\)$/);
    await expect(row(page, 'emma.glow')).toHaveAttribute('data-unread', 'true');
    await expect(row(page, 'wide.buyer')).toHaveCount(0);
    const unreadBefore = await page.getByTestId('dm-item').count();
    expect(unreadBefore).toBeGreaterThan(0);
    await expect(dms).toHaveText(`DMs (${unreadBefore} open, unread)`);
    await simulateDm(page, 'second.buyer', 'do you ship to Lisbon?');
    await expect(row(page, 'second.buyer')).toBeVisible({ timeout: 15_000 });
    await expect(dms).toHaveText(`DMs (${unreadBefore + 1} open, unread)`);
    await expect(row(page, 'wide.buyer')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search conversations and comments' }).fill('wide.buyer');
    await expect(page.getByText('No conversations match these filters')).toBeVisible();
    await expect(dms).toHaveText('DMs (0 open, unread)');
    await expectAccessible(page);

    // The assistant has answered: that was the last step, so the checklist goes.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Tess!' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(checklist).toBeHidden();
  });
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'triage'));

  test('checklist, the sample account round trip, unread and status filters', async ({ page }) => {
    await page.goto('/dashboard/conversations');
    await expect(page.getByRole('tab', { name: /^DMs/ })).toHaveText(/^DMs \(\d+ open\)$/);
    const thread = await roundTrip(page, 'phone.buyer');
    await expectAccessible(page);
    await thread.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(row(page, 'phone.buyer')).not.toHaveAttribute('data-unread', 'true');
    await page.getByLabel('Status').selectOption('archived');
    await expect(page.getByRole('tab', { name: /^DMs/ })).toHaveText(/^DMs \(\d+ archived\)$/);
    await expect(row(page, 'phone.buyer')).toHaveCount(0);
    await expectAccessible(page);
  });
});
