import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  deleteAccountEmailMismatchMessage,
  deleteAccountLastAdministratorMessage,
  emailChangeInvalidLinkMessage,
  wrongCurrentPasswordMessage,
  type DataExport,
  type ProfileSession,
} from '#contracts/profile.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import {
  brands,
  conversations,
  mailOutbox,
  messages,
  sessions,
  storeConnections,
  users,
  workspaceMembers,
  workspaces,
} from '#server/db/schema/index.ts';
import {
  createSignedInUser,
  createTestUser,
  personalWorkspaceOf,
  requestAs,
  signInAs,
  useTestApp,
} from '#tests/support/test-app.ts';
import { describeDevice } from './user-agent.ts';

const password = 'correct horse battery';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let counter = 0;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => requestAs(app, method, url, { cookie, body, headers });

/** A password account signed in through the real sign-in route, with a browser's User-Agent. */
async function passwordUser(userAgent = firefox) {
  counter += 1;
  const email = `profile${counter}-${Date.now()}@example.com`;
  const user = await createTestUser(app.database.db, { email, passwordHash: await hashPassword(password) });
  const cookie = await logIn(email, password, userAgent);
  return { ...user, cookie };
}

async function logIn(email: string, pass: string, userAgent = firefox) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: pass },
    remoteAddress: `10.8.0.${counter % 250}`,
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = response.cookies.find((cookie) => cookie.name === 'vc_session');
  return `vc_session=${setCookie!.value}`;
}

/** A brand of the user's in their personal workspace, and that workspace's id. */
async function createPersonalBrand(userId: string, name: string, username: string) {
  const db = app.database.db;
  const personal = await personalWorkspaceOf(db, userId);
  const [brand] = await db
    .insert(brands)
    .values({ workspaceId: personal, userId, name, username })
    .returning();
  return { personal, brand: brand! };
}

const app = useTestApp({ workers: true, env: { PUBLIC_URL: 'http://127.0.0.1:3999' } });
beforeAll(async () => {
  await createTestUser(app.database.db, { email: `admin-${Date.now()}@example.com`, role: 'admin' });
}, 60_000);

