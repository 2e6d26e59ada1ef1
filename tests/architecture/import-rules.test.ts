import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md live in eslint.config.js; these cases keep them from silently
// stopping working (a gitignore-style pattern starting with # is a comment, for example).
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import direction (eslint.config.js)', () => {
  it('lets contracts import only zod and other contracts', async () => {
    expect(
      await ruleIdsFor(
        'src/contracts/x.ts',
        "import { z } from 'zod';\nimport { limits } from './limits.ts';\nimport { e } from '#contracts/errors.ts';\nexport const a = [z, limits, e];\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        'src/contracts/x.ts',
        "import { loadConfig } from '#server/config.ts';\nexport const a = loadConfig;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await ruleIdsFor('src/contracts/x.ts', "import pino from 'pino';\nexport const a = pino;\n"),
    ).toEqual(['no-restricted-imports']);
  });

  it('keeps client and server apart', async () => {
    expect(
      await ruleIdsFor(
        'src/client/lib/x.ts',
        "import { loadConfig } from '#server/config.ts';\nexport const a = loadConfig;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await ruleIdsFor(
        'src/client/lib/x.ts',
        "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await ruleIdsFor('src/server/x.ts', "import { cn } from '#client/lib/cn.ts';\nexport const a = cn;\n"),
    ).toEqual(['no-restricted-imports']);
    expect(
      await ruleIdsFor(
        'src/server/x.ts',
        "import { limits } from '#contracts/limits.ts';\nexport const a = limits;\n",
      ),
    ).toEqual([]);
  });

  it('forbids one feature or module importing another', async () => {
    expect(
      await ruleIdsFor(
        'src/client/features/brands/x.ts',
        "import { a } from '#client/features/demo/y.ts';\nexport const b = a;\n",
      ),
    ).toEqual(['boundaries/no-sibling-import']);
    expect(
      await ruleIdsFor(
        'src/client/features/brands/x.ts',
        "import { a } from '#client/features/brands/y.ts';\nexport const b = a;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        'src/server/modules/demo/x.ts',
        "import { a } from '#server/modules/auth/y.ts';\nexport const b = a;\n",
      ),
    ).toEqual(['boundaries/no-sibling-import']);
  });

  it('keeps integrations away from the database', async () => {
    expect(
      await ruleIdsFor(
        'src/server/integrations/shopify/x.ts',
        "import { users } from '#server/db/schema/index.ts';\nexport const a = users;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await ruleIdsFor(
        'src/server/integrations/shopify/x.ts',
        "import { sql } from 'drizzle-orm';\nexport const a = sql;\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });
});
