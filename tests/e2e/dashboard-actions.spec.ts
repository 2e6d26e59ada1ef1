import type { Page } from '@playwright/test';
import { commentPayload } from '#tests/fakes/instagram-graph.ts';
import { expect, expectAccessible, postInstagramWebhook, signInWith, test } from './fixtures.ts';

/**
 * Every dashboard button does what it says. Alex (global-setup) has a copy of the demo data of their
 * own, so these writes never disturb the read-only specs. Sends go through the real Instagram channel to the fake
 * Graph server; drafts come from the assistant (the embedded composer over the sample store).
 */

type Json = Record<string, unknown>;
const getJson = async <T = Json[]>(page: Page, url: string): Promise<T> => {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
};
const brandNamed = async (page: Page, name: string) =>
  (await getJson(page, '/api/brands')).find((brand) => brand.name === name)!;
const expectToast = (page: Page, text: string) =>
  expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .filter({ hasText: text }),
  ).toBeVisible();

test.describe.configure({ mode: 'serial' });

test.describe('dashboard actions', () => {
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'actions'));

  test('brands: create from each button, configure, pause and resume, delete, open conversations', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Connect New Brand' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Brand' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto('/dashboard/brands');
    await page.getByRole('button', { name: 'Add New Brand' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Brand' });
    await dialog.getByLabel('Brand Name').fill('Moss & Stone');
    await dialog.getByLabel('Instagram Username').fill('moss stone!');
    await dialog.getByRole('button', { name: 'Create Brand' }).click();
    await expect(
      dialog.getByText('Instagram Username may contain only letters, digits, . and _'),
    ).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Instagram Username').fill('@Moss.Stone');
    await dialog.getByRole('button', { name: 'Create Brand' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Brand created');
    const card = page.getByRole('article').filter({ hasText: 'Moss & Stone' });
    await expect(card).toContainText('@moss.stone');
    expect(await brandNamed(page, 'Moss & Stone')).toMatchObject({ username: 'moss.stone', active: true });

    // Configure: rename, then delete behind the typed name.
    await card.getByRole('button', { name: 'Configure Moss & Stone' }).click();
    dialog = page.getByRole('dialog', { name: 'Configure Moss & Stone' });
    await expect(dialog.getByRole('link', { name: 'Instagram connection' })).toHaveAttribute(
      'href',
      '/dashboard/instagram',
    );
    await expect(dialog.getByRole('link', { name: 'Store connection' })).toHaveAttribute(
      'href',
      '/dashboard/shopify',
    );
    await expectAccessible(page);
    await dialog.getByLabel('Brand Name').fill('Moss and Stone');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article').filter({ hasText: 'Moss and Stone' })).toBeVisible();
    const renamed = page.getByRole('article').filter({ hasText: 'Moss and Stone' });
    await renamed.getByRole('button', { name: 'Configure Moss and Stone' }).click();
    dialog = page.getByRole('dialog', { name: 'Configure Moss and Stone' });
    await dialog.getByRole('button', { name: 'Delete Brand' }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Delete Moss and Stone?' });
    const confirmDelete = confirmation.getByRole('button', { name: 'Delete Brand Permanently' });
    await expect(confirmDelete).toBeDisabled();
    await confirmation.getByLabel('Type Moss and Stone to confirm').fill('Moss and');
    await expect(confirmDelete).toBeDisabled();
    await confirmation.getByLabel('Type Moss and Stone to confirm').fill('Moss and Stone');
    await expectAccessible(page);
    await confirmDelete.click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Brand deleted');
    await expect(page.getByRole('article')).toHaveCount(3);
    expect((await getJson(page, '/api/brands')).map((brand) => brand.name)).not.toContain('Moss and Stone');

    // The card's toggle pauses and resumes.
    const urban = page.getByRole('article').filter({ hasText: 'Urban Threads' });
    const toggle = urban.getByRole('switch', { name: 'Urban Threads active' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(urban).toContainText('Paused');
    await expectToast(page, 'Brand paused');
    await expect.poll(async () => (await brandNamed(page, 'Urban Threads')).active).toBe(false);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => (await brandNamed(page, 'Urban Threads')).active).toBe(true);

    // "Conversations" opens Messages & Comments on that brand.
    await urban.getByRole('link', { name: 'Conversations of Urban Threads' }).click();
    await expect(page).toHaveURL(/\/dashboard\/conversations\?brand=/);
    await expect(page.getByLabel('Brand', { exact: true })).toHaveValue(
      (await brandNamed(page, 'Urban Threads')).id as string,
    );
    // Other specs may add conversations to this brand (live arrivals), so look for the seeded one by name.
    await expect(page.getByTestId('dm-item').filter({ hasText: 'jake.streetwear' })).toBeVisible();
  });

  test('personality: save, reset to defaults (saved only by Save), and ask before leaving unsaved', async ({
    page,
  }) => {
    await page.goto('/dashboard/psychology');
    const luna = await brandNamed(page, 'Luna Skincare');
    await page.getByLabel('Communication Tone').selectOption('luxury');
    await page.getByLabel('Brand Voice Description').fill('Warm, expert, never pushy.');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved');
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    expect(await getJson(page, `/api/brands/${luna.id}/personality`)).toMatchObject({
      tone: 'luxury',
      voiceDescription: 'Warm, expert, never pushy.',
      saved: true,
    });

    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect(page.getByLabel('Brand Archetype')).toHaveValue('everyman');
    await expect(page.getByLabel('Communication Tone')).toHaveValue('friendly');
    await expect(page.getByLabel('Brand Voice Description')).toHaveValue('');
    await expect(page.getByLabel('Example Responses')).toHaveValue('');
    expect(await getJson(page, `/api/brands/${luna.id}/personality`)).toMatchObject({ tone: 'luxury' });
    await expectAccessible(page);

    // Leaving asks first: dismissing stays, accepting leaves without saving.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await nav.getByRole('link', { name: 'Automation Rules' }).click();
    await expect(page).toHaveURL(/\/dashboard\/psychology$/);
    expect(questions).toEqual(['You have unsaved changes to the personality. Leave without saving?']);
    page.once('dialog', (dialog) => void dialog.accept());
    await nav.getByRole('link', { name: 'Automation Rules' }).click();
    await expect(page).toHaveURL(/\/dashboard\/automation$/);
    expect(await getJson(page, `/api/brands/${luna.id}/personality`)).toMatchObject({ tone: 'luxury' });

    // Reset then Save stores the defaults.
    await page.goto('/dashboard/psychology');
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved');
    expect(await getJson(page, `/api/brands/${luna.id}/personality`)).toMatchObject({
      archetype: 'everyman',
      tone: 'friendly',
      voiceDescription: '',
      exampleResponses: '',
    });
  });

  test('personality: the automated-reply notice is part of the form, saved by Save, kept after a reload', async ({
    page,
  }) => {
    await page.goto('/dashboard/psychology');
    const luna = await brandNamed(page, 'Luna Skincare');
    const settingsUrl = `/api/brands/${luna.id}/assistant/settings`;
    const notice = page.getByRole('checkbox', { name: 'Tell buyers the first reply is automated' });
    await expect(notice).toBeChecked();
    expect(await getJson(page, settingsUrl)).toEqual({ discloseAutomation: true });

    // From the keyboard; it is an unsaved change like the others, so leaving asks first.
    await notice.focus();
    await page.keyboard.press('Space');
    await expect(notice).not.toBeChecked();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expectAccessible(page);
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Automation Rules' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/psychology$/);
    expect(questions).toHaveLength(1);

    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved');
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    expect(await getJson(page, settingsUrl)).toEqual({ discloseAutomation: false });
    await page.reload();
    await expect(notice).not.toBeChecked();
    await expect(page.getByText('Unsaved changes')).toBeHidden();

    // Reset to Defaults turns it back on in the form only; Save stores it.
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect(notice).toBeChecked();
    expect(await getJson(page, settingsUrl)).toEqual({ discloseAutomation: false });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved');
    expect(await getJson(page, settingsUrl)).toEqual({ discloseAutomation: true });
    await page.reload();
    await expect(notice).toBeChecked();
  });

  test('rules: create from a structured trigger and action, edit, toggle, delete; Cancel clears', async ({
    page,
  }) => {
    await page.goto('/dashboard/automation');
    const luna = await brandNamed(page, 'Luna Skincare');
    await page.getByRole('button', { name: 'Create Custom Rule' }).click();
    let form = page.getByRole('form', { name: 'Create Custom Rule' });
    await form.getByLabel('Rule Name').fill('Will be cleared');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await page.getByRole('button', { name: 'Create Custom Rule' }).click();
    await expect(form.getByLabel('Rule Name')).toHaveValue('');

    await form.getByLabel('Rule Name').fill('Size questions');
    await form.getByLabel('Trigger Condition').selectOption('dm_keyword');
    await form.getByLabel('Keywords').fill('size, fit');
    await form.getByLabel('Action to Perform').selectOption('fixed_text');
    await form.getByLabel('Reply text').fill('Our size guide: {product_link}');
    await expect(form.getByTestId('rule-preview')).toContainText(
      'Trigger: A message contains "size" or "fit"',
    );
    await expect(form.getByTestId('rule-preview')).toContainText(
      'Action: Reply: "Our size guide: {product_link}"',
    );
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save Rule' }).click();
    await expect(form).toBeHidden();
    await expectToast(page, 'Rule created');
    const rule = page.getByTestId('rule').filter({ hasText: 'Size questions' });
    await expect(rule).toContainText('A message contains "size" or "fit"');

    await rule.getByRole('button', { name: 'Edit Size questions' }).click();
    form = page.getByRole('form', { name: 'Edit Size questions' });
    await expect(form.getByLabel('Rule Name')).toHaveValue('Size questions');
    await expect(form.getByLabel('Trigger Condition')).toHaveValue('dm_keyword');
    await expect(form.getByLabel('Keywords')).toHaveValue('size, fit');
    await form.getByLabel('Rule Name').fill('Sizing help');
    await form.getByLabel('Action to Perform').selectOption('hand_off');
    await form.getByRole('button', { name: 'Save Rule' }).click();
    await expect(form).toBeHidden();
    const edited = page.getByTestId('rule').filter({ hasText: 'Sizing help' });
    await expect(edited).toContainText('Hand the conversation to a person');

    const toggle = edited.getByRole('switch', { name: 'Sizing help active' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect
      .poll(async () =>
        (await getJson(page, `/api/brands/${luna.id}/automation-rules`)).find(
          (r) => r.name === 'Sizing help',
        ),
      )
      .toMatchObject({ active: false, actionConfig: { type: 'hand_off' } });

    await edited.getByRole('button', { name: 'Delete Sizing help' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this rule?' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete Rule' }).click();
    await expect(page.getByTestId('rule').filter({ hasText: 'Sizing help' })).toHaveCount(0);
    await expect(page.getByTestId('rule')).toHaveCount(3);
  });

  test('conversations: search and counts, archive, resolve, escalate, hand back', async ({ page }) => {
    await page.goto('/dashboard/conversations');
    const dms = page.getByRole('tab', { name: /^DMs/ });
    // The open view first (resolved and archived left out), then every status.
    await expect(dms).toHaveText(/^DMs \(\d+ open\)$/);
    await page.getByLabel('Status').selectOption('');
    await expect(dms).toHaveText('DMs (12)');
    await page.getByRole('searchbox', { name: 'Search conversations and comments' }).fill('EMMA');
    await expect(dms).toHaveText('DMs (1)');
    await expect(page.getByTestId('dm-item')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search conversations and comments' }).fill('');
    await page.getByLabel('Status').selectOption('escalated');
    await expect(dms).toHaveText('DMs (1 escalated)');
    await expect(page.getByTestId('dm-item')).toContainText('olivia_rose');
    await page.getByLabel('Status').selectOption('');
    await expect(dms).toHaveText('DMs (12)');

    await page.getByTestId('dm-item').filter({ hasText: 'mia.skin' }).click();
    const thread = page.getByRole('region', { name: 'Conversation with mia.skin' });
    const status = thread.getByTestId('thread-status');
    await thread.getByRole('button', { name: 'Escalate' }).click();
    await expect(status).toContainText('escalated');
    await expectToast(page, 'Conversation escalated');
    await thread.getByRole('button', { name: 'Hand back to AI' }).click();
    await expect(status).toContainText('active');
    await expect(thread.getByRole('button', { name: 'Hand back to AI' })).toBeHidden();
    await thread.getByRole('button', { name: 'Archive' }).click();
    await expect(status).toContainText('archived');
    await thread.getByRole('button', { name: 'Mark Resolved' }).click();
    await expect(status).toContainText('resolved');
    await expect(page.getByTestId('dm-item').filter({ hasText: 'mia.skin' })).toContainText('resolved');
    await expectAccessible(page);
  });

  test('a conversation Instagram cannot be answered in says why before typing; Generate AI Response fills the composer', async ({
    page,
  }) => {
    // abigail.s last wrote more than a day ago: past Instagram's 24-hour window, and this server does not mark
    // replies with the Human Agent tag that would stretch it, so the channel refuses.
    await page.goto('/dashboard/conversations');
    await page.getByTestId('dm-item').filter({ hasText: 'abigail.s' }).click();
    const thread = page.getByRole('region', { name: 'Conversation with abigail.s' });
    const composer = thread.getByPlaceholder('Type your message...');
    await expect(thread.getByTestId('send-window')).toHaveText(
      /^You can't reply here right now\. The customer’s last message is more than 24 hours old\. Instagram then takes a reply for up to 7 days only marked as from a person/,
    );
    await expect(composer).toBeDisabled();
    await expect(thread.getByRole('button', { name: 'Send' })).toBeDisabled();
    const before = await thread.getByTestId('message').count();
    await thread.getByRole('button', { name: 'Generate AI Response' }).click();
    // The assistant's draft of a reply to the buyer's last message: written into the composer, not sent.
    await expect(composer).toHaveValue(/\S/);
    await expect(thread.getByTestId('message')).toHaveCount(before);
    await expectAccessible(page);
  });

  test('through Instagram: a DM and a comment arrive live by webhook; the reply, public and private replies go to Graph', async ({
    page,
  }) => {
    const urban = await brandNamed(page, 'Urban Threads');
    const accountId = process.env.E2E_ACTIONS_INSTAGRAM_ACCOUNT_ID!;
    const connect = await page.request.put(`/api/brands/${urban.id}/instagram`, {
      data: { accountId, accessToken: process.env.E2E_ACTIONS_INSTAGRAM_TOKEN! },
    });
    expect(connect.status()).toBe(200);

    await page.goto(`/dashboard/conversations?brand=${urban.id}`);
    await expect(page.getByTestId('dm-item').first()).toBeVisible();
    const webhook = (payload: unknown) => postInstagramWebhook(page.request, payload);

    // A DM arrives through the signed webhook: the open list shows it without a reload.
    await webhook({
      object: 'instagram',
      entry: [
        {
          id: accountId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: 'e2e-live-buyer' },
              recipient: { id: accountId },
              timestamp: Date.now(),
              message: { mid: `mid.e2e.${Date.now()}`, text: 'Is the denim jacket in stock in M?' },
            },
          ],
        },
      ],
    });
    const liveItem = page.getByTestId('dm-item').filter({ hasText: 'live.buyer' });
    await expect(liveItem).toBeVisible({ timeout: 15_000 });
    await liveItem.click();
    const thread = page.getByRole('region', { name: 'Conversation with live.buyer' });
    await expect(thread.getByText('Is the denim jacket in stock in M?')).toBeVisible();

    // A person replies; the channel sends it through the (fake) Graph API and stores it as the team's.
    const composer = thread.getByPlaceholder('Type your message...');
    await expect(composer).toBeEnabled();
    await composer.fill('Yes! Size M is in stock, I will send you the link.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Your reply was sent on Instagram.');
    await expect(thread.locator('[data-testid="message"][data-sender="agent"]')).toContainText(
      'Yes! Size M is in stock, I will send you the link.',
    );
    await expect(thread.getByTestId('thread-status')).toContainText('handled by your team');
    await thread.getByRole('button', { name: 'Hand back to AI' }).click();
    await expect(thread.getByTestId('thread-status')).not.toContainText('handled by your team');

    // Two comments arrive on the open screen; one gets a public reply, the other a private one. Neither is one
    // the assistant answers by itself (no 🔥 rule match, and this brand has no store for product questions).
    await page.getByRole('tab', { name: /^Comments/ }).click();
    for (const [id, text] of [
      ['e2e-comment-public', 'Love this jacket 😍'],
      ['e2e-comment-private', 'How much is it?'],
    ] as const) {
      await webhook(
        commentPayload(accountId, {
          id,
          text,
          from: { id: `from-${id}`, username: 'jacket.fan' },
          media: { id: 'e2e-media' },
        }),
      );
    }
    const publicItem = page.getByTestId('comment-item').filter({ hasText: 'Love this jacket 😍' });
    await expect(publicItem).toBeVisible({ timeout: 15_000 });
    await publicItem.getByRole('button', { name: 'Reply to jacket.fan' }).click();
    const publicForm = publicItem.getByRole('form', { name: 'Reply to jacket.fan' });
    await expect(publicForm.getByLabel('Public reply')).toBeChecked();
    await expectAccessible(page);
    await publicForm.getByLabel('Your reply to jacket.fan').fill('Thank you! 💙');
    await publicForm.getByRole('button', { name: 'Send Reply' }).click();
    await expectToast(page, 'Your reply is public under the post.');
    await expect(publicItem).toContainText('Your reply: Thank you! 💙');
    await expect(publicItem).toContainText('Replied');

    const privateItem = page.getByTestId('comment-item').filter({ hasText: 'How much is it?' });
    await expect(privateItem).toBeVisible({ timeout: 15_000 });
    await privateItem.getByRole('button', { name: 'Reply to jacket.fan' }).click();
    const privateForm = privateItem.getByRole('form', { name: 'Reply to jacket.fan' });
    await privateForm.getByLabel('Private reply (DM)').check();
    await privateForm.getByLabel('Your reply to jacket.fan').fill('It is $89, sent you the link!');
    await privateForm.getByRole('button', { name: 'Send Reply' }).click();
    await expectToast(page, 'The commenter got your reply as a DM.');
    await expect(privateItem).toContainText('Your reply: It is $89, sent you the link!');

    // A brand created elsewhere shows up in the brand picker without a reload.
    await page.request.post('/api/brands', { data: { name: 'Live Arrival', username: 'live.arrival' } });
    await expect(
      page.getByLabel('Brand', { exact: true }).locator('option', { hasText: 'Live Arrival' }),
    ).toHaveCount(1);
  });
});
