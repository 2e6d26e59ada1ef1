import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { overviewTrendsSchema } from '#contracts/analytics.ts';
import pino from 'pino';
import { overviewCountsJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { brands, workspaceDailyCounts } from '#server/db/schema/index.ts';
import {
  createSignedInUser,
  createTestUser,
  personalWorkspaceOf,
  useTestApp,
} from '#tests/support/test-app.ts';
import { recordOverviewCounts, readOverviewTrends } from './overview-counts.ts';
import { startAnalyticsWorker } from './worker.ts';

const DAY = 86_400_000;

const app = useTestApp();

const overview = (cookie: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url: '/api/analytics/overview', headers: { cookie, ...headers } });

describe('the Overview stat cards against 30 days before', () => {
  it('has no trend until the workspace has counts recorded 30 days back', async () => {
    const db = app.database.db;
    const user = await createSignedInUser(db);
    await db.insert(brands).values({ userId: user.id, name: 'New', username: 'new_shop' });
    // Recorded today and 29 days ago: neither is 30 days back.
    await recordOverviewCounts(db);
    await recordOverviewCounts(db, new Date(Date.now() - 29 * DAY));

    const response = await overview(user.cookie);
    expect(response.statusCode).toBe(200);
    expect(overviewTrendsSchema.parse(response.json())).toEqual({
      current: { totalBrands: 1, activeBrands: 1, instagramConnected: 0, shopifyConnected: 0 },
      previous: null,
      previousDay: null,
    });
  });

  it('compares the live counts with the last recording on or before the day 30 days ago, deleted brands included', async () => {
    const db = app.database.db;
    const user = await createSignedInUser(db);
    const workspaceId = await personalWorkspaceOf(db, user.id);
    const [kept, deleted] = await db
      .insert(brands)
      .values([
        { userId: user.id, name: 'Kept', username: 'kept_shop', instagramConnected: true },
        { userId: user.id, name: 'Gone', username: 'gone_shop', shopifyConnected: true },
      ])
      .returning();
    const fortyDaysAgo = new Date(Date.now() - 40 * DAY);
    const thirtyFiveDaysAgo = new Date(Date.now() - 35 * DAY);
    await recordOverviewCounts(db, fortyDaysAgo);
    // Later the same picture once more: the newest recording on or before the cut-off is the one compared.
    await db.update(brands).set({ active: false }).where(eq(brands.id, kept!.id));
    await recordOverviewCounts(db, thirtyFiveDaysAgo);

    // Since then: one brand deleted, two added, the paused one back on and connected to a store.
    await db.delete(brands).where(eq(brands.id, deleted!.id));
    await db.insert(brands).values([
      { userId: user.id, name: 'Third', username: 'third_shop', active: false },
      { userId: user.id, name: 'Fourth', username: 'fourth_shop', instagramConnected: true },
    ]);
    await db.update(brands).set({ active: true, shopifyConnected: true }).where(eq(brands.id, kept!.id));

    const response = await overview(user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      current: { totalBrands: 3, activeBrands: 2, instagramConnected: 2, shopifyConnected: 1 },
      previous: { totalBrands: 2, activeBrands: 1, instagramConnected: 1, shopifyConnected: 1 },
      previousDay: thirtyFiveDaysAgo.toISOString().slice(0, 10),
    });
    // The same through the service with the workspace named explicitly.
    expect((await readOverviewTrends(db, user.id, workspaceId)).previous?.totalBrands).toBe(2);
  });

  it('keeps one row per workspace and day: a later recording the same day replaces the earlier', async () => {
    const db = app.database.db;
    const user = await createTestUser(db);
    const workspaceId = await personalWorkspaceOf(db, user.id);
    const day = new Date(Date.now() - 50 * DAY);
    await recordOverviewCounts(db, day);
    await db.insert(brands).values({ userId: user.id, name: 'Late', username: 'late_shop' });
    await Promise.all([recordOverviewCounts(db, day), recordOverviewCounts(db, day)]);
    const rows = await db
      .select()
      .from(workspaceDailyCounts)
      .where(
        and(
          eq(workspaceDailyCounts.workspaceId, workspaceId),
          eq(workspaceDailyCounts.day, day.toISOString().slice(0, 10)),
        ),
      );
    expect(rows).toEqual([expect.objectContaining({ totalBrands: 1, activeBrands: 1 })]);
  });

  it('answers 404 for a workspace the user is not a member of, and 401 without a session', async () => {
    const db = app.database.db;
    const { cookie } = await createSignedInUser(db);
    const stranger = await createTestUser(db);
    await db.insert(brands).values({ userId: stranger.id, name: 'Theirs', username: 'their_shop' });
    const strangersWorkspace = await personalWorkspaceOf(db, stranger.id);
    const refused = await overview(cookie, { 'x-workspace-id': strangersWorkspace });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).not.toHaveProperty('current');
    const anonymous = await app.app.inject({ method: 'GET', url: '/api/analytics/overview' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the overview-counts job', () => {
  it("is worked hourly and records each workspace's counts for today when it runs", async () => {
    const db = app.database.db;
    // The queue's part is pg-boss's (src/server/jobs/queue.test.ts); here, what the analytics worker asks of it and what
    // its handler does against the real database.
    const handlers = new Map<string, () => Promise<void>>();
    const repeats = new Map<string, number>();
    const jobs = {
      async work(job: { name: string }, handler: () => Promise<void>) {
        handlers.set(job.name, handler);
      },
      async repeat(job: { name: string }, everySeconds: number) {
        repeats.set(job.name, everySeconds);
      },
    } as unknown as JobQueue;
    await startAnalyticsWorker({ db, jobs, everySeconds: 60, log: pino({ level: 'silent' }) });
    expect(repeats.get(overviewCountsJob.name)).toBe(3600);

    const user = await createTestUser(db);
    const workspaceId = await personalWorkspaceOf(db, user.id);
    await db.insert(brands).values([
      { userId: user.id, name: 'Job', username: 'job_shop' },
      { userId: user.id, name: 'Paused', username: 'paused_shop', active: false },
    ]);
    await handlers.get(overviewCountsJob.name)!();
    const rows = await db
      .select()
      .from(workspaceDailyCounts)
      .where(eq(workspaceDailyCounts.workspaceId, workspaceId));
    expect(rows).toEqual([
      expect.objectContaining({
        day: new Date().toISOString().slice(0, 10),
        totalBrands: 2,
        activeBrands: 1,
      }),
    ]);
  });
});
