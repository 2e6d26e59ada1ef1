import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, expectNoSidewaysScroll, signInWith, test } from './fixtures.ts';

/**
 * API keys (decision 043) from the API Keys screen: create one (shown once, with a copy button), use it as a
 * Bearer token against /api/brands from a client with no cookies, revoke it with confirmation, then 401.
 * Kim (global-setup) has a workspace of their own, so nothing here moves another spec's data.
 */
test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'keys'));

test('create a key, call the API with it, revoke it, and it answers 401', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  // A routed page: the server answers 200, not the not-found status.
  expect((await page.goto('/dashboard/settings/api'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'API Keys' }).first()).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create API Key' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await expect(dialog.getByText('Key Name must not be empty')).toBeVisible();
  await dialog.getByLabel('Key Name').fill('E2E integration');
  await dialog.getByLabel('Role').selectOption('admin');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Key' }).click();

  dialog = page.getByRole('dialog', { name: 'Copy your API key' });
  await expect(dialog.getByText('it is shown only once')).toBeVisible();
  const key = await dialog.getByLabel('API key for E2E integration').inputValue();
  expect(key).toMatch(/^vc_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByText('The key is on your clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('E2E integration');
  await expect(row).toContainText('Admin');
  await expect(row).toContainText('Last used Never');
  await expect(row).toContainText(key.slice(0, 10));
  await expect(page.getByText(key)).toHaveCount(0);

  // A client with no cookies at all, as an integration would be.
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: baseURL! });
  try {
    const bearer = { authorization: `Bearer ${key}` };
    const created = await api.post('/api/brands', {
      headers: bearer,
      data: { name: 'Made With A Key', username: 'made.with.key' },
    });
    expect(created.status()).toBe(201);
    const listed = await api.get('/api/brands', { headers: bearer });
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { name: string }[]).map((brand) => brand.name)).toContain(
      'Made With A Key',
    );
    expect((await api.get('/api/brands')).status()).toBe(401);

    await page.reload();
    await expect(row).not.toContainText('Last used Never');
    await row.getByRole('button', { name: 'Revoke E2E integration' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke E2E integration?' });
    await expect(confirm.getByText('This cannot be undone.')).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Revoke Key' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No API keys yet')).toBeVisible();

    const refused = await api.get('/api/brands', { headers: bearer });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toContain('API key');
  } finally {
    await api.dispose();
  }
});

test('the API reference lists the routes from the OpenAPI document, keyboard reachable, at phone width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/settings/api');
  await expect(page.getByRole('heading', { name: /^Keys for / })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // By keyboard: the link takes focus and Enter follows it.
  await page.getByRole('link', { name: 'API reference' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/settings\/api\/reference$/);
  expect((await page.request.get('/dashboard/settings/api/reference')).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'API Reference', level: 1 })).toBeVisible();
  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys.getByText('/api/workspaces/{workspaceId}/api-keys').first()).toBeVisible();
  await expect(keys.getByText('API key (Bearer) or a signed-in session').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'health' }).getByText('Public')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
