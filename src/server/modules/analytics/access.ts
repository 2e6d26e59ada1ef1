import { sql } from 'drizzle-orm';
import { memberMay } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import { brands } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';

/**
 * Which brands the signed-in user may see on the Performance screen: the one asked for (404 when it is missing or
 * not readable by them, the same answer for both), or every brand the access policy lets them read (decision 030).
 * The one place this module decides brand access.
 */
export async function brandsVisibleTo(db: Database, userId: string, brandId?: string): Promise<string[]> {
  const readable = memberMay(userId, 'brand.read', brands.workspaceId);
  const result = (await db.execute(
    brandId
      ? sql`select ${brands.id}::text as id from ${brands} where ${brands.id} = ${brandId} and ${readable}`
      : sql`select ${brands.id}::text as id from ${brands} where ${readable}`,
  )) as unknown as { rows: { id: string }[] };
  if (brandId && result.rows.length === 0) throw new AppError('NOT_FOUND', 'Brand not found');
  return result.rows.map((row) => row.id);
}
