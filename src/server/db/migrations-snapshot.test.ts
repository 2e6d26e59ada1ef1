import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate.ts';
import * as schema from './schema/index.ts';

/**
 * `npm run db:generate` diffs the schema files against the newest snapshot in migrations/meta. A migration written
 * by hand must leave a snapshot of the schema it brings, or the next generated migration would repeat it.
 */
describe('the newest migration snapshot', () => {
  it('is the schema as declared, so a generated migration holds only what changed after it', async () => {
    const meta = path.join(migrationsFolder, 'meta');
    const newest = readdirSync(meta)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    const snapshot = JSON.parse(readFileSync(path.join(meta, newest), 'utf8')) as Parameters<
      typeof generateMigration
    >[0];
    const current = generateDrizzleJson(schema, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });
});
