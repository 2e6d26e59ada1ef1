import type { Page } from '@playwright/test';
import { e2eAdmin } from './global-setup.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign up, wait for review, get approved by an admin, sign in to the overview, sign out', async ({
  page,
  browser,
}) => {
  // Two browsers and four accessibility scans on two shared cores.
  test.slow();
  const email = `shopper-${Date.now()}@e2e.voicecart.test`;
  const password = 'a long enough password';

  // Sign up.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // The review modal: it stays on Escape and on a click outside, and keeps focus inside.
  const modal = page.getByRole('dialog', { name: 'Account Under Review' });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(modal).toContainText(
    'Thank you for signing up! Your account is currently being reviewed by our admin team.',
  );
  await expect(modal).toContainText(email);
  await expect(modal).toContainText('We typically review accounts within 24 hours');
  await expect(page.getByTestId('review-backdrop')).toHaveAttribute('inert', '');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }

  // An admin approves the account in another browser.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signIn(admin, e2eAdmin.email, e2eAdmin.password);
  await expect(admin.getByRole('heading', { name: 'Welcome back, E2E!' })).toBeVisible();
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Accounts awaiting review' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Ada Lovelace');
  await expectAccessible(admin);
  await row.getByRole('button', { name: `Approve ${email}` }).click();
  await expect(admin.getByText('Account approved', { exact: true })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await adminContext.close();

  // The user signs out from the modal and signs in again: the overview, no modal.
  await modal.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(modal).toBeHidden();
  await page.goto('/login');
  await expectAccessible(page);
  await signIn(page, email, password);
  // The overview greets the user by first name.
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
  await expect(page.getByText('No brands connected yet')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Sign out: the session is gone.
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a wrong password shows one generic message', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, e2eAdmin.email, 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visit to /dashboard/brands goes to sign-in and comes back', async ({ page }) => {
  await page.goto('/dashboard/brands');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard%2Fbrands$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // By keyboard only: Email, Tab, Password, Enter.
  await page.getByLabel('Email').focus();
  await page.keyboard.type(e2eAdmin.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(e2eAdmin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/brands$/);
  await expect(page.getByRole('heading', { name: 'Your Brands' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a sign-out link on another site only shows a one-click confirmation', async ({ page, baseURL }) => {
  await page.goto('/login');
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page.getByRole('heading', { name: 'Welcome back, E2E!' })).toBeVisible();
  // localhost and 127.0.0.1 are different sites: a navigation from one to the other is Sec-Fetch-Site: cross-site.
  const site = new URL(baseURL!);
  await page.goto(`http://localhost:${site.port}/privacy`);
  await page.evaluate((url) => window.location.assign(url), `${site.origin}/api/logout`);
  await expect(page.getByRole('heading', { name: 'Sign out of Voicecart?' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${site.origin}/`);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
