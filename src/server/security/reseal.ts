import { and, eq, like } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { storeConnections } from '#server/db/schema/catalog.ts';
import { instagramConnections } from '#server/db/schema/channel.ts';
import { isCurrentFormat, type SecretBox, type SecretPurpose } from './secret-box.ts';

/**
 * Stored secrets still in the first format (no purpose bound, see secret-box.ts) are read once and written back
 * sealed for their purpose. Each write replaces only the exact old value, so two instances starting together,
 * or a token refreshed meanwhile, never lose a value. Returns how many were re-sealed.
 */
export async function resealLegacySecrets(db: Database, box: SecretBox): Promise<number> {
  const credentials = await resealColumn(db, box, {
    table: storeConnections,
    id: storeConnections.id,
    column: storeConnections.sealedCredentials,
    purpose: 'store-credentials',
    set: (sealed) => ({ sealedCredentials: sealed }),
  });
  const webhookSecrets = await resealColumn(db, box, {
    table: storeConnections,
    id: storeConnections.id,
    column: storeConnections.sealedWebhookSecret,
    purpose: 'store-webhook-secret',
    set: (sealed) => ({ sealedWebhookSecret: sealed }),
  });
  const tokens = await resealColumn(db, box, {
    table: instagramConnections,
    id: instagramConnections.id,
    column: instagramConnections.accessTokenSealed,
    purpose: 'instagram-token',
    set: (sealed) => ({ accessTokenSealed: sealed }),
  });
  return credentials + webhookSecrets + tokens;
}

/** One column of sealed secrets: each value still in the first format, re-sealed for `purpose` unless it changed. */
async function resealColumn<T extends PgTable>(
  db: Database,
  box: SecretBox,
  sealed: {
    table: T;
    id: PgColumn;
    column: PgColumn;
    purpose: SecretPurpose;
    /** The update that writes the new value to `column`. */
    set: (value: string) => PgUpdateSetSource<T>;
  },
): Promise<number> {
  const { table, id, column, purpose } = sealed;
  const rows = await db
    .select({ id, value: column })
    .from(table as PgTable)
    .where(like(column, 'v1.%'));
  let count = 0;
  for (const row of rows) {
    const old = row.value as string | null;
    if (!old || isCurrentFormat(old)) continue;
    const done = await db
      .update(table)
      .set(sealed.set(box.seal(box.open(old, purpose), purpose)))
      .where(and(eq(id, row.id), eq(column, old)))
      .returning({ id });
    count += done.length;
  }
  return count;
}
