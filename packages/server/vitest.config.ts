import { defineProject } from 'vitest/config';

// API tests: each file gets a fresh database cloned from a template made once in global setup.
// TEST_DB=postgres (with TEST_DATABASE_URL) runs the same files on a PostgreSQL server.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
