import { expect, expectAccessible, test } from './fixtures.ts';

test('the home page renders from the production build', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A signed-out visitor's GET /api/auth/user answers 401 by design; Chromium logs that as an error.
    const isSignedOutCheck =
      message.location().url.endsWith('/api/auth/user') && message.text().includes('401');
    if (message.type() === 'error' && !isSignedOutCheck) errors.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Voicecart/);
  // Errors would include Content-Security-Policy refusals: the app must work under its own CSP.
  expect(errors).toEqual([]);
  await expectAccessible(page);
});

test('an unknown path answers HTTP 404 and shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('unknown API paths answer JSON 404', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: 'No API route GET /api/does-not-exist' });
});
