import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoSidewaysScroll, signInWith, test } from './fixtures.ts';

/** Dana (global-setup) has the seed-demo brands and conversations. */

/** Every screen the sidebar links to, read from the sidebar itself, so links added later are visited too. */
async function sidebarRoutes(page: Page, openDrawer: boolean): Promise<string[]> {
  await page.goto('/dashboard');
  if (openDrawer) await page.getByRole('button', { name: 'Open menu' }).click();
  const links = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  if (openDrawer) await page.keyboard.press('Escape');
  return ['/', ...hrefs];
}

/** Waits for the screen's first heading, then for loading indicators to go. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Screens not built yet fall to the not-found page, which has no dashboard shell. */
const isBuilt = async (page: Page) =>
  (await page.getByRole('heading', { name: '404 Page Not Found' }).count()) === 0;

/** Visible buttons, selects and text fields in the page smaller than 44 × 44 px (touch targets). */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), [role="tab"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const isButton = control.tagName === 'BUTTON' || control.getAttribute('role') === 'tab';
      if (box.height < 44 || (isButton && box.width < 44)) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30) ?? '';
        small.push(
          `${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'dashboard'));

  test('the sidebar is a drawer: closed at first, opened by the toggle, closed by a link, Escape or a tap outside', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await settle(page);
    const sidebar = page.locator('#dashboard-sidebar');
    await expect(sidebar).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Opened with the keyboard; focus goes inside and stays there.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' }).first()).toBeVisible();
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#dashboard-sidebar')))).toBe(
        true,
      );
    }
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(toggle).toBeFocused();

    // A link navigates and closes the drawer.
    await toggle.click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Brands' }).click();
    await expect(page).toHaveURL(/\/dashboard\/brands$/);
    await expect(sidebar).toBeHidden();

    // A tap outside the drawer closes it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeVisible();
    await page.mouse.click(380, 420);
    await expect(sidebar).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/brands$/);
  });

  test('every dashboard screen fits: no sideways scroll, no sidebar over it, 44 px controls, axe clean', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const routes = await sidebarRoutes(page, true);
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      await expect(page.locator('#dashboard-sidebar'), route).toBeHidden();
      if (await isBuilt(page)) {
        await expect(page.getByRole('button', { name: 'Open menu' }), route).toBeVisible();
      }
      await expectNoSidewaysScroll(page, route);
      expect(await smallTargets(page), route).toEqual([]);
      await expectAccessible(page);
    }
  });

  test('the inbox is the list, then the thread with a Back button', async ({ page }) => {
    await page.goto('/dashboard/conversations');
    await settle(page);
    const items = page.getByTestId('dm-item');
    await expect(items.first()).toBeVisible();
    await expect(page.getByText('Select a conversation to start messaging')).toHaveCount(0);
    // The thread opened is the one tapped; its name is read back from the heading (an unread item's name is set
    // in bold and carries an "(unread)" for screen readers, so it is not read off the item's markup).
    const item = (await items.first().textContent()) ?? '';
    await items.first().click();
    const heading = page.getByRole('heading', { name: /^Conversation with \S+$/ });
    await expect(heading).toBeVisible();
    expect(item).toContain(((await heading.textContent()) ?? '').replace('Conversation with ', ''));
    await expect(items.first()).toBeHidden();
    await expect(page.getByTestId('message').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await smallTargets(page)).toEqual([]);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(items.first()).toBeVisible();
  });
});

test.describe('on a 1440 × 900 screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'dashboard'));

  test('every dashboard screen: the sidebar beside it, no sideways scroll, axe clean; the inbox shows both panes', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const routes = await sidebarRoutes(page, false);
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      if (await isBuilt(page)) await expect(page.locator('#dashboard-sidebar'), route).toBeVisible();
      await expectNoSidewaysScroll(page, route);
      await expectAccessible(page);
    }
    await page.goto('/dashboard/conversations');
    await settle(page);
    await expect(page.getByText('Select a conversation to start messaging')).toBeVisible();
    await page.getByTestId('dm-item').first().click();
    await expect(page.getByTestId('dm-item').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to conversations' })).toHaveCount(0);
  });
});
