import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './eslint/boundaries.js';

/**
 * Import direction (docs/architecture.md), enforced here rather than hoped for:
 * - contracts import only each other; zod only in `src/contracts/zod.ts` (the configured one every schema is built
 *   with) and, for types, `src/contracts/messages.ts`;
 * - client and server never import each other; tests may import both;
 * - a client feature does not import another feature; a server module does not import another module
 *   (`eslint/boundaries.js`, by the file an import resolves to, whatever its spelling);
 * - shared client code does not import features or the app, features do not import the app; server plugins,
 *   jobs, db, integrations, auth, mail and ports do not import modules;
 * - no import cycles;
 * - server integrations never touch the database.
 */
const restrict = (patterns) => ['error', { patterns }];
/** Everywhere in src: schemas are built with the configured zod, whose refusals read as sentences. */
const configuredZod = {
  regex: '^zod$',
  message: 'Build schemas with the zod of #contracts/zod.ts: it words refusals for people.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'src/server/db/migrations/',
      'test-results/',
      'playwright-report/',
      '.bench/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries },
    rules: {
      'boundaries/no-sibling-import': 'error',
      'boundaries/layers': 'error',
      'boundaries/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': restrict([
        { regex: '^#(server|tests|cli)/|/(server|cli)/', message: 'The client never imports server code.' },
        { regex: '^node:', message: 'Node built-ins do not exist in the browser.' },
        configuredZod,
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^#client/|/client/|^react(-dom)?(/|$)', message: 'The server never imports client code.' },
        configuredZod,
      ]),
    },
  },
  {
    files: ['src/server/integrations/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^#server/db/|^drizzle-orm|^pg$|^@electric-sql/',
          message: 'Integrations never touch the database: token in, typed data out.',
        },
        {
          regex: '^#client/|^#server/modules/',
          message: 'Integrations are leaves: nothing but contracts, errors and config.',
        },
        configuredZod,
      ]),
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    // Tests beside a contract may use the test runner; the contract itself stays zod-only.
    ignores: ['src/contracts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^(?!#contracts/|\\./)',
          message: 'Contracts import only other contracts (zod through ./zod.ts).',
        },
      ]),
    },
  },
  {
    // The configured zod itself, and the wording it is configured with (types only).
    files: ['src/contracts/zod.ts', 'src/contracts/messages.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(?!zod$|#contracts/|\\./)', message: 'Contracts import only zod and other contracts.' },
      ]),
    },
  },
);
