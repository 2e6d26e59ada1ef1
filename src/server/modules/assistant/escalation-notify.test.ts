import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, notifications } from '#server/db/schema/index.ts';
import { createTestUser, createTestWorkspace, useTestApp } from '#tests/support/test-app.ts';
import { escalateConversation } from './queries.ts';

/** Decision 045: an escalation tells every member once, even when the job that escalated runs again. */
const app = useTestApp();

describe('escalating a conversation', () => {
  it('notifies every member of the brand’s workspace once per escalating event', async () => {
    const db = app.database.db;
    const {
      members: [owner, agent],
      brand,
    } = await createTestWorkspace(db, ['owner', 'agent']);
    const stranger = await createTestUser(db);
    const [conversation] = await db
      .insert(conversations)
      .values({ brandId: brand.id, customerUsername: 'buyer7', customerInstagramId: 'ig-7' })
      .returning();

    await escalateConversation(db, conversation!.id, 'message:first');
    // The job retried after a crash: the same event escalates again.
    await escalateConversation(db, conversation!.id, 'message:first');
    const [row] = await db.select().from(conversations).where(eq(conversations.id, conversation!.id));
    expect(row!.status).toBe('escalated');
    let rows = await db.select().from(notifications).where(eq(notifications.brandId, brand.id));
    expect(rows.map((item) => item.userId).sort()).toEqual([owner.id, agent.id].sort());
    expect(rows.map((item) => item.userId)).not.toContain(stranger.id);
    expect(rows[0]).toMatchObject({
      kind: 'conversation_escalated',
      title: '@buyer7 needs a person: the assistant handed the conversation over.',
      link: `/dashboard/conversations?brand=${brand.id}&conversation=${conversation!.id}`,
    });

    // Handed back and escalated again by a later message: a new notification.
    await db.update(conversations).set({ status: 'active' }).where(eq(conversations.id, conversation!.id));
    await escalateConversation(db, conversation!.id, 'message:second');
    rows = await db.select().from(notifications).where(eq(notifications.brandId, brand.id));
    expect(rows).toHaveLength(4);
  });
});
