import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/index.ts';

/** The newest email to `email` in the outbox (where mail goes without SMTP), once `count` of them have arrived. */
export async function newestMailTo(
  db: Database,
  email: string,
  count = 1,
): Promise<typeof mailOutbox.$inferSelect> {
  const mails = await vi.waitFor(
    async () => {
      const found = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(found.length).toBeGreaterThanOrEqual(count);
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
  return mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
}
