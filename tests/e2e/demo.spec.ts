import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/** Calendar arithmetic on the Pacific calendar (the dialog's calendar), independent of the browser's zone. */
const pacificToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const isWeekend = (date: string) => [0, 6].includes(weekday(date));

/** The n-th weekday from 10 days ahead: far enough that no slot has started, unique per test. */
function weekdayAhead(n: number): string {
  let date = addDays(pacificToday(), 10);
  let found = -1;
  for (;;) {
    if (!isWeekend(date)) found += 1;
    if (found === n) return date;
    date = addDays(date, 1);
  }
}

async function openDialog(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Schedule Demo' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Schedule a Demo' })).toBeVisible();
  // The success view retitles the dialog, so find it by role alone afterwards.
  return page.getByRole('dialog');
}

/** Pages the calendar forward until the day is shown, then chooses it. */
async function chooseDay(page: Page, date: string) {
  const day = page.locator(`[data-day="${date}"] button`);
  for (let i = 0; i < 13 && !(await day.isVisible()); i += 1) {
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await day.click();
}

const slotList = (page: Page) => page.getByRole('group', { name: 'Select a time (PST)' });

test.describe('demo scheduling dialog', () => {
  test('books a demo: slots, form, Scheduling..., toast, 3-second confirmation, reset on reopen, slot gone', async ({
    page,
  }) => {
    const date = weekdayAhead(0);
    // Hold the booking request a moment so the pending state is visible.
    await page.route('**/api/demo/schedule', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });

    const dialog = await openDialog(page);
    // Weekends and the past are not selectable; the calendar starts on Sunday (en-US).
    await expect(dialog.locator('thead th').first()).toHaveText('Su');
    // It opens on the month of the first selectable day.
    let first = pacificToday();
    while (isWeekend(first)) first = addDays(first, 1);
    const month = new Date(`${first}T00:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(dialog.getByRole('grid')).toHaveAccessibleName(month);
    const yesterday = addDays(pacificToday(), -1);
    const yesterdayCell = page.locator(`[data-day="${yesterday}"]`);
    if ((await yesterdayCell.count()) > 0)
      await expect(yesterdayCell).toHaveAttribute('data-disabled', 'true');
    await expectAccessible(page);

    await chooseDay(page, date);
    await expect(slotList(page).getByRole('button')).toHaveCount(8);
    await expect(slotList(page).getByRole('button', { name: '9:00 AM' })).toBeVisible();
    const saturday = page.locator('[data-day] button[disabled]').first();
    await expect(saturday).toBeDisabled();

    // The form appears once a slot is chosen; keyboard works for the slot buttons.
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);
    await slotList(page).getByRole('button', { name: '10:00 AM' }).focus();
    await page.keyboard.press('Enter');
    await expect(slotList(page).getByRole('button', { name: '10:00 AM' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dialog.getByRole('textbox', { name: 'Time (PST)' })).toHaveValue('10:00 AM');
    await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute(
      'type',
      'email',
    );
    await expectAccessible(page);

    // Name and email are required.
    await dialog.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Erin Example');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('erin@example.com');
    await dialog.getByRole('textbox', { name: 'Company' }).fill('Example Co');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('+1 (415) 555-0100');
    await dialog.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect(dialog.getByRole('button', { name: 'Scheduling...' })).toBeDisabled();

    const toast = page.getByRole('status').filter({ hasText: 'Demo Scheduled!' }).last();
    await expect(page.getByText("We've sent a confirmation email to erin@example.com").first()).toBeVisible();
    await expect(toast).toContainText(/at 10:00 AM PST/);
    await expect(dialog.getByRole('heading', { name: 'Demo Scheduled!' })).toBeVisible();
    const shownAt = Date.now();
    await expect(dialog).toBeHidden({ timeout: 6000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThan(2500);
    expect(elapsed).toBeLessThan(4500);

    // Reopen: everything is reset, and the booked slot is no longer offered.
    await page.getByRole('button', { name: 'Schedule Demo' }).first().click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);
    await expect(page.locator('[aria-selected="true"][data-day]')).toHaveCount(0);
    await chooseDay(page, date);
    await expect(slotList(page).getByRole('button')).toHaveCount(7);
    await expect(slotList(page).getByRole('button', { name: '10:00 AM' })).toHaveCount(0);

    // Escape closes the dialog.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('closing the dialog midway resets it', async ({ page }) => {
    const dialog = await openDialog(page);
    await chooseDay(page, weekdayAhead(1));
    await slotList(page).getByRole('button', { name: '1:00 PM' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Half Done');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Schedule Demo' }).first().click();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);
    await expect(dialog.getByText('Choose a date to see available times.')).toBeVisible();
  });

  test('submitting without a time slot shows Missing Information', async ({ page }) => {
    const dialog = await openDialog(page);
    await chooseDay(page, weekdayAhead(2));
    await slotList(page).getByRole('button', { name: '9:00 AM' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Mo Missing');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('mo@example.com');
    // Choosing another date clears the slot; the form stays.
    await chooseDay(page, weekdayAhead(3));
    await expect(dialog.getByRole('textbox', { name: 'Time (PST)' })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect(page.getByText('Missing Information').first()).toBeVisible();
    await expect(page.getByText('Please select a date and time slot').first()).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('a slot load failure shows the error toast and no slots', async ({ page }) => {
    await page.route('**/api/demo/available-slots**', (route) => route.fulfill({ status: 500, body: '' }));
    const dialog = await openDialog(page);
    await chooseDay(page, weekdayAhead(4));
    await expect(
      page.getByText('Failed to load available time slots. Please try again.').first(),
    ).toBeVisible();
    await expect(slotList(page)).toHaveCount(0);
    await expect(dialog.getByText('No available time slots for this date.')).toBeVisible();
  });

  test('booking failures: the fallback message, then the server message on 409 and the slot list reloads', async ({
    page,
    request,
  }) => {
    const date = weekdayAhead(5);
    // The connection drops: there is no server message, so the fallback text shows.
    await page.route('**/api/demo/schedule', (route) => route.abort('failed'));
    const dialog = await openDialog(page);
    await chooseDay(page, date);
    await slotList(page).getByRole('button', { name: '3:00 PM' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Fay Failure');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('fay@example.com');
    await dialog.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect(page.getByText('Failed to schedule demo. Please try again.').first()).toBeVisible();
    await expect(dialog).toBeVisible();

    // Someone else books the same slot a moment before this visitor submits.
    await page.unroute('**/api/demo/schedule');
    const other = await request.post('/api/demo/schedule', {
      data: { date, timeSlot: '3:00 PM', name: 'Quick Other', email: 'other@example.com' },
    });
    expect(other.status()).toBe(201);
    await dialog.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect(
      page.getByText('That time slot was just booked. Please choose another time.').first(),
    ).toBeVisible();
    await expect(slotList(page).getByRole('button')).toHaveCount(7);
    await expect(slotList(page).getByRole('button', { name: '3:00 PM' })).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'Time (PST)' })).toHaveValue('');
  });
});
