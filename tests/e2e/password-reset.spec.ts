import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startFakeSmtpServer, type FakeSmtpServer } from '#tests/fakes/smtp-server.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';

const email = 'forgetful@reset.test';
const oldPassword = 'the old password';

/**
 * "Forgot password?" end to end, on a server of its own that mails through a fake SMTP server on 127.0.0.1 (the
 * shared e2e server keeps its mail in an outbox the spec cannot read while the server holds the database).
 */
test.describe('forgot password', () => {
  let server: OwnServer;
  let smtp: FakeSmtpServer;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-reset-'));
    smtp = await startFakeSmtpServer();
    server = await startOwnServer(dataDir, { SMTP_URL: smtp.url, JOB_POLL_SECONDS: '0.5' });
    // Accounts made through the sign-up API (the first becomes the administrator): no admin command line
    // beside the running server, which holds the embedded database.
    for (const [address, password] of [
      ['admin@reset.test', 'an admin password'],
      [email, oldPassword],
    ]) {
      const response = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ firstName: 'Reset', lastName: 'Tester', email: address, password }),
      });
      expect(response.status).toBe(201);
    }
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The token of the newest mail to `to`, read from the link in it (quoted-printable undone). */
  async function linkTokenFor(to: string, count: number): Promise<string> {
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(to)).length, { timeout: 20_000 })
      .toBe(count);
    const raw = smtp.messages
      .filter((m) => m.to.includes(to))
      .at(-1)!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const match = /\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(raw);
    expect(match, raw).not.toBeNull();
    return match![1]!;
  }

  async function ask(page: Page, address: string) {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const answer = page.getByRole('status');
    await expect(answer).toContainText('If an account uses that email address');
    return answer.textContent();
  }

  async function setPassword(page: Page, token: string, password: string) {
    // From another page first: the same address with only its fragment changed would not load the page again.
    await page.goto(`${server.url}/login`);
    await page.goto(`${server.url}/reset-password#token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('New password again').fill(password);
    await page.getByRole('button', { name: 'Set new password' }).click();
  }

  async function signIn(page: Page, password: string) {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`forms pass axe at ${viewport.width} × ${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/forgot-password`);
      await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
      await expectAccessible(page);
      await page.goto(`${server.url}/reset-password#token=${'x'.repeat(43)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('the same answer for any address; the link sets a password once, signs out other sessions; reused, foreign and missing links are refused', async ({
    page,
    browser,
  }) => {
    test.slow();
    // Another browser, signed in with the old password: it is signed out by the reset.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, oldPassword);
    await expect
      .poll(async () => (await other.request.get(`${server.url}/api/auth/user`)).status())
      .toBe(200);

    const forNobody = await ask(page, 'nobody@reset.test');
    const forAccount = await ask(page, email);
    expect(forAccount).toBe(forNobody);
    const token = await linkTokenFor(email, 1);
    expect(smtp.messages.some((m) => m.to.includes('nobody@reset.test'))).toBe(false);

    // Two different passwords: refused in the page, nothing sent.
    await page.goto(`${server.url}/reset-password#token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('a new password 1');
    await page.getByLabel('New password again').fill('a new password 2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();

    await setPassword(page, token, 'my brand new password');
    await expect(page.getByRole('status')).toContainText('Your password is changed');

    // The other session is gone: its next request finds no user and the dashboard sends it to sign in.
    const me = await other.request.get(`${server.url}/api/auth/user`);
    expect(me.status()).toBe(401);
    await otherContext.close();

    // Used once: the same link again is refused, with the way to a new one.
    await setPassword(page, token, 'yet another password');
    await expect(page.getByRole('alert')).toContainText('This link has expired or has already been used');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    // A link this server never sent.
    await setPassword(page, 'Q'.repeat(43), 'yet another password');
    await expect(page.getByRole('alert')).toContainText('This link has expired or has already been used');
    // No token at all.
    await page.goto(`${server.url}/reset-password`);
    await expect(page.getByRole('alert')).toContainText('This page needs the link from the email');

    await signIn(page, oldPassword);
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    await signIn(page, 'my brand new password');
    await expect.poll(async () => (await page.request.get(`${server.url}/api/auth/user`)).status()).toBe(200);
  });
});