describe('name', () => {
  it('reads and changes the name of the signed-in user only', async () => {
    const user = await passwordUser();
    const changed = await call('PATCH', '/api/profile', user.cookie, { firstName: ' Ada ', lastName: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      email: user.email,
      firstName: 'Ada',
      lastName: null,
      hasPassword: true,
    });
    const tooLong = await call('PATCH', '/api/profile', user.cookie, {
      firstName: 'x'.repeat(101),
      lastName: '',
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await app.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password and signs out every other session, not this one', async () => {
    const user = await passwordUser();
    const other = await logIn(user.email, password, iphone);
    const wrong = await call('POST', '/api/profile/password', user.cookie, {
      currentPassword: 'not it at all',
      newPassword: 'a new long password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(wrongCurrentPasswordMessage);
    expect((await call('GET', '/api/profile', other)).statusCode).toBe(200);

    const changed = await call('POST', '/api/profile/password', user.cookie, {
      currentPassword: password,
      newPassword: 'a new long password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/profile', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/profile', user.cookie)).statusCode).toBe(200);
    const rows = await app.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    await logIn(user.email, 'a new long password');
  });

  it('refuses a short new password by name', async () => {
    const user = await passwordUser();
    const response = await call('POST', '/api/profile/password', user.cookie, {
      currentPassword: password,
      newPassword: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('newPassword');
  });
});

describe('email change', () => {
  async function tokenMailedTo(email: string): Promise<string> {
    const text = await vi.waitFor(
      async () => {
        const [mail] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
        expect(mail).toBeDefined();
        return mail!.text;
      },
      { timeout: 15_000, interval: 100 },
    );
    const match =
      /http:\/\/127\.0\.0\.1:3999\/dashboard\/settings\/profile#confirm-email=([A-Za-z0-9_-]{43})/.exec(text);
    expect(match, text).not.toBeNull();
    return match![1]!;
  }

  it('sends a link to the new address; the email changes only when it is opened, and the link works once', async () => {
    const user = await passwordUser();
    const newEmail = `renamed-${Date.now()}@example.com`;
    const asked = await call('POST', '/api/profile/email', user.cookie, {
      email: newEmail.toUpperCase(),
      currentPassword: password,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await call('GET', '/api/profile', user.cookie)).json()).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });
    const token = await tokenMailedTo(newEmail);
    const [stored] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.email).toBe(user.email);

    const confirmed = await app.app.inject({
      method: 'POST',
      url: '/api/profile/email/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('GET', '/api/profile', user.cookie)).json()).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    const again = await app.app.inject({
      method: 'POST',
      url: '/api/profile/email/confirm',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(emailChangeInvalidLinkMessage);
  });

  it('needs the current password and refuses an address another account uses', async () => {
    const user = await passwordUser();
    const someone = await passwordUser();
    const noPassword = await call('POST', '/api/profile/email', user.cookie, { email: 'x@example.com' });
    expect(noPassword.statusCode).toBe(400);
    const taken = await call('POST', '/api/profile/email', user.cookie, {
      email: someone.email,
      currentPassword: password,
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('sessions', () => {
  it("lists the user's own sessions with device, address and the current one, and signs one out", async () => {
    const user = await passwordUser(firefox);
    const phone = await logIn(user.email, password, iphone);
    const stranger = await passwordUser();
    const listed = (await call('GET', '/api/profile/sessions', user.cookie)).json() as ProfileSession[];
    expect(listed).toHaveLength(2);
    expect(listed.find((session) => session.current)?.device).toBe('Firefox on Windows');
    const phoneSession = listed.find((session) => !session.current)!;
    expect(phoneSession.device).toBe('Safari on iOS');
    expect(phoneSession.address).toMatch(/^10\.8\.0\./);

    // Another user cannot see or end it: 404 like a missing one.
    expect(
      (await call('DELETE', `/api/profile/sessions/${phoneSession.id}`, stranger.cookie)).statusCode,
    ).toBe(404);
    const strangers = (
      await call('GET', '/api/profile/sessions', stranger.cookie)
    ).json() as ProfileSession[];
    expect(strangers.map((session) => session.id)).not.toContain(phoneSession.id);
    expect((await call('GET', '/api/profile', phone)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/profile/sessions/${phoneSession.id}`, user.cookie)).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/api/profile', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/profile', user.cookie)).statusCode).toBe(200);
  });

  it('names devices from their User-Agent', () => {
    expect(describeDevice(firefox)).toBe('Firefox on Windows');
    expect(describeDevice(iphone)).toBe('Safari on iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Edge on Linux');
    expect(describeDevice(null)).toBe('Unknown device');
  });
});

describe('export my data', () => {
  it("holds the user's profile, memberships and their personal brands with what is under them, no secrets", async () => {
    const user = await passwordUser();
    const other = await passwordUser();
    const db = app.database.db;
    const { personal, brand } = await createPersonalBrand(user.id, 'Exported', 'exported');
    const [conversation] = await db
      .insert(conversations)
      .values({ brandId: brand.id, customerUsername: 'buyer', customerInstagramId: 'ig-1' })
      .returning();
    await db.insert(messages).values({
      conversationId: conversation!.id,
      brandId: brand.id,
      sender: 'customer',
      content: 'Hi there',
    });
    await db.insert(storeConnections).values({
      brandId: brand.id,
      platform: 'shopify',
      storeKey: 'exported.myshopify.com',
      name: 'Exported shop',
      currency: 'USD',
      sealedCredentials: 'sealed-secret-value',
    });
    await createPersonalBrand(other.id, 'Not theirs', 'nottheirs');

    const response = await call('GET', '/api/profile/export', user.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="voicecart-export-/);
    const data = response.json() as DataExport;
    expect(data.profile.email).toBe(user.email);
    expect(data.memberships).toEqual([{ workspaceId: personal, name: expect.any(String), role: 'owner' }]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.brands.map((item) => item.name)).toEqual(['Exported']);
    const exported = data.brands[0] as Record<string, { content?: string; name?: string }[]>;
    expect(exported.messages?.map((message) => message.content)).toEqual(['Hi there']);
    expect(exported.conversations).toHaveLength(1);
    expect(exported.store_connections?.[0]?.name).toBe('Exported shop');
    expect(response.body).not.toContain('sealed-secret-value');
    expect(response.body).not.toContain('Not theirs');
  });
});

describe('delete my account', () => {
  it('is refused while the user is the last owner of a workspace with other members', async () => {
    const owner = await passwordUser();
    const agent = await passwordUser();
    const db = app.database.db;
    const [shared] = await db.insert(workspaces).values({ name: 'Shared Shop' }).returning();
    await db.insert(workspaceMembers).values([
      { workspaceId: shared!.id, userId: owner.id, role: 'owner' },
      { workspaceId: shared!.id, userId: agent.id, role: 'agent' },
    ]);
    const refused = await call('DELETE', '/api/profile', owner.cookie, { email: owner.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('“Shared Shop”');
    expect((await db.select().from(users).where(eq(users.id, owner.id))).length).toBe(1);

    // With a second owner the account can go; the shared workspace stays with its members.
    await db.update(workspaceMembers).set({ role: 'owner' }).where(eq(workspaceMembers.userId, agent.id));
    const deleted = await call('DELETE', '/api/profile', owner.cookie, { email: owner.email });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await db.select().from(workspaces).where(eq(workspaces.id, shared!.id))).length).toBe(1);
  });

  it("is refused for the instance's only administrator", async () => {
    const db = app.database.db;
    const admins = await db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    const cookie = (await signInAs(db, admins[0]!.id)).cookie;
    const refused = await call('DELETE', '/api/profile', cookie, { email: admins[0]!.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(deleteAccountLastAdministratorMessage);
    expect(await db.select().from(users).where(eq(users.id, admins[0]!.id))).toHaveLength(1);
  });

  it('needs the email typed, then removes the user, their personal workspace and its brands', async () => {
    const user = await passwordUser();
    const db = app.database.db;
    const { personal, brand } = await createPersonalBrand(user.id, 'Going', 'going');
    const mismatch = await call('DELETE', '/api/profile', user.cookie, { email: 'someone@example.com' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(deleteAccountEmailMismatchMessage);

    const deleted = await call('DELETE', '/api/profile', user.cookie, { email: user.email.toUpperCase() });
    expect(deleted.statusCode).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(workspaces).where(eq(workspaces.id, personal))).toEqual([]);
    expect(await db.select().from(brands).where(eq(brands.id, brand.id))).toEqual([]);
    expect((await call('GET', '/api/profile', user.cookie)).statusCode).toBe(401);
  });
});

// A session made without the sign-in route (no device recorded).
describe('a session without a recorded device', () => {
  it('reads as an unknown device', async () => {
    const { cookie } = await createSignedInUser(app.database.db);
    const listed = (await call('GET', '/api/profile/sessions', cookie)).json() as ProfileSession[];
    expect(listed).toEqual([
      expect.objectContaining({ device: 'Unknown device', address: null, current: true }),
    ]);
  });
});
