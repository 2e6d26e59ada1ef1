import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signWebhookBody } from '#tests/fakes/instagram-graph.ts';

/** axe on the current page: no serious or critical violations (the project's accessibility bar). */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * Nothing scrolls sideways: the document, the body and the dashboard's main area (which scrolls on its own) are no
 * wider than what shows of them. Polled, so that a check right after a resize waits for the layout to follow it.
 */
export async function expectNoSidewaysScroll(page: Page, message?: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const over = (element: Element | null) =>
            element ? Math.max(0, element.scrollWidth - element.clientWidth) : 0;
          return {
            document: over(document.documentElement),
            body: over(document.body),
            main: over(document.getElementById('dashboard-main')),
          };
        }),
      { message },
    )
    .toEqual({ document: 0, body: 0, main: 0 });
}

/**
 * The sessions global-setup makes, each a user of its own so that one spec's writes never move another's figures:
 * Dana's seed-demo data (read only), Sam the administrator with no brands, and the users of the specs that write.
 */
const sessions = {
  dashboard: 'E2E_DASHBOARD_SESSION',
  empty: 'E2E_EMPTY_SESSION',
  actions: 'E2E_ACTIONS_SESSION',
  rules: 'E2E_RULES_SESSION',
  triage: 'E2E_TRIAGE_SESSION',
  keys: 'E2E_KEYS_SESSION',
} as const;

/** Signs the browser in as one of global-setup's users, by the session cookie it made for them. */
export async function signInWith(
  context: BrowserContext,
  baseURL: string | undefined,
  session: keyof typeof sessions,
): Promise<void> {
  const value = process.env[sessions[session]];
  if (!value || !baseURL) throw new Error(`global-setup did not provide the ${session} session`);
  await context.addCookies([{ name: 'vc_session', value, url: baseURL }]);
}

/** Delivers an Instagram webhook as Meta does, signed with the app secret global-setup gave the server. */
export async function postInstagramWebhook(request: APIRequestContext, payload: unknown): Promise<void> {
  const body = JSON.stringify(payload);
  const response = await request.post('/api/webhooks/instagram', {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signWebhookBody(process.env.E2E_INSTAGRAM_APP_SECRET!, body),
    },
    data: body,
  });
  expect(response.status()).toBe(200);
}

export const test = base;
export { expect };
