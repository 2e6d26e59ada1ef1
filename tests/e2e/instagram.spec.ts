import { expect, expectAccessible, signInWith, test } from './fixtures.ts';

test.describe('/dashboard/instagram', () => {
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'dashboard'));

  test('connect a brand with a pasted token, see its account, disconnect; OAuth link and webhook settings; keyboard only', async ({
    page,
  }) => {
    await page.goto('/dashboard/instagram');
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram' })).toBeVisible();
    // seed-demo gives every demo brand the sample account, here as in the brand list (the two once disagreed).
    const brands = (await (await page.request.get('/api/brands')).json()) as {
      name: string;
      instagramConnected: boolean;
    }[];
    expect(brands.filter((brand) => !brand.instagramConnected)).toEqual([]);
    for (const name of ['Luna Skincare', 'Urban Threads']) {
      const card = page.getByRole('region', { name: new RegExp(name) });
      await expect(card.getByText('Sample account', { exact: true })).toBeVisible();
      await expect(card.getByText(/nothing is sent to Instagram/)).toBeVisible();
    }
    // Peak Outdoor Gear's sample account is replaced by a real one below, then disconnected.
    const peak = page.getByRole('region', { name: /Peak Outdoor Gear/ });
    await expect(
      peak.getByRole('link', { name: /Connect with Instagram|Reconnect with Instagram/ }),
    ).toHaveAttribute('href', /\/api\/instagram\/connect\?brandId=/);
    // The webhook wiring is the operator's: this user is not an administrator, so it is not shown.
    await expect(page.getByRole('region', { name: /Webhook settings/ })).toHaveCount(0);
    await expectAccessible(page);

    // The manual token form, by keyboard.
    await peak.getByText('Use a token from Meta’s app dashboard').focus();
    await page.keyboard.press('Enter');
    const accountId = peak.getByLabel('Instagram account ID');
    await accountId.focus();
    await page.keyboard.type('not-a-number');
    await page.keyboard.press('Tab');
    await page.keyboard.type('short');
    await page.keyboard.press('Enter');
    await expect(peak.getByText('must be the numeric Instagram account id')).toBeVisible();
    await expect(accountId).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await accountId.fill(process.env.E2E_INSTAGRAM_ACCOUNT_ID!);
    await peak.getByRole('textbox', { name: 'Access token' }).fill(process.env.E2E_INSTAGRAM_TOKEN!);
    await peak.getByRole('button', { name: 'Save token' }).click();
    await expect(peak.getByText('Connected', { exact: true })).toBeVisible();
    await expect(peak.getByText('@e2e.shop (17841400000424242)')).toBeVisible();
    await expect(peak.getByText('None yet')).toBeVisible();
    // The token never comes back to the browser.
    const status = await page.request.get(
      (await peak.getByRole('link', { name: 'Reconnect with Instagram' }).getAttribute('href'))!.replace(
        /\/api\/instagram\/connect\?brandId=(.*)$/,
        '/api/brands/$1/instagram',
      ),
    );
    expect(await status.text()).not.toContain(process.env.E2E_INSTAGRAM_TOKEN!);
    await expectAccessible(page);

    await peak.getByRole('button', { name: 'Disconnect' }).click();
    await expect(peak.getByText('Not connected')).toBeVisible();
  });

  test('an administrator sees the webhook wiring to paste into Meta', async ({ page, context, baseURL }) => {
    await context.clearCookies();
    await signInWith(context, baseURL, 'empty');
    await page.goto('/dashboard/instagram');
    const webhook = page.getByRole('region', { name: /Webhook settings/ });
    await expect(webhook.getByLabel('Callback URL')).toHaveValue(/\/api\/webhooks\/instagram$/);
    await expect(webhook.getByLabel('Verify token')).toHaveValue('e2e-verify-token');
    await expectAccessible(page);
  });

  test('shows the outcome of Instagram Login from the callback', async ({ page }) => {
    await page.goto('/dashboard/instagram?instagram=error&message=Instagram+login+was+cancelled.');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Instagram was not connected: Instagram login was cancelled.' }),
    ).toBeVisible();
  });
});
