import { startWebhookReceiver, type FakeWebhookReceiver } from '../fakes/webhook-receiver.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, signInWith, test } from './fixtures.ts';

/** Settings → Webhooks (decision 049): an endpoint pointed at a receiver this spec starts on 127.0.0.1. */

let receiver: FakeWebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

test.describe('Webhooks screen', () => {
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'empty'));

  test('adds an endpoint, sends a signed test event, shows it in the log, turns off and deletes', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'Add endpoint' });
    // The server's address guard answers in words.
    await form.getByLabel('Endpoint URL').fill('http://hooks.example.com/in');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByRole('alert')).toHaveText('The address must use https');

    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByRole('checkbox', { name: /order\.attributed/ }).uncheck();
    await form.getByRole('button', { name: 'Add endpoint' }).press('Enter');
    const card = page.getByRole('listitem').filter({ hasText: receiver.url });
    await expect(card.getByText('Signing secret: copy it now, it is not shown again.')).toBeVisible();
    const secret = (await card.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    receiver.secret = secret;
    await expect(card).toContainText(
      'message.received, reply.sent, conversation.escalated, conversation.resolved',
    );
    await expectAccessible(page);

    const before = receiver.received.length;
    await card.getByRole('button', { name: 'Send test event' }).click();
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(delivery!.verified).toBe(true);
    expect(delivery!.json.type).toBe('webhook.test');
    expect(delivery!.headers['x-voicecart-event']).toBe('webhook.test');

    await card.getByRole('button', { name: 'Show deliveries' }).click();
    const log = card.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(row).toContainText('Delivered');
    await expect(row.getByRole('cell').nth(2)).toHaveText('200');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await card.getByRole('button', { name: 'Done' }).click();
    await expect(card.getByTestId('webhook-secret')).toHaveCount(0);
    await expectAccessible(page);

    // At phone width the page does not scroll sideways (the log scrolls inside its own box).
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByText('Turned off', { exact: true })).toBeVisible();
    await expect(card.getByText('Turned off by a person.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(card.getByText('On', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
  });
});
