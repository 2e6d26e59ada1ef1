import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import direction (docs/architecture.md), enforced here rather than hoped for:
 * - contracts import only zod (and each other);
 * - client and server never import each other; tests may import both;
 * - a client feature does not import another feature; a server module does not import another module;
 * - server integrations never touch the database.
 */
const areaOf = (source, kind) => new RegExp(`^#${kind}/(?:features|modules)/([^/]+)/`).exec(source)?.[1];

const boundaries = {
  rules: {
    'no-sibling-import': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { sibling: '{{from}} must not import {{to}}: compose through the caller instead.' },
      },
      create(context) {
        const file = context.filename.replaceAll('\\', '/');
        const match = /src\/(client)\/features\/([^/]+)\/|src\/(server)\/modules\/([^/]+)\//.exec(file);
        if (!match) return {};
        const kind = match[1] ?? match[3];
        const own = match[2] ?? match[4];
        return {
          ImportDeclaration(node) {
            const other = areaOf(String(node.source.value), kind);
            if (other && other !== own) {
              context.report({
                node,
                messageId: 'sibling',
                data: { from: `${kind}/${own}`, to: `${kind}/${other}` },
              });
            }
          },
        };
      },
    },
  },
};

const restrict = (patterns) => ['error', { patterns }];

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
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^#client/|/client/|^react(-dom)?(/|$)', message: 'The server never imports client code.' },
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
      ]),
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    // Tests beside a contract may use the test runner; the contract itself stays zod-only.
    ignores: ['src/contracts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(?!zod$|#contracts/|\\./)', message: 'Contracts import only zod and other contracts.' },
      ]),
    },
  },
);
