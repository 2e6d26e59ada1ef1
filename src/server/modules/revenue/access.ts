import { authorize, memberMay } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import { brands } from '#server/db/schema/index.ts';

/**
 * Which brands the caller may see revenue for, through the access policy (decision 030): one brand (404 when
 * it is in no workspace of theirs, exactly like a missing one) or, without a brand id, every brand of every
 * workspace they belong to.
 */
export async function visibleBrandIds(db: Database, userId: string, brandId?: string): Promise<string[]> {
  if (brandId) {
    await authorize(db, userId, 'brand.read', { brandId });
    return [brandId];
  }
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(memberMay(userId, 'brand.read', brands.workspaceId));
  return rows.map((row) => row.id);
}
