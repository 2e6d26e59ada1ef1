import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { instagramConnections, notifications } from '#server/db/schema/index.ts';
import { createTestWorkspace, useTestApp } from '#tests/support/test-app.ts';

/** Decision 045: a refused Instagram token tells the workspace's managers once, not at every refused call. */
const app = useTestApp();

describe('an Instagram account that needs reconnecting', () => {
  it('notifies owners and admins once when the token is first refused', async () => {
    const db = app.database.db;
    const {
      members: [owner],
      brand,
    } = await createTestWorkspace(db, ['owner', 'agent'], { instagramConnected: true });
    await db.insert(instagramConnections).values({
      brandId: brand.id,
      accountId: `acct-${Date.now()}`,
      username: 'reconnect_me',
      accessTokenSealed: 'not-opened-here',
    });

    await app.channel.connections.markNeedsReconnect(brand.id, 'Error validating access token');
    await app.channel.connections.markNeedsReconnect(brand.id, 'Error validating access token');
    const rows = await db.select().from(notifications).where(eq(notifications.brandId, brand.id));
    expect(rows.map((row) => row.userId)).toEqual([owner.id]);
    expect(rows[0]).toMatchObject({ kind: 'instagram_reconnect', link: '/dashboard/instagram' });
    expect(rows[0]!.title).toContain('@reconnect_me');
  });
});
