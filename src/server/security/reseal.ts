import { and, eq, getTableColumns, like } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { storeConnections } from '#server/db/schema/catalog.ts';
import { instagramConnections } from '#server/db/schema/channel.ts';
import { isCurrentFormat, type SecretBox, type SecretPurpose } from './secret-box.ts';

/** A sealed column named by its table's own key for it, so a misspelt key is a compile error. */
const sealedColumn = <Table extends PgTable>(
  table: Table,
  key: Extract<keyof Table['_']['columns'], string>,
  purpose: SecretPurpose,
) => ({ table: table as PgTable, key: key as string, purpose });

/** Every sealed column that may still hold first-format values, with the purpose its values are sealed for. */
const sealedColumns = [
  sealedColumn(storeConnections, 'sealedCredentials', 'store-credentials'),
  sealedColumn(storeConnections, 'sealedWebhookSecret', 'store-webhook-secret'),
  sealedColumn(instagramConnections, 'accessTokenSealed', 'instagram-token'),
];

/**
 * Stored secrets still in the first format (no purpose bound, see secret-box.ts) are read once and written back
 * sealed for their purpose. Each write replaces only the exact old value, so two instances starting together,
 * or a token refreshed meanwhile, never lose a value. Returns how many were re-sealed.
 */
export async function resealLegacySecrets(db: Database, box: SecretBox): Promise<number> {
  let count = 0;
  for (const sealed of sealedColumns) count += await resealColumn(db, box, sealed);
  return count;
}

/** One column of sealed secrets: each value still in the first format, re-sealed for `purpose` unless it changed. */
async function resealColumn(
  db: Database,
  box: SecretBox,
  { table, key, purpose }: (typeof sealedColumns)[number],
): Promise<number> {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const id = columns.id!;
  const column = columns[key]!;
  const rows = await db.select({ id, value: column }).from(table).where(like(column, 'v1.%'));
  let count = 0;
  for (const row of rows) {
    const old = row.value as string | null;
    if (!old || isCurrentFormat(old)) continue;
    const done = await db
      .update(table)
      .set({ [key]: box.seal(box.open(old, purpose), purpose) })
      .where(and(eq(id, row.id), eq(column, old)))
      .returning({ id });
    count += done.length;
  }
  return count;
}
