import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInWith, test } from './fixtures.ts';

/**
 * Words a person understands and statuses that tell the truth, on a phone and on a laptop: refusals as sentences,
 * the trace's steps and the composer's note in plain words, "Install with Shopify" on a server without a Shopify
 * app, the brand card's badges, a second brand for one Instagram account, a brand without a store, a sold-out
 * option without a checkout link, and the chosen brand kept from screen to screen. Dana's demo data
 * (global-setup) is only read here: nothing is created, so the other specs' counts stay as they are.
 */

/** Schema wording that must never reach a person. */
const schemaWording = /Invalid body|Too small|expected string|>=|shopDomain|body\//;

const sizes = [
  { name: 'a 390 × 844 phone', width: 390, height: 844, isPhone: true },
  { name: 'a 1440 × 900 laptop', width: 1440, height: 900, isPhone: false },
] as const;

for (const size of sizes) {
  test.describe(`plain words and true statuses on ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'dashboard'));

    /** Moves to another screen as a person does: through the sidebar (a drawer on a phone). */
    async function goThroughSidebar(page: Page, link: string) {
      if (size.isPhone) await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: link, exact: true })
        .click();
      await expect(page.locator('#dashboard-sidebar')).toBeVisible({ visible: !size.isPhone });
    }

    const brandSelect = (page: Page) => page.getByRole('combobox', { name: 'Brand', exact: true });
    const chosenBrandName = (page: Page) =>
      brandSelect(page).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');

    test('refusals are sentences: an empty comment reply, a shop address that is not Shopify, Install with Shopify without an app', async ({
      page,
    }) => {
      await page.goto('/dashboard/conversations');
      await page.getByRole('tab', { name: /^Comments/ }).click();
      await page.getByRole('button', { name: 'Reply to skin.by.sara' }).click();
      const form = page.getByRole('form', { name: 'Reply to skin.by.sara' });
      await form.getByRole('textbox').fill('   ');
      await form.getByRole('button', { name: 'Send Reply' }).click();
      // The contract's own sentence, linked to the field it is about.
      await expect(form.getByRole('textbox')).toHaveAccessibleDescription('Write a reply first.');
      await expect(form.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page);

      await goThroughSidebar(page, 'Shopify');
      await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
      // Urban Threads has no store: the connect forms show.
      await brandSelect(page).selectOption({ label: 'Urban Threads' });
      const connect = page.getByRole('form', { name: 'Connect a store' });
      await connect.getByLabel('Shop domain').fill('urbanthreads.com');
      await connect.getByLabel('Admin API access token').fill('shpat_not_checked');
      await connect.getByRole('button', { name: 'Connect Shopify' }).click();
      // Refused at the field, before anything is sent, in the contract's own sentence.
      const shopDomain = connect.getByLabel('Shop domain');
      await expect(shopDomain).toHaveAttribute('aria-invalid', 'true');
      await expect(shopDomain).toHaveAccessibleDescription(
        "That doesn't look like a Shopify address: use your-shop.myshopify.com",
      );
      await expect(connect.getByText(/doesn't look like a Shopify address/)).not.toHaveText(schemaWording);
      await expectAccessible(page);

      // One-click install on a server with no Shopify app: back on this page, which says so in words.
      await connect.getByLabel('Shop domain').fill('urbanthreads.myshopify.com');
      await connect.getByRole('button', { name: 'Install with Shopify instead' }).click();
      await expect(page).toHaveURL(/\/dashboard\/shopify\?brand=[0-9a-f-]+&install=unavailable$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Install with Shopify is not set up on this server' }),
      ).toHaveText(/^Install with Shopify is not set up on this server: it needs a Shopify app/);
      await expect(page.locator('body')).not.toContainText('"code"');
      // Back on the brand it was started for.
      expect(await chosenBrandName(page)).toBe('Urban Threads');
      await expectAccessible(page);
    });

    test("the trace names its steps in words; the composer says in English why it can't send", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.goto('/dashboard/psychology');
      await brandSelect(page).selectOption({ label: 'Luna Skincare' });
      const playground = page.getByRole('region', { name: 'Try the assistant' });
      await playground
        .getByLabel('Buyer message')
        .fill('is the classic pullover hoodie in M black in stock?');
      await playground.getByRole('button', { name: 'Send test message' }).click();
      await expect(playground.getByRole('heading', { name: 'Why this reply' })).toBeVisible({
        timeout: 20_000,
      });
      const time = playground.getByRole('definition').last();
      await expect(time).toContainText('Output checks');
      await expect(time).toContainText('Writing the reply');
      await expect(time).not.toContainText(/outputGuards|understanding \d|compose \d/);
      await expectAccessible(page);

      // Peak is paused, so nothing is sent in its conversations: the note says so in a sentence.
      await goThroughSidebar(page, 'Conversations');
      await brandSelect(page).selectOption({ label: 'Peak Outdoor Gear' });
      await page.getByTestId('dm-item').filter({ hasText: 'alpine.jo' }).click();
      const thread = page.getByRole('region', { name: 'Conversation with alpine.jo' });
      const note = thread.getByTestId('send-window');
      await expect(note).toHaveText(
        "You can't reply here right now. The brand is paused: nothing is sent for it.",
      );
      await expect(thread.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
        "You can't reply here right now. The brand is paused: nothing is sent for it.",
      );
      await expect(note).not.toHaveText(/window|tag|INSTAGRAM_|[a-z][A-Z]/);
      await expectAccessible(page);
    });

    test('statuses: badges name their integration and the sample account and store; one Instagram account, one brand', async ({
      page,
    }) => {
      await page.goto('/dashboard/brands');
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(3);
      const card = (name: string) => cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
      // The demo brands have the sample Instagram account, and the card says it is the sample one (Peak Outdoor
      // Gear's is replaced and then disconnected by instagram.spec.ts, which may run first).
      for (const name of ['Luna Skincare', 'Urban Threads']) {
        await expect(card(name).getByText('Instagram Connected · Sample account')).toBeVisible();
        await expect(card(name).getByText('Sample Instagram account')).toBeVisible();
        await expect(card(name)).not.toContainText('Not Connected Not Connected');
      }
      await expect(card('Luna Skincare').getByText('Sample store Connected')).toBeVisible();
      await expect(card('Luna Skincare')).not.toContainText('Shopify');
      // No store: the badge names which integration is missing.
      await expect(card('Urban Threads').getByText('Store Not Connected')).toBeVisible();
      await expect(card('Urban Threads').getByText('Awaiting credentials')).toHaveCount(1);
      await expectAccessible(page);

      // A second brand with Luna's Instagram username, typed as people do: refused, naming the brand that has it.
      await page.getByRole('button', { name: 'Add New Brand' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Brand' });
      await dialog.getByLabel('Brand Name').fill('Luna Again');
      await dialog.getByLabel('Instagram Username').fill('@LunaSkincare');
      await dialog.getByRole('button', { name: 'Create Brand' }).click();
      // In the dialog being typed in (a toast behind a modal is hidden from screen readers and soon gone).
      await expect(dialog.getByRole('alert')).toHaveText(
        '@lunaskincare is already the Instagram account of your brand "Luna Skincare". Each brand needs its own account.',
      );
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(cards).toHaveCount(3);
    });

    test('a brand without a store is warned where its assistant is set up; a sold-out option gets no checkout link', async ({
      page,
    }) => {
      await page.goto('/dashboard/psychology');
      await brandSelect(page).selectOption({ label: 'Urban Threads' });
      const warning = page.getByRole('note').filter({ hasText: 'no store connected' });
      await expect(warning).toHaveText(
        'Urban Threads has no store connected, so buyers will hear that nothing is in stock. Connect a store or use the sample store.',
      );
      await brandSelect(page).selectOption({ label: 'Luna Skincare' });
      await expect(warning).toHaveCount(0);
      await brandSelect(page).selectOption({ label: 'Urban Threads' });
      await expectAccessible(page);
      await warning.getByRole('link', { name: 'Connect a store or use the sample store' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();

      await brandSelect(page).selectOption({ label: 'Luna Skincare' });
      const find = page.getByRole('region', { name: 'Find a product' });
      await find.getByLabel('Buyer text').fill('classic pullover hoodie M navy');
      await find.getByRole('button', { name: 'Find' }).click();
      await expect(find.getByText(/^Stock \(.*\): out of stock/)).toBeVisible({ timeout: 15_000 });
      await expect(find.getByText('No checkout link: this option is sold out')).toBeVisible();
      await expect(find.getByText(/^Checkout link/)).toHaveCount(0);
      await expect(find.getByRole('link')).toHaveCount(0);
      await expectAccessible(page);

      // The same product in stock does get its link.
      await find.getByLabel('Buyer text').fill('classic pullover hoodie M black');
      await find.getByRole('button', { name: 'Find' }).click();
      await expect(find.getByText(/^Stock \(.*\): in stock/)).toBeVisible({ timeout: 15_000 });
      await expect(find.getByRole('link')).toHaveAttribute('href', /^https?:\/\//);
    });

    test('the brand chosen on one screen stays chosen on the next', async ({ page }) => {
      await page.goto('/dashboard/psychology');
      await expect(brandSelect(page)).toBeVisible();
      expect(await chosenBrandName(page)).toBe('Luna Skincare');
      await brandSelect(page).selectOption({ label: 'Peak Outdoor Gear' });

      for (const [link, heading] of [
        ['Automation Rules', 'Automation Rules'],
        ['Conversations', 'Messages & Comments'],
        ['Shopify', 'Store'],
        ['Psychology Settings', 'Psychology Settings'],
      ] as const) {
        await goThroughSidebar(page, link);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(brandSelect(page)).toBeVisible();
        expect(await chosenBrandName(page), link).toBe('Peak Outdoor Gear');
      }
      // A choice made on another screen carries back the same way.
      await goThroughSidebar(page, 'Conversations');
      await brandSelect(page).selectOption({ label: 'Urban Threads' });
      await expect(page.getByTestId('dm-item').filter({ hasText: 'jake.streetwear' })).toBeVisible();
      await goThroughSidebar(page, 'Automation Rules');
      await expect(brandSelect(page)).toBeVisible();
      expect(await chosenBrandName(page)).toBe('Urban Threads');
      await expectAccessible(page);
    });
  });
}
