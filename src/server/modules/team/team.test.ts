import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRetentionDays, invitationMessages } from '#contracts/team.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import {
  auditLog,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '#server/db/schema/index.ts';
import { newestMailTo } from '#tests/support/outbox.ts';
import {
  createSignedInMember,
  createSignedInUser,
  createTestUser,
  requestAs,
  signInAs,
  useTestApp,
} from '#tests/support/test-app.ts';
import { pruneOlderThan } from '#server/db/batched-delete.ts';
import { auditLogRetention } from './audit-log.ts';
import { createTeamService } from './service.ts';

/**
 * The Team screen's API (decision 042): roles and removal with the owner rules, invitations and their edge cases
 * (expired, reused, wrong email, revoked, already a member), the audit log and its pruning.
 */
let workspaceId: string;
type Person = { id: string; email: string; cookie: string };
let owner: Person;
let admin: Person;
let agent: Person;
let outsider: Person;
let counter = 0;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | null,
  body?: unknown,
  remoteAddress = '203.0.113.7',
) => requestAs(app, method, url, { cookie, body, remoteAddress });

/** The token in the newest invitation email to `email` (the outbox, as without SMTP). */
async function tokenMailedTo(email: string, count = 1): Promise<string> {
  const newest = await newestMailTo(app.database.db, email, count);
  expect(newest.subject).toContain('invited you to Agency');
  const match = /http:\/\/127\.0\.0\.1:3998\/invite#token=([A-Za-z0-9_-]{43})/.exec(newest.text);
  expect(match, newest.text).not.toBeNull();
  return match![1]!;
}

const nextEmail = (name = 'invitee') => `${name}${++counter}-${Date.now()}@example.com`;

async function person(role: 'owner' | 'admin' | 'agent' | null): Promise<Person> {
  const db = app.database.db;
  const { id, email, cookie } = role
    ? await createSignedInMember(db, workspaceId, role)
    : await createSignedInUser(db);
  return { id, email, cookie };
}

