import { defineConfig } from 'vitest/config';

// Each package has its own vitest config. With TEST_DATABASE_URL set (CI does), the server's API suites
// run a second time on a real PostgreSQL server. 2 cores here, so keep workers low.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './packages/server/vitest.config.ts',
        test: { name: 'server-pg', root: './packages/server', env: { TEST_DB: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: ['packages/*', ...postgres],
    maxWorkers: 2,
  },
});
