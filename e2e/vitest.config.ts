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
    // What a page shows after a click waits on the server and a refetch: vitest's 1 s default for
    // expect.poll is shorter than one round trip on a loaded 2-core machine (a customs return once read
    // the old status at 1 s). A user waits a few seconds; so does the test.
    expect: { poll: { timeout: 10_000 } },
    // describe.concurrent blocks (menus.test.ts) open at most three pages at once on the 2-core machine.
    maxConcurrency: 3,
  },
});
