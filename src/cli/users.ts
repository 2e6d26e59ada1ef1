import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';

/** The user a command names by `--email` (already lower-cased); an error if there is none. */
export async function findUserByEmail(db: Database, email: string): Promise<{ id: string }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no user with the email ${email}`);
  return user;
}
