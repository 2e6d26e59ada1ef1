import { and, eq, like } from 'drizzle-orm';
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
  const reseal = (sealed: string, purpose: SecretPurpose) => box.seal(box.open(sealed, purpose), purpose);
  let count = 0;

  const credentials = await db
    .select({ id: storeConnections.id, sealed: storeConnections.sealedCredentials })
    .from(storeConnections)
    .where(like(storeConnections.sealedCredentials, 'v1.%'));
  for (const row of credentials) {
    if (!row.sealed || isCurrentFormat(row.sealed)) continue;
    const done = await db
      .update(storeConnections)
      .set({ sealedCredentials: reseal(row.sealed, 'store-credentials') })
      .where(and(eq(storeConnections.id, row.id), eq(storeConnections.sealedCredentials, row.sealed)))
      .returning({ id: storeConnections.id });
    count += done.length;
  }

  const webhookSecrets = await db
    .select({ id: storeConnections.id, sealed: storeConnections.sealedWebhookSecret })
    .from(storeConnections)
    .where(like(storeConnections.sealedWebhookSecret, 'v1.%'));
  for (const row of webhookSecrets) {
    if (!row.sealed || isCurrentFormat(row.sealed)) continue;
    const done = await db
      .update(storeConnections)
      .set({ sealedWebhookSecret: reseal(row.sealed, 'store-webhook-secret') })
      .where(and(eq(storeConnections.id, row.id), eq(storeConnections.sealedWebhookSecret, row.sealed)))
      .returning({ id: storeConnections.id });
    count += done.length;
  }

  const tokens = await db
    .select({ id: instagramConnections.id, sealed: instagramConnections.accessTokenSealed })
    .from(instagramConnections)
    .where(like(instagramConnections.accessTokenSealed, 'v1.%'));
  for (const row of tokens) {
    if (isCurrentFormat(row.sealed)) continue;
    const done = await db
      .update(instagramConnections)
      .set({ accessTokenSealed: reseal(row.sealed, 'instagram-token') })
      .where(and(eq(instagramConnections.id, row.id), eq(instagramConnections.accessTokenSealed, row.sealed)))
      .returning({ id: instagramConnections.id });
    count += done.length;
  }
  return count;
}
