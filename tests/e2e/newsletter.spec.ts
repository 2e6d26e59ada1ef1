import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email address' });
/** The toasts on screen (Radix renders each as an <li> in the "Notifications (F8)" region). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).locator('li');
const subscribeButton = (page: Page) => page.getByRole('button', { name: /^(Subscribe|Subscribing\.\.\.)$/ });

test.describe('footer newsletter', () => {
  test('an empty field shows Email required without sending anything', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/email-subscribe')) posts.push(request.method());
    });
    await page.goto('/');
    await emailField(page).fill('   ');
    await subscribeButton(page).click();
    const toast = toasts(page).filter({ hasText: 'Email required' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Please enter your email address');
    expect(posts).toEqual([]);
  });

  test('success: Subscribing... while sending, then Success! and the field clears', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const bodies: unknown[] = [];
    await page.route('**/api/email-subscribe', async (route) => {
      bodies.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });
    await page.goto('/');
    const address = `reader-${Date.now()}@example.com`;
    await emailField(page).fill(address);
    await subscribeButton(page).click();
    await expect(page.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    release();
    const toast = toasts(page).filter({ hasText: 'Success!' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Thank you for subscribing to our newsletter');
    await expect(emailField(page)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(bodies).toEqual([{ email: address, type: 'landing footer' }]);
  });

  test('server failure: destructive Error toast, the field keeps its text', async ({ page }) => {
    await page.route('**/api/email-subscribe', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Internal Server Error"}',
      }),
    );
    await page.goto('/');
    await emailField(page).fill('fails@example.com');
    await subscribeButton(page).click();
    const toast = toasts(page).filter({ hasText: 'Error' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Failed to subscribe. Please try again.');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(emailField(page)).toHaveValue('fails@example.com');
  });

  test('only one toast shows at a time', async ({ page }) => {
    await page.route('**/api/email-subscribe', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"nope"}' }),
    );
    await page.goto('/');
    await subscribeButton(page).click();
    await expect(toasts(page).filter({ hasText: 'Email required' })).toBeVisible();
    await emailField(page).fill('twice@example.com');
    await subscribeButton(page).click();
    await expect(toasts(page).filter({ hasText: 'Failed to subscribe' })).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page).filter({ hasText: 'Email required' })).toHaveCount(0);
  });

  test('the form works from the keyboard', async ({ page }) => {
    await page.goto('/');
    await emailField(page).focus();
    await page.keyboard.type(`keys-${Date.now()}@example.com`);
    await page.keyboard.press('Enter');
    await expect(toasts(page).filter({ hasText: 'Success!' })).toBeVisible();
    await expect(emailField(page)).toHaveValue('');
  });
});