async function invite(email: string, role = 'agent', by: Person = owner) {
  const response = await call('POST', `/api/workspaces/${workspaceId}/invitations`, by.cookie, {
    email,
    role,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, token: await tokenMailedTo(email) };
}

const signUp = (token: string, password = 'a long password') =>
  call('POST', '/api/invitations/signup', null, { token, firstName: 'New', lastName: 'Person', password });

const roleOf = async (userId: string) => {
  const [row] = await app.database.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role;
};

const app = useTestApp({ workers: true, env: { PUBLIC_URL: 'http://127.0.0.1:3998' } });
beforeAll(async () => {
  const [shared] = await app.database.db.insert(workspaces).values({ name: 'Agency' }).returning();
  workspaceId = shared!.id;
  owner = await person('owner');
  admin = await person('admin');
  agent = await person('agent');
  outsider = await person(null);
}, 60_000);

describe('invitations', () => {
  it('creates one (201 { id, email, role, expiresAt } in 7 days), mails the link, and stores only its hash', async () => {
    const email = nextEmail();
    const before = Date.now();
    const response = await call('POST', `/api/workspaces/${workspaceId}/invitations`, admin.cookie, {
      email: `  ${email.toUpperCase()} `,
      role: 'agent',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['email', 'expiresAt', 'id', 'role']);
    expect(body).toMatchObject({ email, role: 'agent' });
    const days = (Date.parse(body.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const token = await tokenMailedTo(email);
    const [row] = await app.database.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, body.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = (await call('GET', `/api/workspaces/${workspaceId}/invitations`, owner.cookie)).json();
    expect(listed).toContainEqual(
      expect.objectContaining({ id: body.id, email, role: 'agent', invitedBy: admin.email, expired: false }),
    );
  });

  it('answers 400 naming the field for a bad email or role', async () => {
    const url = `/api/workspaces/${workspaceId}/invitations`;
    const badEmail = await call('POST', url, owner.cookie, { email: 'not-an-email', role: 'agent' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().issues[0].path).toBe('email');
    const badRole = await call('POST', url, owner.cookie, { email: nextEmail(), role: 'boss' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().issues[0].path).toBe('role');
  });

  it('lets owners invite owners, not admins; agents may not invite (403), outsiders see nothing (404)', async () => {
    const url = `/api/workspaces/${workspaceId}/invitations`;
    expect((await call('POST', url, admin.cookie, { email: nextEmail(), role: 'owner' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', url, owner.cookie, { email: nextEmail(), role: 'owner' })).statusCode).toBe(
      201,
    );
    expect((await call('POST', url, agent.cookie, { email: nextEmail(), role: 'agent' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', url, outsider.cookie, { email: nextEmail(), role: 'agent' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', url, agent.cookie)).statusCode).toBe(403);
    expect((await call('GET', url, outsider.cookie)).statusCode).toBe(404);
  });

  it('refuses a second open invitation to the same address, and one to a member (409)', async () => {
    const email = nextEmail();
    await invite(email);
    const again = await call('POST', `/api/workspaces/${workspaceId}/invitations`, owner.cookie, {
      email,
      role: 'admin',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Resend it or revoke it');
    const member = await call('POST', `/api/workspaces/${workspaceId}/invitations`, owner.cookie, {
      email: agent.email,
      role: 'admin',
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toContain('already a member');
  });

  it('signed out: shows the invitation, signs up with the invited email (verified), joins and works there', async () => {
    const email = nextEmail('newcomer');
    const { token } = await invite(email, 'admin');
    const preview = await call('POST', '/api/invitations/preview', null, { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      workspaceName: 'Agency',
      email,
      role: 'admin',
      invitedBy: owner.email,
      accountExists: false,
    });
    const joined = await signUp(token);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({ workspaceId, workspaceName: 'Agency', role: 'admin' });
    const cookie = /vc_session=[^;]+/.exec(String(joined.headers['set-cookie']))![0];
    const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ verified: true, firstName: 'New' });
    expect(await roleOf(user!.id)).toBe('admin');
    // The session works in the invited workspace at once.
    expect((await call('GET', '/api/session/workspace', cookie)).json()).toMatchObject({ id: workspaceId });
    const members = (await call('GET', `/api/workspaces/${workspaceId}/members`, owner.cookie)).json();
    expect(members).toContainEqual({ userId: user!.id, email, role: 'admin' });
    // The invitation is no longer open.
    const listed = (await call('GET', `/api/workspaces/${workspaceId}/invitations`, owner.cookie)).json() as {
      email: string;
    }[];
    expect(listed.map((entry) => entry.email)).not.toContain(email);
  });

  it('is single-use: the same link again is refused, for sign-up and sign-in alike', async () => {
    const email = nextEmail();
    const { token } = await invite(email);
    expect((await signUp(token)).statusCode).toBe(201);
    const again = await signUp(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(invitationMessages.used);
    const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
    const cookie = (await signInAs(app.database.db, user!.id)).cookie;
    const accept = await call('POST', '/api/invitations/accept', cookie, { token });
    expect(accept.statusCode).toBe(400);
    expect(accept.json().message).toBe(invitationMessages.used);
  });

  it('is refused once expired (7 days), and then may be invited afresh', async () => {
    const email = nextEmail();
    const { id, token } = await invite(email);
    await app.database.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, id));
    for (const response of [
      await call('POST', '/api/invitations/preview', null, { token }),
      await signUp(token),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(invitationMessages.expired);
    }
    expect((await app.database.db.select().from(users).where(eq(users.email, email))).length).toBe(0);
    const listed = (await call('GET', `/api/workspaces/${workspaceId}/invitations`, owner.cookie)).json();
    expect(listed).toContainEqual(expect.objectContaining({ id, expired: true }));
    const fresh = await call('POST', `/api/workspaces/${workspaceId}/invitations`, owner.cookie, {
      email,
      role: 'agent',
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('is refused once revoked (204), and leaves the list', async () => {
    const email = nextEmail();
    const { id, token } = await invite(email);
    expect(
      (await call('DELETE', `/api/workspaces/${workspaceId}/invitations/${id}`, agent.cookie)).statusCode,
    ).toBe(403);
    const revoked = await call('DELETE', `/api/workspaces/${workspaceId}/invitations/${id}`, admin.cookie);
    expect(revoked.statusCode).toBe(204);
    const response = await signUp(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(invitationMessages.revoked);
    const again = await call('DELETE', `/api/workspaces/${workspaceId}/invitations/${id}`, admin.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('resend: a new link valid 7 days from now, and the old link stops working', async () => {
    const email = nextEmail();
    const { id, token: first } = await invite(email);
    const resent = await call(
      'POST',
      `/api/workspaces/${workspaceId}/invitations/${id}/resend`,
      owner.cookie,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id, email, role: 'agent' });
    const second = await tokenMailedTo(email, 2);
    expect(second).not.toBe(first);
    const old = await signUp(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(invitationMessages.unknown);
    expect((await signUp(second)).statusCode).toBe(201);
  });

  it('signed in as another email: refused with a message naming both, and nothing changes', async () => {
    const email = nextEmail();
    const { token } = await invite(email);
    const response = await call('POST', '/api/invitations/accept', outsider.cookie, { token });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain(`This invitation is for ${email}`);
    expect(response.json().message).toContain(`signed in as ${outsider.email}`);
    expect(await roleOf(outsider.id)).toBeUndefined();
    // The right person can still use it.
    const preview = await call('POST', '/api/invitations/preview', null, { token });
    expect(preview.statusCode).toBe(200);
  });

  it('an existing account (even one awaiting review) signs in and accepts; sign-up is refused for it', async () => {
    const email = nextEmail('existing');
    const user = await createTestUser(app.database.db, {
      email,
      verified: false,
      passwordHash: await hashPassword('a long password'),
    });
    const { token } = await invite(email);
    expect((await call('POST', '/api/invitations/preview', null, { token })).json().accountExists).toBe(true);
    const signup = await signUp(token);
    expect(signup.statusCode).toBe(409);
    expect(signup.json().message).toBe(invitationMessages.accountExists);
    const login = await call('POST', '/api/auth/login', null, { email, password: 'a long password' });
    expect(login.statusCode).toBe(200);
    const cookie = /vc_session=[^;]+/.exec(String(login.headers['set-cookie']))![0];
    const accepted = await call('POST', '/api/invitations/accept', cookie, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ workspaceId, workspaceName: 'Agency', role: 'agent' });
    expect(await roleOf(user.id)).toBe('agent');
    const [after] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.verified).toBe(true);
    expect((await call('GET', '/api/session/workspace', cookie)).json().id).toBe(workspaceId);
  });

  it('already a member: refused (409) and the invitation stays open', async () => {
    const other = await createTestUser(app.database.db);
    const { id, token } = await invite(other.email);
    await app.database.db.insert(workspaceMembers).values({ workspaceId, userId: other.id, role: 'agent' });
    const cookie = (await signInAs(app.database.db, other.id)).cookie;
    const response = await call('POST', '/api/invitations/accept', cookie, { token });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('already a member of Agency');
    const [row] = await app.database.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, id));
    expect(row!.acceptedAt).toBeNull();
  });

  it('answers 400 for a malformed token and 401 to accept signed out', async () => {
    const bad = await call('POST', '/api/invitations/preview', null, { token: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('token');
    const unknown = await call('POST', '/api/invitations/preview', null, { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(invitationMessages.unknown);
    expect((await call('POST', '/api/invitations/accept', null, { token: 'x'.repeat(43) })).statusCode).toBe(
      401,
    );
  });

  it("tells the workspace's managers on the bell that an invitation was accepted", async () => {
    const service = createTeamService({
      db: app.database.db,
      jobs: app.jobs,
      appUrl: 'http://127.0.0.1:3998',
    });
    const email = nextEmail();
    await service.invite({ userId: owner.id, ip: '198.51.100.1' }, workspaceId, { email, role: 'agent' });
    const token = await tokenMailedTo(email);
    const accepted = await service.signUpAndAccept(
      { token, firstName: 'Eve', lastName: 'Event', password: 'a long password' },
      '198.51.100.2',
    );
    // The workspace's managers hear of it on the bell, once; the new agent does not.
    const bell = await app.database.executeSql(
      `select user_id, kind, link from notifications where workspace_id = $1 and kind = 'invitation_accepted'
         and title like $2`,
      [workspaceId, `${email}%`],
    );
    expect(bell.rows.map((row) => row.user_id)).toContain(owner.id);
    expect(bell.rows.map((row) => row.user_id)).not.toContain(accepted.userId);
    expect(new Set(bell.rows.map((row) => row.user_id)).size).toBe(bell.rows.length);
    expect(bell.rows[0]).toMatchObject({ link: '/dashboard/settings/team' });
  });
});

describe('members: roles and removal', () => {
  const memberUrl = (userId: string) => `/api/workspaces/${workspaceId}/members/${userId}`;

  it('admins change agents and admins; only owners make owners or touch owners', async () => {
    const target = await person('agent');
    const promoted = await call('PATCH', memberUrl(target.id), admin.cookie, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toEqual({ userId: target.id, email: target.email, role: 'admin' });
    const toOwner = await call('PATCH', memberUrl(target.id), admin.cookie, { role: 'owner' });
    expect(toOwner.statusCode).toBe(403);
    expect(toOwner.json().message).toContain('Only an owner');
    expect((await call('PATCH', memberUrl(owner.id), admin.cookie, { role: 'agent' })).statusCode).toBe(403);
    expect((await call('DELETE', memberUrl(owner.id), admin.cookie)).statusCode).toBe(403);
    expect(await roleOf(owner.id)).toBe('owner');
    expect((await call('PATCH', memberUrl(target.id), owner.cookie, { role: 'owner' })).statusCode).toBe(200);
    expect(await roleOf(target.id)).toBe('owner');
    expect((await call('PATCH', memberUrl(target.id), owner.cookie, { role: 'agent' })).statusCode).toBe(200);
  });

  it('agents may not change roles (403); outsiders see nothing (404); unknown member 404; bad role 400', async () => {
    const target = await person('agent');
    expect((await call('PATCH', memberUrl(target.id), agent.cookie, { role: 'admin' })).statusCode).toBe(403);
    expect((await call('DELETE', memberUrl(target.id), agent.cookie)).statusCode).toBe(403);
    expect((await call('PATCH', memberUrl(target.id), outsider.cookie, { role: 'admin' })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', memberUrl(outsider.id), owner.cookie, { role: 'admin' })).statusCode).toBe(
      404,
    );
    const bad = await call('PATCH', memberUrl(target.id), owner.cookie, { role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('role');
    expect(await roleOf(target.id)).toBe('agent');
  });

  it('nobody demotes or removes the last owner (409), not even that owner', async () => {
    const [solo] = await app.database.db.insert(workspaces).values({ name: 'Solo' }).returning();
    const only = await createTestUser(app.database.db);
    await app.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: solo!.id, userId: only.id, role: 'owner' });
    const cookie = (await signInAs(app.database.db, only.id)).cookie;
    const url = `/api/workspaces/${solo!.id}/members/${only.id}`;
    const demote = await call('PATCH', url, cookie, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toContain('at least one owner');
    expect((await call('DELETE', url, cookie)).statusCode).toBe(409);
  });

  it('removes a member (204): gone from the list, and their session falls back to their own workspace', async () => {
    const target = await person('agent');
    expect((await call('PUT', '/api/session/workspace', target.cookie, { workspaceId })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', memberUrl(target.id), admin.cookie)).statusCode).toBe(204);
    expect(await roleOf(target.id)).toBeUndefined();
    const current = (await call('GET', '/api/session/workspace', target.cookie)).json() as { id: string };
    expect(current.id).not.toBe(workspaceId);
    expect((await call('DELETE', memberUrl(target.id), admin.cookie)).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  const url = () => `/api/workspaces/${workspaceId}/audit-log`;

  it('records who, what, on what and from which address; owners and admins read it newest first', async () => {
    const target = await person('agent');
    await call(
      'PATCH',
      `/api/workspaces/${workspaceId}/members/${target.id}`,
      owner.cookie,
      { role: 'admin' },
      '192.0.2.44',
    );
    const response = await call('GET', url(), admin.cookie);
    expect(response.statusCode).toBe(200);
    const [newest] = response.json();
    expect(newest).toMatchObject({
      action: 'member.role_changed',
      target: target.email,
      actorEmail: owner.email,
      ipAddress: '192.0.2.44',
      detail: { from: 'agent', to: 'admin', userId: target.id },
    });
    expect(Date.now() - Date.parse(newest.createdAt)).toBeLessThan(60_000);
    const actions = (response.json() as { action: string }[]).map((entry) => entry.action);
    for (const action of [
      'invitation.created',
      'invitation.accepted',
      'invitation.revoked',
      'invitation.resent',
      'member.removed',
    ]) {
      expect(actions).toContain(action);
    }
    expect((await call('GET', url(), agent.cookie)).statusCode).toBe(403);
    expect((await call('GET', url(), outsider.cookie)).statusCode).toBe(404);
  });

  it('pages with X-Next-Cursor, without gaps or repeats', async () => {
    const all = (await call('GET', `${url()}?limit=200`, owner.cookie)).json() as { id: string }[];
    expect(all.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await call(
        'GET',
        `${url()}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        owner.cookie,
      );
      expect(response.statusCode).toBe(200);
      seen.push(...(response.json() as { id: string }[]).map((entry) => entry.id));
      cursor = response.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(seen).toEqual(all.map((entry) => entry.id));
    const bad = await call('GET', `${url()}?cursor=bm90LWEtY3Vyc29y`, owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('cursor');
  });

  it('keeps a year: the prune removes older entries only', async () => {
    const db = app.database.db;
    const day = 86_400_000;
    const [old] = await db
      .insert(auditLog)
      .values({ workspaceId, action: 'member.removed', createdAt: new Date(Date.now() - 366 * day) })
      .returning();
    const [recent] = await db
      .insert(auditLog)
      .values({ workspaceId, action: 'member.removed', createdAt: new Date(Date.now() - 364 * day) })
      .returning();
    const result = await pruneOlderThan(db, {
      ...auditLogRetention,
      olderThan: { days: auditRetentionDays },
      batchSize: 1,
    });
    expect(result.deleted).toBe(1);
    const ids = (await db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id);
    expect(ids).not.toContain(old!.id);
    expect(ids).toContain(recent!.id);
  });
});
