import type { Database } from '#server/db/client.ts';
import type { EmailSubscribeResponse, NewsletterType } from '#contracts/newsletter.ts';
import { insertSubscriptionOnce } from './queries.ts';

export function createNewsletterService({ db }: { db: Database }) {
  return {
    /** Idempotent: subscribing an address twice keeps one row and succeeds both times. */
    async subscribe(input: { email: string; type: NewsletterType }): Promise<EmailSubscribeResponse> {
      const created = await insertSubscriptionOnce(db, input);
      return { email: input.email, type: input.type, created };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
