import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the server (and contracts, CLI, fakes) in Node against a real database, the client in jsdom.
export default defineConfig({
  test: {
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
