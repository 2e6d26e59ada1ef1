import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '#server/config.ts';
import { startRuntime, type Runtime } from '#server/runtime.ts';
import { buildApp, type AppDeps } from '#server/app.ts';
import type { DashboardPorts } from '#server/modules/dashboard/ports.ts';
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { WorkspaceRole } from '#contracts/workspaces.ts';
import {
  brands,
  conversations,
  users,
  workspaceMembers,
  workspaces,
  type User,
} from '#server/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp extends Runtime {
  database: TestDatabase;
  config: Config;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  workers?: boolean;
  dashboardPorts?: DashboardPorts;
  logStream?: NonNullable<Parameters<typeof startRuntime>[1]>['logStream'];
  channel?: NonNullable<Parameters<typeof startRuntime>[1]>['channel'];
}

/**
 * The real app on a fresh database, for `app.inject()` tests. Job workers run only when asked
 * (`workers: true`), polling every half second.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    // TEST_LOG_LEVEL=debug shows the apps' logs, e.g. to search a whole run's lines for the tokens tests use.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CLIENT_DIST_DIR: '/nonexistent-client-build',
    JOB_POLL_SECONDS: '0.5',
    // A fresh key per app: nothing written to ./data, and secrets sealed in one test cannot open in another.
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const runtime = await startRuntime(config, {
    database,
    workers: options.workers ?? false,
    ...(options.dashboardPorts ? { dashboardPorts: options.dashboardPorts } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.channel ? { channel: options.channel } : {}),
  });
  return { ...runtime, database, config };
}

/**
 * The test file's (or describe block's) app: made by a `beforeAll` registered here and closed by an `afterAll`, so a
 * file says only how its app differs. What it returns stands in for that app (a proxy) once the hook has run.
 * Vitest runs `beforeAll` hooks in the order they were registered and `afterAll` hooks in the reverse order: a
 * `beforeAll` after this call sees the app made; a fake server started and stopped by hooks registered before it
 * is up before the app starts and still up until the app has closed.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    // A function when the options name something a `beforeAll` before this one starts (a fake server's URL).
    current = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('the test app is made in beforeAll: use it inside a hook or a test');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/**
 * One more instance of the app (its own routes, plugins and rate limits) on the test app's database, job queue,
 * mailer, secret box and channel; `deps` add or replace parts.
 */
export function buildAppOn(app: TestApp, deps: Partial<AppDeps> = {}) {
  return buildApp({
    config: app.config,
    database: app.database,
    jobs: app.jobs,
    mailer: app.mailer,
    secretBox: app.secretBox,
    channel: app.channel,
    ...deps,
  });
}

/**
 * A request to the app as the browser (or an API client) sends it: the session cookie when given, `body` as JSON,
 * then any other headers; from `remoteAddress` when given (the rate limits count per address).
 */
export function requestAs(
  app: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    cookie?: string | null;
    body?: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
) {
  const { cookie, body, headers, remoteAddress } = options;
  return app.app.inject({
    method,
    url,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

let userCounter = 0;

/** Inserts a user directly (no password); verified unless told otherwise. */
export async function createTestUser(
  db: Database,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  userCounter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${userCounter}-${Date.now()}@example.com`,
      firstName: 'Test',
      lastName: `User${userCounter}`,
      verified: true,
      ...fields,
    })
    .returning();
  return user!;
}

/** A signed-in cookie header for the user, as the browser would send it. */
export async function signInAs(db: Database, userId: string): Promise<{ cookie: string }> {
  const token = await createSession(db, userId);
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/** A user made by `createTestUser` and signed in: the user's row with the cookie header its browser sends. */
export async function createSignedInUser(
  db: Database,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<User & { cookie: string }> {
  const user = await createTestUser(db, fields);
  return { ...user, ...(await signInAs(db, user.id)) };
}

/** A new user with the role in the workspace, signed in: a teammate of whoever else is in it. */
export async function createSignedInMember(
  db: Database,
  workspaceId: string,
  role: WorkspaceRole,
): Promise<User & { cookie: string }> {
  const member = await createSignedInUser(db);
  await db.insert(workspaceMembers).values({ workspaceId, userId: member.id, role });
  return member;
}

/** A verified user, signed in, with a brand of their own (`brand` changes its fields): where most route tests start. */
export async function createSignedInOwner(
  db: Database,
  brand: Partial<typeof brands.$inferInsert> = {},
): Promise<{ user: User; cookie: string; brand: typeof brands.$inferSelect }> {
  const { cookie, ...user } = await createSignedInUser(db);
  return {
    user,
    cookie,
    brand: await createTestBrand(db, { userId: user.id, name: 'B', username: 'b', ...brand }),
  };
}

/** Inserts one brand as given and returns its row: for tests that need a brand beside the ones the helpers above make. */
export async function createTestBrand(
  db: Database,
  fields: typeof brands.$inferInsert,
): Promise<typeof brands.$inferSelect> {
  const [row] = await db.insert(brands).values(fields).returning();
  return row!;
}

/** A conversation of the brand with one buyer (`fields` changes who): what a test of messages and their events starts from. */
export async function createTestConversation(
  db: Database,
  brandId: string,
  fields: Partial<Omit<typeof conversations.$inferInsert, 'brandId'>> = {},
): Promise<typeof conversations.$inferSelect> {
  const [row] = await db
    .insert(conversations)
    .values({ brandId, customerUsername: 'buyer', customerInstagramId: 'igsid-1', ...fields })
    .returning();
  return row!;
}

/** The user's personal workspace (made with the account by the `users_personal_workspace` trigger). */
export async function personalWorkspaceOf(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.personalFor, userId));
  if (!row) throw new Error(`user ${userId} has no personal workspace`);
  return row.id;
}

/**
 * A workspace with one new member per role given (in that order) and a brand in it, owned by the first: what a
 * test of who is told, or who may, sets up.
 */
export async function createTestWorkspace<const Roles extends readonly WorkspaceRole[]>(
  db: Database,
  roles: Roles,
  brand: Partial<typeof brands.$inferInsert> = {},
): Promise<{
  workspaceId: string;
  members: { [Index in keyof Roles]: User };
  brand: typeof brands.$inferSelect;
}> {
  const members: User[] = [];
  for (const _role of roles) members.push(await createTestUser(db));
  const [workspace] = await db.insert(workspaces).values({ name: 'Test workspace' }).returning();
  await db
    .insert(workspaceMembers)
    .values(roles.map((role, index) => ({ workspaceId: workspace!.id, userId: members[index]!.id, role })));
  const row = await createTestBrand(db, {
    workspaceId: workspace!.id,
    userId: members[0]!.id,
    name: 'B',
    username: 'b',
    ...brand,
  });
  // One member per role, in the roles' order.
  return { workspaceId: workspace!.id, members: members as { [Index in keyof Roles]: User }, brand: row };
}

/** `createTestWorkspace` with every member signed in: each member carries the cookie header their browser sends. */
export async function createSignedInWorkspace<const Roles extends readonly WorkspaceRole[]>(
  db: Database,
  roles: Roles,
  brand: Partial<typeof brands.$inferInsert> = {},
): Promise<{
  workspaceId: string;
  members: { [Index in keyof Roles]: User & { cookie: string } };
  brand: typeof brands.$inferSelect;
}> {
  const workspace = await createTestWorkspace(db, roles, brand);
  const members: (User & { cookie: string })[] = [];
  for (const member of workspace.members as readonly User[])
    members.push({ ...member, ...(await signInAs(db, member.id)) });
  return { ...workspace, members: members as { [Index in keyof Roles]: User & { cookie: string } } };
}
