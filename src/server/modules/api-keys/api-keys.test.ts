import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorizeWorkspace, memberMay } from '#server/access/brand-access.ts';
import { may } from '#server/access/policy.ts';
import { findApiKeyPrincipal } from '#server/auth/api-keys.ts';
import { createApiKeyService } from './service.ts';
import { apiKeys, brands, users, workspaceMembers, workspaces } from '#server/db/schema/index.ts';
import {
  createSignedInMember,
  createSignedInUser,
  personalWorkspaceOf,
  requestAs,
  useTestApp,
} from '#tests/support/test-app.ts';

/** API keys (decision 043): made and revoked by owners and admins, Bearer on every route the key's role allows. */
let workspaceId: string;
let owner: { id: string; cookie: string };
let agentPerson: { cookie: string };
let outsider: { cookie: string };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (
  method: Method,
  url: string,
  credentials: { cookie?: string; key?: string; headers?: Record<string, string> },
  body?: unknown,
) =>
  requestAs(app, method, url, {
    cookie: credentials.cookie,
    body,
    headers: {
      ...(credentials.key ? { authorization: `Bearer ${credentials.key}` } : {}),
      ...credentials.headers,
    },
  });

async function createKey(role: 'admin' | 'agent', name = `${role} key`) {
  const response = await call('POST', `/api/workspaces/${workspaceId}/api-keys`, owner, { name, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; role: string; key: string };
}

async function brand(name: string) {
  const [row] = await app.database.db
    .insert(brands)
    .values({ workspaceId, name, username: name.toLowerCase().replace(/\W/g, '') })
    .returning();
  return row!.id;
}

const app = useTestApp();
beforeAll(async () => {
  const db = app.database.db;
  owner = await createSignedInUser(db);
  workspaceId = await personalWorkspaceOf(db, owner.id);
  agentPerson = await createSignedInMember(db, workspaceId, 'agent');
  outsider = await createSignedInUser(db);
}, 60_000);

describe('creating and listing keys', () => {
  it('answers the key once, stores only its SHA-256, and lists keys without them', async () => {
    const created = await createKey('admin', 'Zapier');
    expect(created).toMatchObject({ name: 'Zapier', role: 'admin' });
    expect(created.key).toMatch(/^vc_[A-Za-z0-9_-]{43}$/);

    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    // Nothing at rest holds the key: not the key row, not its principal.
    const [principal] = await app.database.db.select().from(users).where(eq(users.id, row!.userId));
    expect(JSON.stringify([row, principal])).not.toContain(created.key.slice(3));
    expect(principal).toMatchObject({ kind: 'api_key', passwordHash: null, oidcSubject: null });

    const list = await call('GET', `/api/workspaces/${workspaceId}/api-keys`, owner);
    expect(list.statusCode).toBe(200);
    const item = (list.json() as Record<string, unknown>[]).find((key) => key.id === created.id);
    expect(item).toEqual({
      id: created.id,
      name: 'Zapier',
      role: 'admin',
      prefix: created.key.slice(0, 10),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(list.body).not.toContain(created.key);
  });

  it("gives a key's principal no personal workspace, no way to sign in, and keeps it off the members list", async () => {
    const created = await createKey('agent');
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    const owned = await app.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.personalFor, row!.userId));
    expect(owned).toEqual([]);
    const memberships = await app.database.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, row!.userId));
    expect(memberships).toEqual([expect.objectContaining({ workspaceId, role: 'agent' })]);
    await expect(
      app.database.db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, row!.userId)),
    ).rejects.toThrow();
    const members = (await call('GET', `/api/workspaces/${workspaceId}/members`, owner)).json() as {
      userId: string;
    }[];
    expect(members.map((member) => member.userId)).not.toContain(row!.userId);
  });

  it('refuses a bad name or role with 400 naming the field', async () => {
    const response = await call('POST', `/api/workspaces/${workspaceId}/api-keys`, owner, {
      name: 'x',
      role: 'owner',
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().issues)).toContain('role');
    const empty = await call('POST', `/api/workspaces/${workspaceId}/api-keys`, owner, {
      name: ' ',
      role: 'agent',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].path).toBe('name');
  });

  it('is for owners and admins: an agent gets 403, someone outside the workspace 404', async () => {
    const url = `/api/workspaces/${workspaceId}/api-keys`;
    expect((await call('GET', url, agentPerson)).statusCode).toBe(403);
    expect((await call('POST', url, agentPerson, { name: 'n', role: 'agent' })).statusCode).toBe(403);
    expect((await call('GET', url, outsider)).statusCode).toBe(404);
    expect((await call('POST', url, outsider, { name: 'n', role: 'agent' })).statusCode).toBe(404);
    expect((await call('GET', url, {})).statusCode).toBe(401);
  });
});

