import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily, brands, comments, workspaceMembers, workspaces } from '#server/db/schema/index.ts';
import type { Usage } from '#contracts/usage.ts';
import { createTestUser, signInAs, useTestApp } from '#tests/support/test-app.ts';

/** This month's usage (decision 045): replies sent in DMs from the roll-up, comments with a reply. */
let shop: string;
let ownerCookie: string;
let agentCookie: string;
let outsiderCookie: string;
let alpha: string;
let beta: string;

const now = new Date();
const firstOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastMonth = new Date(firstOfMonth.getTime() - 24 * 60 * 60 * 1000);
const day = (date: Date) => date.toISOString().slice(0, 10);

const get = (url: string, cookie: string, workspace?: string) =>
  app.app.inject({
    method: 'GET',
    url,
    headers: { cookie, ...(workspace ? { 'x-workspace-id': workspace } : {}) },
  });

const app = useTestApp();
beforeAll(async () => {
  const db = app.database.db;
  const [owner, agent, outsider] = [
    await createTestUser(db),
    await createTestUser(db),
    await createTestUser(db),
  ];
  ownerCookie = (await signInAs(db, owner.id)).cookie;
  agentCookie = (await signInAs(db, agent.id)).cookie;
  outsiderCookie = (await signInAs(db, outsider.id)).cookie;
  const [row] = await db.insert(workspaces).values({ name: 'Usage' }).returning();
  shop = row!.id;
  await db.insert(workspaceMembers).values([
    { workspaceId: shop, userId: owner.id, role: 'owner' },
    { workspaceId: shop, userId: agent.id, role: 'agent' },
  ]);
  const inserted = await db
    .insert(brands)
    .values([
      { workspaceId: shop, userId: owner.id, name: 'Alpha', username: 'alpha', timeZone: 'UTC' },
      { workspaceId: shop, userId: owner.id, name: 'Beta', username: 'beta', timeZone: 'UTC' },
    ])
    .returning();
  [alpha, beta] = [inserted[0]!.id, inserted[1]!.id];
  await db.insert(analyticsDaily).values([
    { brandId: alpha, day: day(firstOfMonth), aiReplies: 5, humanReplies: 2, inbound: 9 },
    { brandId: beta, day: day(firstOfMonth), aiReplies: 1, humanReplies: 0 },
    // Last month is not this month's usage.
    { brandId: alpha, day: day(lastMonth), aiReplies: 100, humanReplies: 100 },
  ]);
  const comment = (brandId: string, n: number, replied: boolean, createdAt: Date) => ({
    brandId,
    instagramCommentId: `c-${brandId}-${n}`,
    username: 'fan',
    content: 'Nice',
    replied,
    createdAt,
  });
  await db
    .insert(comments)
    .values([
      comment(alpha, 1, true, new Date(firstOfMonth.getTime() + 60_000)),
      comment(alpha, 2, false, new Date(firstOfMonth.getTime() + 60_000)),
      comment(beta, 3, true, new Date(firstOfMonth.getTime() + 120_000)),
      comment(beta, 4, true, new Date(lastMonth.getTime() + 60_000)),
    ]);
}, 60_000);

describe('GET /api/usage', () => {
  it('sums DMs and comments answered this month per workspace, per brand and per day', async () => {
    const response = await get('/api/usage', ownerCookie, shop);
    expect(response.statusCode, response.body).toBe(200);
    const usage = response.json() as Usage;
    expect(usage).toMatchObject({ plan: 'Professional Plan', month: day(firstOfMonth), dms: 8, comments: 2 });
    expect(usage.brands).toEqual([
      { brandId: alpha, name: 'Alpha', dms: 7, comments: 1 },
      { brandId: beta, name: 'Beta', dms: 1, comments: 1 },
    ]);
    expect(usage.days).toEqual([{ day: day(firstOfMonth), dms: 8, comments: 2 }]);
  });

  it('is for members only: an agent reads it, anyone else gets 404', async () => {
    expect((await get('/api/usage', agentCookie, shop)).statusCode).toBe(200);
    expect((await get('/api/usage', outsiderCookie, shop)).statusCode).toBe(404);
    expect((await get('/api/usage/summary', outsiderCookie, shop)).statusCode).toBe(404);
  });
});

describe('GET /api/usage/summary', () => {
  it("counts the footer's answered messages of the current workspace", async () => {
    const summary = await get('/api/usage/summary', ownerCookie, shop);
    expect(summary.json()).toEqual({ plan: 'Professional Plan', answered: 10 });
    // Without the header: the session's workspace, the owner's personal one, empty.
    const personal = await get('/api/usage/summary', ownerCookie);
    expect(personal.statusCode).toBe(200);
    expect(personal.json()).toEqual({ plan: 'Professional Plan', answered: 0 });
  });
});
