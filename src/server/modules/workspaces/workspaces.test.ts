import { beforeAll, describe, expect, it } from 'vitest';
import { brands, workspaceMembers, workspaces } from '#server/db/schema/index.ts';
import {
  createSignedInUser,
  personalWorkspaceOf,
  requestAs,
  signInAs,
  useTestApp,
} from '#tests/support/test-app.ts';

/** The workspaces contract (decision 030): the list, members, X-Workspace-Id, the session's current one. */
let agency: string;
let personal: string;
let owner: { id: string; email: string; cookie: string };
let agent: { id: string; email: string; cookie: string };
let stranger: { cookie: string };

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string,
  options: { body?: unknown; workspace?: string } = {},
) =>
  requestAs(app, method, url, {
    cookie,
    body: options.body,
    headers: options.workspace ? { 'x-workspace-id': options.workspace } : {},
  });

const app = useTestApp();
beforeAll(async () => {
  const db = app.database.db;
  owner = await createSignedInUser(db, { firstName: 'Olga', lastName: 'Owner' });
  agent = await createSignedInUser(db);
  stranger = await createSignedInUser(db);
  personal = await personalWorkspaceOf(db, owner.id);
  const [shared] = await db.insert(workspaces).values({ name: 'Agency' }).returning();
  agency = shared!.id;
  await db.insert(workspaceMembers).values([
    { workspaceId: agency, userId: owner.id, role: 'owner' },
    { workspaceId: agency, userId: agent.id, role: 'agent' },
  ]);
  await db.insert(brands).values([
    { workspaceId: personal, userId: owner.id, name: 'Mine', username: 'mine' },
    { workspaceId: agency, userId: owner.id, name: 'Client', username: 'client' },
  ]);
}, 60_000);

describe('GET /api/workspaces and members', () => {
  it("lists the caller's workspaces with their role, the personal one first", async () => {
    const response = await call('GET', '/api/workspaces', owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: personal, name: 'Olga Owner', role: 'owner' },
      { id: agency, name: 'Agency', role: 'owner' },
    ]);
    const forAgent = (await call('GET', '/api/workspaces', agent.cookie)).json() as {
      id: string;
      role: string;
    }[];
    expect(forAgent.find((workspace) => workspace.id === agency)?.role).toBe('agent');
  });

  it('lists the members to a member, and answers 404 to anyone else', async () => {
    const response = await call('GET', `/api/workspaces/${agency}/members`, agent.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { userId: owner.id, email: owner.email, role: 'owner' },
      { userId: agent.id, email: agent.email, role: 'agent' },
    ]);
    expect((await call('GET', `/api/workspaces/${agency}/members`, stranger.cookie)).statusCode).toBe(404);
  });
});

describe('the current workspace', () => {
  it('lists the current workspace’s brands; X-Workspace-Id picks another one the caller is in, else 404', async () => {
    const names = async (workspace?: string) =>
      (
        (await call('GET', '/api/brands', owner.cookie, workspace ? { workspace } : {})).json() as {
          name: string;
        }[]
      ).map((brand) => brand.name);
    expect(await names()).toEqual(['Mine']);
    expect(await names(agency)).toEqual(['Client']);
    expect((await call('GET', '/api/brands', stranger.cookie, { workspace: agency })).statusCode).toBe(404);
    const bad = await call('GET', '/api/brands', owner.cookie, { workspace: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('X-Workspace-Id');
  });

  it('is kept per session: switching one session leaves the others where they were', async () => {
    const other = await signInAs(app.database.db, owner.id);
    const switched = await call('PUT', '/api/session/workspace', owner.cookie, {
      body: { workspaceId: agency },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ id: agency, name: 'Agency', role: 'owner' });
    expect((await call('GET', '/api/session/workspace', owner.cookie)).json().id).toBe(agency);
    expect(((await call('GET', '/api/brands', owner.cookie)).json() as { name: string }[])[0]?.name).toBe(
      'Client',
    );
    expect((await call('GET', '/api/session/workspace', other.cookie)).json().id).toBe(personal);
    await call('PUT', '/api/session/workspace', owner.cookie, { body: { workspaceId: personal } });
  });

  it('refuses to switch to a workspace the caller is not in (404), changing nothing', async () => {
    const response = await call('PUT', '/api/session/workspace', stranger.cookie, {
      body: { workspaceId: agency },
    });
    expect(response.statusCode).toBe(404);
    const current = (await call('GET', '/api/session/workspace', stranger.cookie)).json() as { id: string };
    expect(current.id).not.toBe(agency);
  });

  it('creates a brand in the current workspace; an agent may not (403), an outsider cannot see it (404)', async () => {
    const created = await call('POST', '/api/brands', owner.cookie, {
      body: { name: 'For the client', username: 'forclient' },
      workspace: agency,
    });
    expect(created.statusCode).toBe(201);
    const listed = (await call('GET', '/api/brands', agent.cookie, { workspace: agency })).json() as {
      id: string;
    }[];
    expect(listed.map((brand) => brand.id)).toContain(created.json().id);
    const body = { name: 'Nope', username: 'nope' };
    expect((await call('POST', '/api/brands', agent.cookie, { body, workspace: agency })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/brands', stranger.cookie, { body, workspace: agency })).statusCode).toBe(
      404,
    );
  });
});