describe('Bearer keys', () => {
  it("reads the key's workspace and records the last use at most once a minute", async () => {
    const brandId = await brand('Bearer Read');
    const { id, key } = await createKey('agent');
    const response = await call('GET', '/api/brands', { key });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { id: string }[]).map((row) => row.id)).toContain(brandId);

    const lastUsed = async () =>
      (await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!.lastUsedAt;
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await call('GET', '/api/brands', { key });
    expect(await lastUsed()).toEqual(first);
    // A minute later the next request writes it again.
    await findApiKeyPrincipal(app.database.db, key, new Date(first!.getTime() + 61_000));
    expect((await lastUsed())!.getTime()).toBe(first!.getTime() + 61_000);
    const listed = (await call('GET', `/api/workspaces/${workspaceId}/api-keys`, owner)).json() as {
      id: string;
      lastUsedAt: string | null;
    }[];
    expect(listed.find((row) => row.id === id)?.lastUsedAt).not.toBeNull();
  });

  it('writes without the cross-site check (no cookies), but a request that also sends a cookie is checked', async () => {
    const { key } = await createKey('admin');
    const fromElsewhere = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const created = await call(
      'POST',
      '/api/brands',
      { key, headers: fromElsewhere },
      {
        name: 'Made by a key',
        username: 'madebykey',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await app.database.db.select().from(brands).where(eq(brands.id, created.json().id));
    expect(row!.workspaceId).toBe(workspaceId);

    const withCookie = await call(
      'POST',
      '/api/brands',
      { key, cookie: owner.cookie, headers: fromElsewhere },
      {
        name: 'Not this one',
        username: 'notthisone',
      },
    );
    expect(withCookie.statusCode).toBe(403);
  });

  it('lets an agent key read but not change a store or delete a brand (403), changing nothing', async () => {
    const brandId = await brand('Agent Limits');
    const { key } = await createKey('agent');
    expect((await call('GET', `/api/brands/${brandId}/store`, { key })).statusCode).toBe(200);
    const store = await call('PUT', `/api/brands/${brandId}/store`, { key }, { platform: 'sample' });
    expect(store.statusCode, store.body).toBe(403);
    expect((await call('DELETE', `/api/brands/${brandId}`, { key })).statusCode).toBe(403);
    expect((await call('GET', `/api/brands/${brandId}/store`, owner)).json()).toEqual({ connection: null });
    expect((await call('GET', `/api/brands/${brandId}/personality`, owner)).statusCode).toBe(200);
  });

  it('cannot manage keys or members, whatever its role (403)', async () => {
    const { id, key } = await createKey('admin');
    const url = `/api/workspaces/${workspaceId}/api-keys`;
    expect((await call('GET', url, { key })).statusCode).toBe(403);
    expect((await call('POST', url, { key }, { name: 'child', role: 'agent' })).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${id}`, { key })).statusCode).toBe(403);

    // The policy and its SQL side agree: an admin person may manage the team, an admin key may not.
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    const principalId = row!.userId;
    expect(may('admin', 'team.manage')).toBe(true);
    expect(may('admin', 'team.manage', 'api_key')).toBe(false);
    expect(may('admin', 'brand.delete', 'api_key')).toBe(true);
    await expect(
      authorizeWorkspace(app.database.db, principalId, 'team.manage', workspaceId),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const allowed = async (userId: string, action: 'team.manage' | 'brand.create') =>
      (
        (await app.database.db.execute(
          sql`select ${memberMay(userId, action, workspaceId)} as allowed`,
        )) as unknown as { rows: { allowed: boolean }[] }
      ).rows[0]!.allowed;
    expect(await allowed(principalId, 'team.manage')).toBe(false);
    expect(await allowed(principalId, 'brand.create')).toBe(true);
    expect(await allowed(owner.id, 'team.manage')).toBe(true);
  });

  it('counts rate limits per key, not per address', async () => {
    const brandId = await brand('Rate Limited');
    const { id, key } = await createKey('agent');
    const response = await call('GET', `/api/brands/${brandId}/store/find?q=shirt`, { key });
    expect(response.statusCode).not.toBe(401);
    const counters = (await app.database.db.execute(
      sql`select key from rate_limit_counters where key like ${`%|key:${id}`}`,
    )) as unknown as { rows: { key: string }[] };
    expect(counters.rows).toHaveLength(1);
  });

  it('answers 401 to an unknown or malformed key, even on a public route', async () => {
    const unknown = `vc_${'A'.repeat(43)}`;
    for (const key of [unknown, 'not-a-key']) {
      const response = await call('GET', '/api/brands', { key });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/API key/);
    }
    expect((await call('GET', '/api/health', { key: unknown })).statusCode).toBe(401);
  });

  it('revoked: 204, then the key answers 401 and leaves the list; revoking again is 404', async () => {
    const { id, key } = await createKey('admin');
    expect((await call('GET', '/api/brands', { key })).statusCode).toBe(200);
    const url = `/api/workspaces/${workspaceId}/api-keys/${id}`;
    expect((await call('DELETE', url, agentPerson)).statusCode).toBe(403);
    expect((await call('DELETE', url, outsider)).statusCode).toBe(404);
    const revoked = await call('DELETE', url, owner);
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', '/api/brands', { key })).statusCode).toBe(401);
    const list = (await call('GET', `/api/workspaces/${workspaceId}/api-keys`, owner)).json() as {
      id: string;
    }[];
    expect(list.map((row) => row.id)).not.toContain(id);
    expect((await call('DELETE', url, owner)).statusCode).toBe(404);
  });

  it("goes with its workspace: deleting the workspace deletes the key's principal too", async () => {
    const db = app.database.db;
    const other = await createSignedInUser(db);
    const otherWorkspace = await personalWorkspaceOf(db, other.id);
    const response = await call('POST', `/api/workspaces/${otherWorkspace}/api-keys`, other, {
      name: 'Short-lived',
      role: 'agent',
    });
    expect(response.statusCode).toBe(201);
    const { id, key } = response.json() as { id: string; key: string };
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    await db.delete(workspaces).where(eq(workspaces.id, otherWorkspace));
    expect(await db.select().from(users).where(eq(users.id, row!.userId))).toEqual([]);
    expect((await call('GET', '/api/brands', { key })).statusCode).toBe(401);
  });

  it('holds at most 50 keys per workspace: the next is 409 until one is revoked', async () => {
    const db = app.database.db;
    const other = await createSignedInUser(db);
    const otherWorkspace = await personalWorkspaceOf(db, other.id);
    const service = createApiKeyService({ db });
    for (let n = 0; n < 50; n++)
      await service.create(other.id, otherWorkspace, { name: `k${n}`, role: 'agent' });
    const url = `/api/workspaces/${otherWorkspace}/api-keys`;
    const refused = await call('POST', url, other, { name: 'one more', role: 'agent' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('at most 50 API keys');
    const [first] = (await call('GET', url, other).then((r) => r.json())) as {
      id: string;
    }[];
    expect((await call('DELETE', `${url}/${first!.id}`, other)).statusCode).toBe(204);
    expect((await call('POST', url, other, { name: 'one more', role: 'agent' })).statusCode).toBe(201);
  });
});
