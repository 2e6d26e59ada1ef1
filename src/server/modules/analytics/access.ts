import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/errors.ts';

/**
 * Which brands the signed-in user may see on the Performance screen: the one asked for (404 when it is missing or
 * not theirs, the same answer for both), or all of theirs. The one place this module decides brand access, so a
 * workspace access policy can replace it without touching the figures.
 */
export async function brandsVisibleTo(db: Database, userId: string, brandId?: string): Promise<string[]> {
  const result = (await db.execute(
    brandId
      ? sql`select id::text as id from brands where id = ${brandId} and user_id = ${userId}`
      : sql`select id::text as id from brands where user_id = ${userId}`,
  )) as unknown as { rows: { id: string }[] };
  if (brandId && result.rows.length === 0) throw notFound('Brand not found');
  return result.rows.map((row) => row.id);
}
