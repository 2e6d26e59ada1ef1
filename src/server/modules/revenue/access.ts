import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { brands } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';

/**
 * Which brands the signed-in user may see revenue for: one brand (404 when it is not theirs, exactly like a
 * missing one) or, without a brand id, all of theirs. The one place revenue decides access, so a workspace
 * policy can replace it.
 */
export async function visibleBrandIds(db: Database, userId: string, brandId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(brandId ? and(eq(brands.userId, userId), eq(brands.id, brandId)) : eq(brands.userId, userId));
  if (brandId && rows.length === 0) throw new AppError('NOT_FOUND', 'Brand not found');
  return rows.map((row) => row.id);
}
