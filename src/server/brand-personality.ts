import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { brandPersonalities } from '#server/db/schema/index.ts';

/**
 * A brand's saved personality, or undefined while it has none. Its one read, shared by the assistant (which answers
 * in it, falling back to the defaults) and the dashboard (which shows it, or the defaults marked unsaved); here,
 * beside the modules, because a module does not import another (docs/architecture.md, "Import rules").
 */
export async function findSavedPersonality(db: Database, brandId: string) {
  const [row] = await db
    .select({
      archetype: brandPersonalities.archetype,
      tone: brandPersonalities.tone,
      voiceDescription: brandPersonalities.voiceDescription,
      exampleResponses: brandPersonalities.exampleResponses,
    })
    .from(brandPersonalities)
    .where(eq(brandPersonalities.brandId, brandId))
    .limit(1);
  return row;
}
