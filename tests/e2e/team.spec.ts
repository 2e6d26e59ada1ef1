import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures.ts';
import { runAdmin, startOwnServer, type OwnServer } from './own-server.ts';

/**
 * Settings → Team end to end (decision 042), on an instance of its own without SMTP: the owner invites someone,
 * the link is read from the outbox as the README says (`npm run admin -- outbox`, with the server stopped: the
 * embedded database admits one process), the invitee opens it signed out, signs up with the invited email, and
 * appears among the members; the audit log says so.
 */
test.describe('Team: invite, accept, members', () => {
  let server: OwnServer | undefined;
  let dataDir = '';
  const ownerEmail = 'owner@team.test';
  const inviteeEmail = 'new.agent@team.test';
  const password = 'a long password';

  test.beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-team-'));
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the owner invites by email; the invitee signs up from the link and appears in the members', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    server = await startOwnServer(dataDir, { JOB_POLL_SECONDS: '0.5' });
    // The first account of an instance is the verified administrator; its personal workspace is the one shared.
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ firstName: 'Olu', lastName: 'Owner', email: ownerEmail, password }),
    });
    expect(signup.status).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(ownerEmail);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$|\/dashboard/);
    await page.goto(`${server.url}/dashboard/settings/team`);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    const members = page.getByRole('region', { name: 'Members' });
    await expect(members).toContainText(ownerEmail);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    const invite = page.getByRole('region', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill(inviteeEmail);
    await invite.getByLabel('Role').selectOption('agent');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByRole('listitem').filter({ hasText: inviteeEmail })).toContainText('Agent');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    // The mail is written by a job: wait for the server's log line, then read the outbox with the server stopped.
    await expect
      .poll(() => server!.output().includes('mail written to the outbox'), { timeout: 20_000 })
      .toBe(true);
    await server.stop();
    const outbox = await runAdmin(dataDir, ['outbox']);
    const token = /\/invite#token=([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
    expect(token, outbox).toBeTruthy();
    expect(outbox).toContain(`to ${inviteeEmail}`);
    server = await startOwnServer(dataDir, { JOB_POLL_SECONDS: '0.5' });

    // The invitee, signed out in a browser of their own.
    const inviteeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(`${server.url}/invite#token=${token}`);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Join a workspace' })).toBeVisible();
    await expect(invitee.getByText(`${ownerEmail} invited ${inviteeEmail} to join`)).toBeVisible();
    await expectAccessible(invitee);
    await expectNoSidewaysScroll(invitee);
    await invitee.getByLabel('First name').fill('Ada');
    await invitee.getByLabel('Last name').fill('Agent');
    await invitee.getByLabel('Password').fill('another long password');
    await invitee.getByRole('button', { name: 'Create account and join' }).click();
    // Verified on acceptance (the workspace vouches): the dashboard, with no review modal.
    await expect(invitee).toHaveURL(/\/dashboard$/);
    await expect(invitee.getByRole('dialog')).toHaveCount(0);
    // Two workspaces now (their own and the owner's), and this session works in the one they joined.
    await expect(invitee.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText(
      'Olu Owner',
    );

    // The same link again is refused.
    const reuse = await inviteeContext.newPage();
    await reuse.goto(`${server.url}/invite#token=${token}`);
    await expect(reuse.getByRole('alert')).toContainText('This invitation has already been used.');
    await inviteeContext.close();

    // The owner (the session lives in the database, so it survived the restart) sees the new member.
    await page.goto(`${server.url}/dashboard/settings/team`);
    await expect(members.getByRole('listitem').filter({ hasText: inviteeEmail })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Invite someone' })).toContainText(
      'No pending invitations.',
    );
    const audit = page.getByRole('region', { name: 'Audit log' });
    await expect(audit).toContainText(`${inviteeEmail} accepted the invitation and joined as agent`);
    await expect(audit).toContainText(`${ownerEmail} invited ${inviteeEmail} as agent`);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });
});
