import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands, instagramConnections, storeConnections } from '#server/db/schema/index.ts';
import { createTestUser, useTestApp } from '#tests/support/test-app.ts';
import { resealLegacySecrets } from './reseal.ts';
import { isCurrentFormat } from './secret-box.ts';

/** A value as the first format sealed it: no associated data. */
function sealV1(key: Buffer, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join(
    '.',
  );
}

const app = useTestApp();

describe('re-sealing secrets stored in the old format', () => {
  it('reads each old value once, writes it back bound to its purpose, and leaves current ones alone', async () => {
    const key = app.config.ENCRYPTION_KEY!;
    const user = await createTestUser(app.database.db);
    const [brand] = await app.database.db
      .insert(brands)
      .values({ userId: user.id, name: 'Old', username: 'old' })
      .returning();
    const [other] = await app.database.db
      .insert(brands)
      .values({ userId: user.id, name: 'New', username: 'new' })
      .returning();
    const credentials = JSON.stringify({ platform: 'woocommerce', consumerKey: 'ck', consumerSecret: 'cs' });
    const current = app.secretBox.seal(credentials, 'store-credentials');
    await app.database.db.insert(storeConnections).values([
      {
        brandId: brand!.id,
        platform: 'woocommerce',
        name: 'old.example',
        storeKey: 'https://old.example',
        currency: 'EUR',
        sealedCredentials: sealV1(key, credentials),
        sealedWebhookSecret: sealV1(key, 'hook-secret'),
      },
      {
        brandId: other!.id,
        platform: 'woocommerce',
        name: 'new.example',
        storeKey: 'https://new.example',
        currency: 'EUR',
        sealedCredentials: current,
      },
    ]);
    await app.database.db.insert(instagramConnections).values({
      brandId: brand!.id,
      accountId: '1789',
      username: 'old',
      accessTokenSealed: sealV1(key, 'IGAA-old-token'),
    });

    expect(await resealLegacySecrets(app.database.db, app.secretBox)).toBe(3);

    const [store] = await app.database.db
      .select()
      .from(storeConnections)
      .where(eq(storeConnections.brandId, brand!.id));
    expect(isCurrentFormat(store!.sealedCredentials!)).toBe(true);
    expect(app.secretBox.open(store!.sealedCredentials!, 'store-credentials')).toBe(credentials);
    expect(app.secretBox.open(store!.sealedWebhookSecret!, 'store-webhook-secret')).toBe('hook-secret');
    expect(() => app.secretBox.open(store!.sealedWebhookSecret!, 'store-credentials')).toThrow();
    const [instagram] = await app.database.db.select().from(instagramConnections);
    expect(app.secretBox.open(instagram!.accessTokenSealed, 'instagram-token')).toBe('IGAA-old-token');
    const [untouched] = await app.database.db
      .select()
      .from(storeConnections)
      .where(eq(storeConnections.brandId, other!.id));
    expect(untouched!.sealedCredentials).toBe(current);

    // Once: nothing is left in the old format.
    expect(await resealLegacySecrets(app.database.db, app.secretBox)).toBe(0);
  });
});
