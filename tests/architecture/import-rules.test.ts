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
  it('lets contracts import only other contracts', async () => {
    expect(
      await ruleIdsFor(
        'src/contracts/x.ts',
        "import { z } from './zod.ts';\nimport { limits } from './limits.ts';\nimport { e } from '#contracts/errors.ts';\nexport const a = [z, limits, e];\n",
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

  it('builds every schema with the configured zod of contracts/zod.ts', async () => {
    const plainZod = "import { z } from 'zod';\nexport const a = z.string();\n";
    for (const file of [
      'src/contracts/x.ts',
      'src/client/lib/x.ts',
      'src/server/x.ts',
      'src/server/integrations/x.ts',
    ])
      expect(await ruleIdsFor(file, plainZod), file).toEqual(['no-restricted-imports']);
    expect(await ruleIdsFor('src/contracts/zod.ts', plainZod)).toEqual([]);
    expect(
      await ruleIdsFor(
        'src/client/lib/x.ts',
        "import { z } from '#contracts/zod.ts';\nexport const a = z.string();\n",
      ),
    ).toEqual([]);
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

  it('judges a sibling import by the file it names, whatever the spelling', async () => {
    for (const spelling of ['../auth/y.ts', '../../modules/auth/y.ts', '#server/modules/demo/../auth/y.ts']) {
      expect(
        await ruleIdsFor(
          'src/server/modules/demo/x.ts',
          `import { a } from '${spelling}';\nexport const b = a;\n`,
        ),
      ).toEqual(['boundaries/no-sibling-import']);
    }
    expect(
      await ruleIdsFor(
        'src/client/features/brands/components/x.tsx',
        "export { a } from '../../demo/api/y.ts';\n",
      ),
    ).toEqual(['boundaries/no-sibling-import']);
    expect(
      await ruleIdsFor('src/server/modules/demo/x.ts', "import { a } from './y.ts';\nexport const b = a;\n"),
    ).toEqual([]);
  });

  it('keeps the layers in their direction', async () => {
    const cases: [string, string][] = [
      ['src/client/lib/x.ts', '#client/features/brands/api/get-brands.ts'],
      ['src/client/components/ui/x.tsx', '../../features/brands/api/get-brands.ts'],
      ['src/client/hooks/x.ts', '#client/app/router.tsx'],
      ['src/client/features/brands/x.ts', '#client/app/provider.tsx'],
      ['src/server/jobs/x.ts', '#server/modules/catalog/service.ts'],
      ['src/server/db/x.ts', '../modules/auth/service.ts'],
      ['src/server/plugins/x.ts', '#server/modules/auth/service.ts'],
    ];
    for (const [file, target] of cases) {
      expect(await ruleIdsFor(file, `import { a } from '${target}';\nexport const b = a;\n`), file).toEqual([
        'boundaries/layers',
      ]);
    }
    expect(
      await ruleIdsFor(
        'src/client/features/brands/x.ts',
        "import { cn } from '#client/lib/cn.ts';\nexport const b = cn;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        'src/server/modules/demo/x.ts',
        "import { a } from '#server/jobs/definitions.ts';\nexport const b = a;\n",
      ),
    ).toEqual([]);
  });

  it('finds an import cycle, and lets type-only imports and lazy imports close none', async () => {
    // routes.ts imports service.ts on disk; a service.ts that imports routes.ts closes the loop.
    const file = 'src/server/modules/demo/service.ts';
    expect(
      await ruleIdsFor(file, "import { demoRoutes } from './routes.ts';\nexport const a = demoRoutes;\n"),
    ).toEqual(['boundaries/no-cycle']);
    expect(
      await ruleIdsFor(
        file,
        "import type { demoRoutes } from './routes.ts';\nexport type A = typeof demoRoutes;\n",
      ),
    ).toEqual([]);
    expect(await ruleIdsFor(file, "export const load = () => import('./routes.ts');\n")).toEqual([]);
  });
});
