import { defineProject } from 'vitest/config';

// API tests: each file gets a fresh database cloned from a template made once in global setup.
// TEST_DB=postgres (with TEST_DATABASE_URL) runs the same files on a PostgreSQL server.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // A timeout is for a hang, not a pace: the large imports and attack walks take minutes on a loaded machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One module graph per worker, not per file: every file builds its own app on its own cloned
    // database, so nothing is shared but loaded code — and loading the server's code once per file cost
    // more than a fifth of the suite's time. State a test must not share lives in the app, not in modules.
    isolate: false,
  },
});
