import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInWith, test } from './fixtures.ts';

type Json = Record<string, unknown>;
const api = async (page: Page, url: string) => {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as Json[];
};

test.describe('dashboard with the demo data', () => {
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'dashboard'));

  test('overview: greeting, stat cards that agree with the API, and the brands table', async ({ page }) => {
    await page.goto('/dashboard');
    const brands = await api(page, '/api/brands');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Dana!' })).toBeVisible();
    await expect(page.getByText("Here's what's happening with your brands today")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect New Brand' })).toBeVisible();
    const stat = (title: string) => page.getByRole('region', { name: title }).getByTestId('stat-value');
    await expect(stat('Total Brands')).toHaveText(String(brands.length));
    await expect(stat('Active Brands')).toHaveText(String(brands.filter((b) => b.active).length));
    await expect(stat('Instagram Connected')).toHaveText(
      String(brands.filter((b) => b.instagramConnected).length),
    );
    await expect(stat('Shopify Connected')).toHaveText(
      String(brands.filter((b) => b.shopifyConnected).length),
    );
    await expect(page.getByRole('heading', { name: 'Your Brands' })).toBeVisible();
    const headers = page.getByRole('columnheader');
    await expect(headers).toHaveText(['Brand Name', 'Username', 'Instagram', 'Shopify', 'Status']);
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(4);
    // Every demo brand has the sample Instagram account; only Luna has the sample store.
    await expect(rows.nth(1)).toContainText('Luna Skincare');
    await expect(rows.nth(1).getByRole('cell')).toHaveText([
      '@lunaskincare',
      '✓ Connected',
      '✓ Connected',
      'Active',
    ]);
    await expect(rows.nth(2).getByRole('cell')).toHaveText([
      '@urbanthreads.co',
      '✓ Connected',
      'Not Connected',
      'Active',
    ]);
    await expect(rows.nth(3).getByRole('cell')).toHaveText([
      '@peakoutdoorgear',
      '✓ Connected',
      'Not Connected',
      'Paused',
    ]);
    await expectAccessible(page);

    // `/` is the overview too.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Dana!' })).toBeVisible();
  });

  test('shell: sidebar groups, highlighting, collapse, footer, bell, and unbuilt screens fall to not-found', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const group of ['Main', 'Integrations', 'Configuration', 'Analytics', 'Settings']) {
      await expect(nav.getByRole('heading', { name: group })).toBeAttached();
    }
    const expected: [string, string][] = [
      ['Overview', '/dashboard'],
      ['Conversations', '/dashboard/conversations'],
      ['Brands', '/dashboard/brands'],
      ['Instagram', '/dashboard/instagram'],
      ['Shopify', '/dashboard/shopify'],
      ['Psychology Settings', '/dashboard/psychology'],
      ['Automation Rules', '/dashboard/automation'],
      ['Performance', '/dashboard/analytics'],
      ['Revenue', '/dashboard/revenue'],
      ['Profile', '/dashboard/settings/profile'],
      ['Billing', '/dashboard/settings/billing'],
      ['Team', '/dashboard/settings/team'],
      ['API Keys', '/dashboard/settings/api'],
      ['Webhooks', '/dashboard/settings/webhooks'],
    ];
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(expected.length);
    for (const [index, [name, href]] of expected.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(name);
      await expect(links.nth(index)).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByText('Professional Plan')).toBeVisible();
    // This month's real count (what the API sums) and the real bell (nothing notified for this account).
    const { answered } = (await (await page.request.get('/api/usage/summary')).json()) as {
      answered: number;
    };
    await expect(page.getByTestId('usage-count')).toHaveText(
      `${answered.toLocaleString('en-US')} / ∞ messages`,
    );
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);

    await nav.getByRole('link', { name: 'Brands' }).click();
    await expect(page).toHaveURL(/\/dashboard\/brands$/);
    await expect(nav.getByRole('link', { name: 'Brands' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');

    // Collapse with the keyboard: labels go, links stay usable by name; state survives navigation.
    const toggle = page.getByRole('button', { name: 'Collapse sidebar' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#dashboard-sidebar')).toHaveAttribute('data-state', 'collapsed');
    // Labels stay for screen readers only; the sidebar narrows to its icons.
    await expect(nav.getByText('Conversations', { exact: true })).toHaveClass(/sr-only/);
    await expect
      .poll(async () => (await page.locator('#dashboard-sidebar').boundingBox())?.width)
      .toBeLessThan(80);
    await expect(page.getByText('Professional Plan')).toBeHidden();
    await nav.getByRole('link', { name: 'Conversations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages & Comments' })).toBeVisible();
    await expect(page.locator('#dashboard-sidebar')).toHaveAttribute('data-state', 'collapsed');
    await expectAccessible(page);
    await expand.click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(nav.getByText('Conversations', { exact: true })).not.toHaveClass(/sr-only/);
    await expect
      .poll(async () => (await page.locator('#dashboard-sidebar').boundingBox())?.width)
      .toBeGreaterThan(200);

    await nav.getByRole('link', { name: 'Performance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
  });

  test('user menu: avatar initials, display name, items, sign-out link, no Admin item for a user', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const trigger = page.getByRole('button', { name: 'User menu for Dana Reyes' });
    await expect(trigger.getByTestId('avatar-initials')).toHaveText('DR');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Profile Settings',
      'Billing',
      'API Keys',
      'Help & Docs',
      'Sign Out',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings/profile',
    );
    await expect(menu.getByRole('menuitem', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/dashboard/settings/billing',
    );
    await expect(menu.getByRole('menuitem', { name: 'API Keys' })).toHaveAttribute(
      'href',
      '/dashboard/settings/api',
    );
    await expect(menu.getByRole('menuitem', { name: 'Help & Docs' })).not.toHaveAttribute('href', /.*/);
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
    // The open menu hides the rest of the page from assistive technology (Radix), so axe checks the menu.
    await expectAccessible(page, { exclude: ['#root'] });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('conversations: tabs with counts from the API, search, thread, inventory badges, composer', async ({
    page,
  }) => {
    await page.goto('/dashboard/conversations');
    const brands = await api(page, '/api/brands');
    const luna = brands[0]!;
    // The inbox opens on the open view: resolved and archived conversations are left out.
    const conversations = await api(page, `/api/brands/${luna.id}/conversations?status=open`);
    const comments = await api(page, `/api/brands/${luna.id}/comments`);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages & Comments' })).toBeVisible();
    await expect(page.getByLabel('Brand')).toHaveValue(luna.id as string);
    const dmTab = page.getByRole('tab', { name: /^DMs/ });
    const commentTab = page.getByRole('tab', { name: /^Comments/ });
    await expect(dmTab).toHaveText(`DMs (${conversations.length} open)`);
    await expect(commentTab).toHaveText(`Comments (${comments.length})`);
    await expect(page.getByText('Select a conversation to start messaging')).toBeVisible();

    const items = page.getByTestId('dm-item');
    await expect(items).toHaveCount(conversations.length);
    await expect(items.first()).toContainText(conversations[0]!.customerUsername as string);
    await expect(items.first()).toContainText('Click to view messages');
    await expect(items.first()).toContainText(conversations[0]!.status as string);
    // emma.glow: two characters after the first.
    await expect(items.first().getByTestId('avatar-initials')).toHaveText('MM');

    // Search is case-insensitive, DMs by customer username.
    const search = page.getByRole('searchbox', { name: 'Search conversations and comments' });
    await search.fill('EMMA');
    await expect(dmTab).toHaveText('DMs (1 open)');
    await search.fill('');

    // Open the first conversation with the keyboard.
    await items.first().focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { name: `Conversation with ${conversations[0]!.customerUsername}` }),
    ).toBeVisible();
    await expect(page.getByText('Brand: Luna Skincare')).toBeVisible();
    for (const name of ['Archive', 'Mark Resolved', 'Escalate'])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    const messages = await api(page, `/api/conversations/${conversations[0]!.id}/messages`);
    const bubbles = page.getByTestId('message');
    await expect(bubbles).toHaveCount(messages.length);
    await expect(page.getByTestId('inventory-badge')).toHaveCount(
      messages.filter((m) => m.inventoryChecked).length,
    );
    for (const [index, message] of messages.entries()) {
      await expect(bubbles.nth(index)).toHaveAttribute('data-sender', message.sender as string);
      await expect(bubbles.nth(index).getByTestId('inventory-badge')).toHaveCount(
        message.inventoryChecked ? 1 : 0,
      );
    }
    await expect(bubbles.filter({ hasText: 'Voicecart AI' })).toHaveCount(
      messages.filter((m) => m.sender !== 'customer').length,
    );
    // Customer on the left, the AI on the right.
    const customerBox = await bubbles.first().locator('div').first().boundingBox();
    const aiBox = await bubbles.nth(1).locator('div').first().boundingBox();
    expect(aiBox!.x).toBeGreaterThan(customerBox!.x);

    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toHaveAttribute('placeholder', 'Type your message...');
    await expect(page.getByRole('button', { name: 'Generate AI Response' })).toBeVisible();
    // The demo brand answers through its sample Instagram account and this buyer wrote minutes ago, so
    // Instagram's reply window is open and the composer with it, as the API says (the sample account's sends
    // stay on this machine; tests/e2e/dashboard-actions.spec.ts sends).
    const sendWindow = await api(page, `/api/conversations/${conversations[0]!.id}/send-window`);
    expect(sendWindow).toMatchObject({ allowed: true, humanAgentTag: false });
    await expect(composer).toBeEnabled();
    await expect(page.getByTestId('send-window')).toHaveCount(0);
    await expectAccessible(page);

    // Comments: Replied with the reply text, or New with a Reply button; search by content.
    await commentTab.click();
    const commentItems = page.getByTestId('comment-item');
    await expect(commentItems).toHaveCount(comments.length);
    await expect(commentItems.first()).toContainText('Replied');
    await expect(commentItems.first()).toContainText(`Your reply: ${comments[0]!.replyContent}`);
    await expect(commentItems.nth(1)).toContainText('New');
    await expect(commentItems.nth(1).getByRole('button', { name: /Reply/ })).toBeVisible();
    await search.fill('dry SKIN');
    await expect(commentTab).toHaveText('Comments (1)');
    await search.fill('GLOWGETTER');
    await expect(commentTab).toHaveText('Comments (1)');
    await search.fill('');
    await expectAccessible(page);

    // Another brand: its own lists; a conversation without messages.
    const peak = brands[2]!;
    await page.getByLabel('Brand').selectOption(peak.id as string);
    const peakConversations = await api(page, `/api/brands/${peak.id}/conversations?status=open`);
    await expect(dmTab).toHaveText(`DMs (${peakConversations.length} open)`);
    await dmTab.click();
    await page.getByTestId('dm-item').filter({ hasText: 'summit.sam' }).click();
    await expect(page.getByText('No messages in this conversation yet')).toBeVisible();
    await expect(page.getByText('Brand: Peak Outdoor Gear')).toBeVisible();
  });

  test('brands: cards, badges, integration states, search and its empty state', async ({ page }) => {
    await page.goto('/dashboard/brands');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Brands' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New Brand' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    const luna = cards.filter({ hasText: 'Luna Skincare' });
    await expect(luna).toContainText('@lunaskincare');
    // Luna's Instagram is the sample account; its store is the sample store, and says so (not "Shopify").
    await expect(luna).toContainText('Instagram Connected');
    await expect(luna).toContainText('Sample store Connected');
    await expect(luna).not.toContainText('Shopify Connected');
    await expect(luna).toContainText('✅ Active');
    await expect(luna.getByRole('switch', { name: 'Luna Skincare active' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(luna.getByText('Ready')).toHaveCount(2);
    await expect(luna.getByText('Awaiting credentials')).toHaveCount(0);
    const urban = cards.filter({ hasText: 'Urban Threads' });
    await expect(urban.getByText('Ready')).toHaveCount(1);
    await expect(urban.getByText('Awaiting credentials')).toHaveCount(1);
    const peak = cards.filter({ hasText: 'Peak Outdoor Gear' });
    await expect(peak).toContainText('Paused');
    await expect(peak.getByText('Instagram Not Connected')).toHaveCount(0);
    await expect(peak.getByText('Store Not Connected')).toHaveCount(1);
    await expect(peak.getByRole('switch', { name: 'Peak Outdoor Gear active' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(peak.getByRole('button', { name: 'Configure' })).toBeVisible();
    await expect(peak.getByRole('link', { name: 'Conversations of Peak Outdoor Gear' })).toBeVisible();
    await expectAccessible(page);

    const search = page.getByRole('searchbox', { name: 'Search brands by name or username' });
    await search.fill('URBANTHREADS');
    await expect(cards).toHaveCount(1);
    await search.fill('luna');
    await expect(cards).toHaveText([/Luna Skincare/]);
    await search.fill('zzz');
    await expect(page.getByText('No brands found matching "zzz"')).toBeVisible();
  });

  test('psychology settings: the form filled from the database, per brand', async ({ page }) => {
    await page.goto('/dashboard/psychology');
    const brands = await api(page, '/api/brands');
    const personality = (await (
      await page.request.get(`/api/brands/${brands[0]!.id}/personality`)
    ).json()) as Json;
    await expect(page.getByLabel('Brand Archetype')).toHaveValue(personality.archetype as string);
    await expect(page.getByLabel('Communication Tone')).toHaveValue(personality.tone as string);
    await expect(page.getByLabel('Brand Voice Description')).toHaveValue(
      personality.voiceDescription as string,
    );
    await expect(page.getByLabel('Example Responses')).toHaveValue(personality.exampleResponses as string);
    await expect(page.getByLabel('Brand Archetype').locator('option')).toHaveText([
      'Innocent',
      'Sage',
      'Explorer',
      'Outlaw',
      'Magician',
      'Hero',
      'Lover',
      'Jester',
      'Everyman',
      'Caregiver',
      'Ruler',
      'Creator',
    ]);
    await expect(page.getByLabel('Communication Tone').locator('option')).toHaveText([
      'Professional',
      'Friendly',
      'Enthusiastic',
      'Empathetic',
      'Witty',
      'Luxury',
    ]);
    await expect(page.getByRole('button', { name: 'Reset to Defaults' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Brand', { exact: true }).selectOption(brands[1]!.id as string);
    await expect(page.getByLabel('Brand Archetype')).toHaveValue('outlaw');
    await expect(page.getByLabel('Communication Tone')).toHaveValue('witty');
  });

  test('automation rules: the three samples from the database and the create form', async ({ page }) => {
    await page.goto('/dashboard/automation');
    const brands = await api(page, '/api/brands');
    const rules = await api(page, `/api/brands/${brands[0]!.id}/automation-rules`);
    const items = page.getByTestId('rule');
    await expect(items).toHaveCount(3);
    // Listed in the order they are tried, which need not be the API's order.
    for (const rule of rules) {
      const item = items.filter({ hasText: rule.name as string });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(rule.trigger as string);
      await expect(item.getByRole('switch')).toHaveAttribute('aria-checked', String(rule.active));
      await expect(item.getByRole('button', { name: `Edit ${rule.name}` })).toBeVisible();
      await expect(item.getByRole('button', { name: `Delete ${rule.name}` })).toBeVisible();
    }
    await expect(page.getByText('🔥')).toBeVisible();
    await expect(page.getByText(/9am-6pm PST/)).toBeVisible();
    await page.getByRole('button', { name: 'Create Custom Rule' }).click();
    const form = page.getByRole('form', { name: 'Create Custom Rule' });
    for (const label of ['Rule Name', 'Trigger Condition', 'Action to Perform'])
      await expect(form.getByLabel(label)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save Rule' })).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  });

  test('a failed request shows what failed and retries; loading is announced', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/brands?*', async (route) => {
      calls += 1;
      if (calls === 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Database is busy' }),
        });
      } else {
        await route.continue();
      }
    });
    await page.goto('/dashboard/brands');
    await expect(page.getByRole('status').filter({ hasText: 'Loading your brands...' })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load your brands' });
    await expect(alert).toContainText('Database is busy');
    await expectAccessible(page);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('article')).toHaveCount(3);

    await page.route('**/api/conversations/*/messages?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Internal Server Error' }),
      }),
    );
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Conversations' })
      .click();
    await page.getByTestId('dm-item').first().click();
    const messageAlert = page.getByRole('alert').filter({ hasText: 'Could not load the messages' });
    await expect(messageAlert).toBeVisible();
    await page.unroute('**/api/conversations/*/messages?*');
    await messageAlert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('message').first()).toBeVisible();
  });
});

test.describe('dashboard for a verified user without brands', () => {
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'empty'));

  test('overview, brands and conversations show their empty states', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, sam.empty!' })).toBeVisible();
    await expect(page.getByText('No brands connected yet')).toBeVisible();
    await expect(
      page.getByText('Connect your first brand to start automating Instagram DM conversations'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Your First Brand' })).toBeVisible();
    for (const title of ['Total Brands', 'Active Brands', 'Instagram Connected', 'Shopify Connected']) {
      await expect(page.getByRole('region', { name: title }).getByTestId('stat-value')).toHaveText('0');
    }
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto('/dashboard/brands');
    await expect(page.getByText('No brands yet')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/dashboard/conversations');
    await expect(page.getByText('No brands yet')).toBeVisible();
  });

  test('an admin sees the Admin item in the user menu; no name means email initials', async ({ page }) => {
    await page.goto('/dashboard');
    const trigger = page.getByRole('button', { name: 'User menu for sam.empty@e2e.voicecart.test' });
    await expect(trigger.getByTestId('avatar-initials')).toHaveText('SA');
    await trigger.click();
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});
