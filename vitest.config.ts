import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the server (and contracts, CLI, fakes) in Node against a real database, the client in jsdom.
export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine, idle while a test waits
    // on a child process, PostgreSQL or a timer. Two keep both cores busy; VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'src/cli/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          globalSetup: ['tests/support/global-setup.ts'],
          // Files share their worker's modules instead of importing the server's whole graph again each (Fastify,
          // Drizzle, the schemas, the assistant's word lists): about a third of the CPU time (docs/decisions/069).
          // No server test mocks a module, fakes timers, spies on a global or writes to process.env; each opens its
          // own database and app and closes them; what a file adds to a built-in prototype is removed after it.
          isolate: false,
          setupFiles: ['tests/support/server-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/client-setup.ts'],
        },
      },
    ],
  },
});
