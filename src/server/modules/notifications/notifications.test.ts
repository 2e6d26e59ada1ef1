import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { NotificationList } from '#contracts/notifications.ts';
import { liveEvents, notifications, workspaceMembers } from '#server/db/schema/index.ts';
import { notify } from '#server/notifications/notify.ts';
import {
  createSignedInUser,
  createSignedInWorkspace,
  personalWorkspaceOf,
  useTestApp,
} from '#tests/support/test-app.ts';

/** The bell (decision 045): notify() writes a row per member it concerns; each member reads and marks their own. */
let shop: string;
let brandId: string;
let owner: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let agent: { id: string; cookie: string };
let outsider: { id: string; cookie: string };

const call = (method: 'GET' | 'POST', url: string, cookie: string, workspace?: string) =>
  app.app.inject({ method, url, headers: { cookie, ...(workspace ? { 'x-workspace-id': workspace } : {}) } });
const bell = async (who: { cookie: string }) =>
  (await call('GET', '/api/notifications', who.cookie, shop)).json() as NotificationList;

const app = useTestApp();
beforeAll(async () => {
  const db = app.database.db;
  const workspace = await createSignedInWorkspace(db, ['owner', 'admin', 'agent'], {
    name: 'Shop brand',
    username: 'shopbrand',
  });
  shop = workspace.workspaceId;
  brandId = workspace.brand.id;
  [owner, admin, agent] = workspace.members;
  outsider = await createSignedInUser(db);
}, 60_000);

describe('notify', () => {
  it('writes one row per member for everyone, and only owners and admins for managers', async () => {
    const db = app.database.db;
    const before = await db.select().from(liveEvents).where(eq(liveEvents.topic, 'notification'));
    expect(
      await notify(db, {
        workspaceId: shop,
        kind: 'conversation_escalated',
        title: '@buyer needs a person',
        link: '/dashboard/conversations',
        brandId,
        audience: 'all',
        sourceKey: 'test:everyone',
      }),
    ).toBe(3);
    expect(
      await notify(db, {
        workspaceId: shop,
        kind: 'webhook_endpoint_failing',
        title: 'An endpoint keeps failing',
        link: '/dashboard/settings/api',
        audience: 'managers',
      }),
    ).toBe(2);
    expect((await bell(owner)).unread).toBe(2);
    expect((await bell(admin)).items.map((item) => item.title)).toEqual([
      'An endpoint keeps failing',
      '@buyer needs a person',
    ]);
    expect((await bell(agent)).items.map((item) => item.kind)).toEqual(['conversation_escalated']);
    // Each notify told open dashboards once: a live event for the workspace, brand-less for the workspace one.
    const after = await db.select().from(liveEvents).where(eq(liveEvents.topic, 'notification'));
    expect(after.length - before.length).toBe(2);
    expect(after.at(-1)).toMatchObject({ workspaceId: shop, brandId: null, op: 'insert' });
  });

  it('notifies each member once per source event, however often it is told', async () => {
    const db = app.database.db;
    const notice = {
      workspaceId: shop,
      kind: 'store_sync_failed' as const,
      title: 'The store sync failed',
      link: '/dashboard/shopify',
      brandId,
      audience: 'managers' as const,
      sourceKey: 'test:once',
    };
    expect(await notify(db, notice)).toBe(2);
    expect(await notify(db, notice)).toBe(0);
    await db.transaction(async (tx) => {
      expect(await notify(tx, notice)).toBe(0);
    });
    const rows = await db.select().from(notifications).where(eq(notifications.sourceKey, 'test:once'));
    expect(rows.map((row) => row.userId).sort()).toEqual([owner.id, admin.id].sort());
  });

  it('writes nothing when the transaction that made the change rolls back', async () => {
    const db = app.database.db;
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, {
          workspaceId: shop,
          kind: 'instagram_reconnect',
          title: 'rolled back',
          link: '/dashboard/instagram',
          audience: 'all',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.select().from(notifications).where(eq(notifications.title, 'rolled back'))).toEqual([]);
  });
});

describe('the bell', () => {
  it("marks one and then all of the caller's notifications read, nobody else's", async () => {
    const ownerBell = await bell(owner);
    const first = ownerBell.items[0]!;
    const unread = ownerBell.unread;
    expect(unread).toBeGreaterThan(1);

    // Another member's notification and a stranger answer 404 and change nothing.
    expect((await call('POST', `/api/notifications/${first.id}/read`, admin.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${first.id}/read`, outsider.cookie)).statusCode).toBe(404);
    expect((await bell(owner)).unread).toBe(unread);

    expect((await call('POST', `/api/notifications/${first.id}/read`, owner.cookie)).statusCode).toBe(204);
    const afterOne = await bell(owner);
    expect(afterOne.unread).toBe(unread - 1);
    expect(afterOne.items.find((item) => item.id === first.id)?.read).toBe(true);

    const adminUnread = (await bell(admin)).unread;
    expect((await call('POST', '/api/notifications/read-all', owner.cookie, shop)).statusCode).toBe(204);
    expect((await bell(owner)).unread).toBe(0);
    expect((await bell(admin)).unread).toBe(adminUnread);
  });

  it('shows a non-member nothing of the workspace, and a bad id is a 400', async () => {
    const listed = await call('GET', '/api/notifications', outsider.cookie, shop);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ items: [], unread: 0 });
    expect((await call('POST', '/api/notifications/not-an-id/read', owner.cookie)).statusCode).toBe(400);
    expect((await app.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it("reads the session's current workspace without the header", async () => {
    const db = app.database.db;
    const personal = await personalWorkspaceOf(db, owner.id);
    await notify(db, {
      workspaceId: personal,
      kind: 'invitation_accepted',
      title: 'Someone joined',
      link: '/dashboard/settings/team',
      audience: 'managers',
    });
    const mine = (await call('GET', '/api/notifications', owner.cookie)).json() as NotificationList;
    expect(mine.items.map((item) => item.title)).toEqual(['Someone joined']);
    const removed = await db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, shop), eq(workspaceMembers.userId, agent.id)))
      .returning();
    expect(removed).toHaveLength(1);
    // A member who left sees nothing of the workspace any more.
    expect((await bell(agent)).items).toEqual([]);
  });
});
