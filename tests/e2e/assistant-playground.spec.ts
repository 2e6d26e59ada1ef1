import { expect, expectAccessible, signInWith, test } from './fixtures.ts';

/** "Try the assistant" on Psychology Settings, over seed-demo's sample store. */
test.beforeEach(async ({ page, context, baseURL }) => {
  await signInWith(context, baseURL, 'dashboard');
  await page.goto('/dashboard/psychology');
});

test('the playground answers in the unsaved voice with a readable trace, and the page stays accessible', async ({
  page,
}) => {
  await expect(page.getByRole('heading', { name: 'Try the assistant' })).toBeVisible();
  await page.getByLabel('Communication Tone').selectOption('luxury');
  await page.getByLabel('Buyer message').fill('how much is the rose water face mist?');
  await page.getByRole('button', { name: 'Send test message' }).click();

  const conversation = page.getByRole('list', { name: 'Test conversation' });
  await expect(conversation).toContainText('$19.00');
  // The luxury tone's disclosure: the unsaved form value reached the preview.
  await expect(conversation).toContainText('automated reply on behalf of Luna Skincare');
  await expect(page.getByText('Rose Water Face Mist', { exact: true })).toBeVisible();
  await expect(page.getByText(/in stock, (live from the store|from the last sync)/)).toBeVisible();
  await expectAccessible(page);
});

test('the playground follows the unsaved automated-reply notice and Reset to Defaults, saving nothing', async ({
  page,
}) => {
  const conversation = page.getByRole('list', { name: 'Test conversation' });
  const ask = async () => {
    await page.getByLabel('Buyer message').fill('how much is the rose water face mist?');
    await page.getByRole('button', { name: 'Send test message' }).click();
    await expect(conversation).toContainText('$19.00');
  };

  await page.getByLabel('Communication Tone').selectOption('luxury');
  await page.getByRole('checkbox', { name: 'Tell buyers the first reply is automated' }).uncheck();
  await ask();
  await expect(conversation).not.toContainText('automated');

  // Reset to Defaults (Friendly, the notice on) reaches the preview before any Save.
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await ask();
  await expect(conversation).toContainText("Quick heads-up: I'm Luna Skincare's automated assistant.");
  await expect(conversation).not.toContainText('automated reply on behalf of');
  await expectAccessible(page);
});
