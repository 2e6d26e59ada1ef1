import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, storeConnections } from '#server/db/schema/index.ts';
import { createTestWorkspace, useTestApp } from '#tests/support/test-app.ts';

/** Decision 045: a failed store sync tells the workspace's managers, once per run. */
const app = useTestApp();

describe('a store sync that fails', () => {
  it('notifies owners and admins once for the failed run', async () => {
    const db = app.database.db;
    const {
      members: [owner, admin],
      brand,
    } = await createTestWorkspace(db, ['owner', 'admin', 'agent'], { name: 'S', username: 's' });
    // Credentials that cannot be opened: the run fails before any call leaves.
    const [connection] = await db
      .insert(storeConnections)
      .values({
        brandId: brand.id,
        platform: 'shopify',
        name: 'Broken',
        storeKey: 'broken.myshopify.com',
        currency: 'USD',
        sealedCredentials: 'not-a-sealed-value',
      })
      .returning();

    await expect(app.catalog.sync.runSync(connection!.id)).rejects.toThrow('catalog sync failed');
    const [stored] = await db.select().from(storeConnections).where(eq(storeConnections.id, connection!.id));
    expect(stored!.syncState).toBe('failed');
    const rows = await db.select().from(notifications).where(eq(notifications.brandId, brand.id));
    expect(rows.map((row) => row.userId).sort()).toEqual([owner.id, admin.id].sort());
    expect(rows[0]).toMatchObject({ kind: 'store_sync_failed', link: '/dashboard/shopify' });
    expect(rows[0]!.sourceKey).toMatch(new RegExp(`^store-sync:${connection!.id}:`));
  });
});
