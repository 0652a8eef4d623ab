import { defineConfig } from 'vitest/config';

// Each package has its own vitest config. With TEST_DATABASE_URL set (CI does), the server's API suites
// run a second time on a real PostgreSQL server. 2 cores here, so keep workers low.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './packages/server/vitest.config.ts',
        test: {
          name: 'server-pg',
          root: './packages/server',
          env: { TEST_DB: 'postgres' },
          // Suites whose subject is not the database run once, on PGlite: pure functions (src/), what
          // other machines read from our outputs (barcodes, workbooks, PDFs, the API document), the
          // TypeScript of generated code, the planner's worker pool, the walk of URL spellings (decided
          // before any query), and the probe of every spec §7 call as the right and a wrong party (which
          // calls exist and who may make them is decided before the database; what each call does to the
          // data is the domains' own suites', which run on both).
          // Every suite that reads or writes data runs on both.
          exclude: [
            'src/**',
            'test/codegen-typecheck.test.ts',
            'test/config.test.ts',
            'test/documents-readers.test.ts',
            'test/labels-scan.test.ts',
            'test/loadplan.test.ts',
            'test/openapi-lint.test.ts',
            'test/papers-pdf.test.ts',
            'test/workbooks.test.ts',
            'test/security/headers.test.ts',
            'test/security/route-table.test.ts',
            'test/security/uploads.test.ts',
            'test/spec-calls.test.ts',
          ],
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: ['packages/*', ...postgres],
    maxWorkers: 2,
  },
});
