import type { Database } from '#server/db/client.ts';
import { emailSubscriptions } from '#server/db/schema/index.ts';
import type { NewsletterType } from '#contracts/newsletter.ts';

/** Adds the address once; a repeat is a no-op. Returns whether a row was added. */
export async function insertSubscriptionOnce(
  db: Database,
  subscription: { email: string; type: NewsletterType },
): Promise<boolean> {
  const inserted = await db
    .insert(emailSubscriptions)
    .values(subscription)
    .onConflictDoNothing({ target: emailSubscriptions.email })
    .returning({ id: emailSubscriptions.id });
  return inserted.length > 0;
}
