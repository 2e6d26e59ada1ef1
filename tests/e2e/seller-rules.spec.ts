import type { Page } from '@playwright/test';
import { commentPayload } from '#tests/fakes/instagram-graph.ts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  postInstagramWebhook,
  signInWith,
  test,
} from './fixtures.ts';

/**
 * Comment-to-DM rules as a seller uses them, at a laptop and a phone size: a rule made in the form for one reel
 * and one product, a bare 🔥 on that reel answered with that product's DM once (Instagram delivers it twice), the
 * order rules are tried in, the warning when one hides another, "test this rule", and the 30-day count.
 * Its own user and brand (global-setup), so no other spec's figures move.
 */
const reel = '17900000000000777';

const commentOn = (mediaId: string, id: string, text: string, from: string) =>
  commentPayload(process.env.E2E_RULES_INSTAGRAM_ACCOUNT_ID!, {
    id,
    text,
    from: { id: from, username: from },
    media: { id: mediaId, media_product_type: 'REELS' },
  });

/** The rules user's one brand, with Instagram and the sample store: made once, kept for both sizes. */
async function rulesBrand(page: Page): Promise<string> {
  const list = (await (await page.request.get('/api/brands')).json()) as { id: string; name: string }[];
  const existing = list.find((brand) => brand.name === 'Rita Rules Shop');
  if (existing) return existing.id;
  const created = await page.request.post('/api/brands', {
    data: { name: 'Rita Rules Shop', username: 'rita.rules.shop' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(
    (
      await page.request.put(`/api/brands/${id}/instagram`, {
        data: {
          accountId: process.env.E2E_RULES_INSTAGRAM_ACCOUNT_ID!,
          accessToken: process.env.E2E_RULES_INSTAGRAM_TOKEN!,
        },
      })
    ).status(),
  ).toBe(200);
  expect((await page.request.put(`/api/brands/${id}/store`, { data: { platform: 'sample' } })).status()).toBe(
    200,
  );
  return id;
}

test.describe('comment-to-DM rules', () => {
  test.beforeEach(async ({ context, baseURL }) => signInWith(context, baseURL, 'rules'));

  test('at 1440×900: a rule for one reel and one product answers a bare 🔥 once', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const brandId = await rulesBrand(page);
    // A first comment on the reel, matching no rule, so the reel appears in the form's post list.
    await postInstagramWebhook(page.request, commentOn(reel, 'e2e-rules-c1', 'what colours?', 'first.fan'));
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/brands/${brandId}/commented-posts`)).json()) as unknown[])
            .length,
      )
      .toBe(1);

    await page.goto('/dashboard/automation');
    await page.getByRole('button', { name: 'Create Custom Rule' }).click();
    const form = page.getByRole('form', { name: 'Create Custom Rule' });
    await form.getByLabel('Rule Name').fill('Hoodie reel 🔥');
    await form.getByLabel('Trigger Condition').selectOption('comment_keyword');
    await form.getByLabel('Emoji or keywords').fill('🔥');
    await form.getByLabel('On which post or reel').selectOption(reel);
    await form.getByLabel('Action to Perform').selectOption('private_reply_product_link');
    await form.getByLabel('Find a product').fill('hoodie');
    await form.getByRole('button', { name: 'Search' }).click();
    await form
      .getByRole('button', { name: /^Send .*Hoodie/ })
      .first()
      .click();
    await expect(form.getByTestId('rule-product')).toContainText('Hoodie, whatever the comment says');
    await form
      .getByLabel('DM text (optional)')
      .fill('Hi {first_name}, the {product} from the reel: {product_link}');
    await expect(form.getByTestId('rule-preview')).toContainText(
      `A comment on post ${reel} contains the 🔥 emoji`,
    );
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save Rule' }).click();
    const rule = page.getByTestId('rule').filter({ hasText: 'Hoodie reel 🔥' });
    await expect(rule).toBeVisible();
    await expect(rule.getByTestId('rule-fired')).toHaveText('Not fired in the last 30 days');

    // Test this rule: the reply the buyer would get, nothing sent.
    await rule.getByRole('button', { name: 'Test Hoodie reel 🔥' }).click();
    await rule.getByLabel(`A test comment on post ${reel}`).fill('🔥');
    await rule.getByRole('button', { name: 'Run test' }).click();
    await expect(rule.getByTestId('rule-test-result')).toContainText('This rule applies.');
    await expect(rule.getByTestId('rule-test-result')).toContainText('from the reel: http');
    await expectAccessible(page);

    // The real thing: a bare 🔥 on the reel, delivered twice by Instagram, gets one DM.
    const fire = commentOn(reel, 'e2e-rules-fire', '🔥', 'hot.buyer');
    await postInstagramWebhook(page.request, fire);
    await postInstagramWebhook(page.request, fire);
    await expect
      .poll(
        async () => {
          const comments = (await (await page.request.get(`/api/brands/${brandId}/comments`)).json()) as {
            username: string;
            replied: boolean;
            replyContent: string | null;
          }[];
          return comments.find((comment) => comment.username === 'hot.buyer')?.replyContent ?? null;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^Hi Hot, the .*Hoodie from the reel: http/);
    // Once, though delivered twice: one firing counted (one trace per event).
    await page.reload();
    await expect(rule.getByTestId('rule-fired')).toHaveText('Fired 1 time in the last 30 days');
  });

  test('at 390×844: rules in the order tried, a hidden rule warned, no sideways scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const brandId = await rulesBrand(page);
    for (const [name, keywords] of [
      ['Any fire', ['🔥']],
      ['Double fire', ['🔥🔥']],
    ] as const) {
      const response = await page.request.post(`/api/brands/${brandId}/automation-rules`, {
        data: {
          name,
          triggerConfig: { type: 'comment_keyword', keywords },
          actionConfig: { type: 'private_reply_product_link' },
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/dashboard/automation');
    const names = page.getByTestId('rule').getByRole('heading', { level: 2 });
    await expect(names).toHaveText(['Hoodie reel 🔥', 'Any fire', 'Double fire']);
    await expect(page.getByTestId('rule-order')).toHaveText(['Tried 1st', 'Tried 2nd', 'Tried 3rd']);
    const card = (name: string) =>
      page.getByTestId('rule').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card('Double fire').getByRole('note')).toHaveText(
      'This rule never applies: "Any fire" is tried first and catches everything it would.',
    );
    await expect(card('Any fire').getByRole('note')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
