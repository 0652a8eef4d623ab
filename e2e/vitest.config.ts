import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    // scripts/e2e.mjs sets --maxWorkers (E2E_WORKERS, default 2) and gives each worker its own server.
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // describe.concurrent blocks (menus.test.ts) open at most three pages at once on the 2-core machine.
    maxConcurrency: 3,
  },
});
