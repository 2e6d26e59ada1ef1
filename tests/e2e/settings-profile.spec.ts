import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { runCli } from '#cli/run.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '#tests/fakes/smtp-server.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures.ts';
import { ownServerEnv, startOwnServer, type OwnServer } from './own-server.ts';

const email = 'pat.profile@settings.test';
const password = 'a profile password';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * Profile, Billing and the bell on a server of their own (the account's password, email and existence change
 * here, and the mail goes to a fake SMTP server on 127.0.0.1). The account has the demo brands with the sample
 * Instagram account, so a simulated buyer asking for a person escalates through the real jobs.
 */
test.describe('settings: profile, billing and the bell', () => {
  test.describe.configure({ timeout: 180_000 });
  let server: OwnServer;
  let smtp: FakeSmtpServer;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-settings-'));
    smtp = await startFakeSmtpServer();
    const env = { ...ownServerEnv(dataDir), LOG_LEVEL: 'warn' } as Record<string, string | undefined>;
    const quiet = { out: () => {}, err: (line: string) => console.error(line) };
    for (const argv of [
      ['migrate'],
      // The instance's administrator first: Pat is an ordinary account, which may delete itself.
      ['create-user', '--email', 'admin@settings.test', '--password', 'an admin password', '--verified'],
      ['create-user', '--email', email, '--password', password, '--first-name', 'Pat', '--verified'],
      ['seed-demo', '--email', email],
    ]) {
      expect(await runCli(argv, quiet, { env }), argv.join(' ')).toBe(0);
    }
    server = await startOwnServer(dataDir, { SMTP_URL: smtp.url, JOB_POLL_SECONDS: '0.5' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(page: Page, as = email, pass = password) {
    const response = await page.request.post(`${server.url}/api/auth/login`, {
      data: { email: as, password: pass },
      headers: { origin: server.url },
    });
    expect(response.status()).toBe(200);
  }

  /** Another session of the account, from a phone. */
  async function signInElsewhere(pass = password) {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'user-agent': iphone },
      body: JSON.stringify({ email, password: pass }),
    });
    expect(response.status).toBe(200);
    return /vc_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!;
  }

  const stillSignedIn = async (cookie: string) =>
    (await fetch(`${server.url}/api/profile`, { headers: { cookie: `vc_session=${cookie}` } })).status;

  async function tokenMailedTo(to: string): Promise<string> {
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(to)).length, { timeout: 20_000 })
      .toBe(1);
    const raw = smtp.messages
      .filter((m) => m.to.includes(to))
      .at(-1)!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const match = /#confirm-email=([A-Za-z0-9_-]{43})/.exec(raw);
    expect(match, raw).not.toBeNull();
    return match![1]!;
  }

  test('profile: name, sessions, password, email change and export', async ({ page }) => {
    await signIn(page);
    const phone = await signInElsewhere();
    await page.goto(`${server.url}/dashboard/settings/profile`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();

    // Name: the header's user menu follows.
    await page.getByLabel('Last name').fill('Profile');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('button', { name: 'User menu for Pat Profile' })).toBeVisible();

    // Sessions: this browser and the phone; the phone is signed out from here.
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions).toContainText('This device');
    await expect(sessions).toContainText('Safari on iOS');
    await expectAccessible(page);
    await sessions.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect(await stillSignedIn(phone)).toBe(401);

    // Password: the current one is needed; every other session is signed out, this one stays.
    const other = await signInElsewhere();
    const passwordCard = page.getByRole('region', { name: 'Password' });
    await passwordCard.getByLabel('Current password').fill('not the password');
    await passwordCard.getByLabel('New password').fill('a newer profile password');
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordCard.getByRole('alert')).toHaveText('Your current password is not correct.');
    await passwordCard.getByLabel('Current password').fill(password);
    await passwordCard.getByLabel('New password').fill('a newer profile password');
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordCard.getByRole('status')).toHaveText(
      'Your password is changed, and your other sessions are signed out.',
    );
    expect(await stillSignedIn(other)).toBe(401);

    // Email: a link to the new address; the email changes when it is opened.
    const newEmail = 'pat.renamed@settings.test';
    const emailCard = page.getByRole('region', { name: 'Email' });
    await emailCard.getByLabel('New email').fill(newEmail);
    await emailCard.getByLabel('Current password').fill('a newer profile password');
    await emailCard.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(emailCard.getByRole('status')).toContainText(
      'We sent a confirmation link to the new address.',
    );
    await expect(emailCard).toContainText(`waiting for confirmation of ${newEmail}`);
    const token = await tokenMailedTo(newEmail);
    await page.goto(`${server.url}/dashboard/settings/profile#confirm-email=${token}`);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your email address is changed.' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Email' })).toContainText(`Your email: ${newEmail}`);
    expect(new URL(page.url()).hash).toBe('');

    // Export: a JSON download of the account's data.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^voicecart-export-\d{4}-\d{2}-\d{2}\.json$/);
    await expectAccessible(page);
  });

  test('billing: the plan, usage this month with its table view, and the footer count', async ({ page }) => {
    await signIn(page, 'pat.renamed@settings.test', 'a newer profile password');
    await page.goto(`${server.url}/dashboard/settings/billing`);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Professional Plan' })).toBeVisible();
    await expect(page.getByText('Plans are billed by invoice')).toBeVisible();
    const summary = (await (await page.request.get(`${server.url}/api/usage/summary`)).json()) as {
      answered: number;
    };
    await expect(page.getByTestId('usage-count')).toHaveText(
      `${summary.answered.toLocaleString('en-US')} / ∞ messages`,
    );
    await expect(page.getByRole('row').filter({ hasText: 'Luna Skincare' })).toBeVisible();
    await page.getByRole('button', { name: 'Show as table' }).click();
    await expect(page.getByRole('columnheader', { name: 'Day' })).toBeVisible();
    await expectAccessible(page);
    // 390 px wide: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Professional Plan' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('the bell: an escalation arrives live, opens its conversation and is read; delete my account', async ({
    page,
  }) => {
    await signIn(page, 'pat.renamed@settings.test', 'a newer profile password');
    await page.goto(`${server.url}/dashboard`);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    const brands = (await (await page.request.get(`${server.url}/api/brands`)).json()) as {
      id: string;
      name: string;
    }[];
    const luna = brands.find((brand) => brand.name === 'Luna Skincare')!;
    const simulated = await page.request.post(`${server.url}/api/brands/${luna.id}/instagram/simulate`, {
      data: { kind: 'dm', text: 'can i talk to a real person please', username: 'needs_a_human' },
      headers: { origin: server.url },
    });
    expect(simulated.status(), await simulated.text()).toBe(200);

    // Through the jobs and the live event stream, no reload.
    await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: 30_000 });
    await expect(bell).toHaveAccessibleName('Notifications: 1 unread');
    await bell.click();
    const item = page.getByRole('menuitem', { name: /needs_a_human needs a person/ });
    await expect(item).toBeVisible();
    await expectAccessible(page);
    await item.click();
    await expect(page).toHaveURL(/\/dashboard\/conversations\?brand=.*&conversation=/);
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);

    // Delete my account: the typed email confirms; the account is gone.
    await page.goto(`${server.url}/dashboard/settings/profile`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Your email').fill('pat.renamed@settings.test');
    await expectAccessible(page);
    await confirm.click();
    await expect(page).toHaveURL(`${server.url}/`);
    expect((await page.request.get(`${server.url}/api/profile`)).status()).toBe(401);
  });
});
