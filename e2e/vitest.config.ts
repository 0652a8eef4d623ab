import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files first (their last measured order, longest first). Without a cache — a fresh clone,
 * as CI is — vitest starts the largest files first, and menus.test.ts is small but runs three minutes:
 * started last, it ran alone while the other worker had nothing left to do.
 */
const LONGEST = ['project', 'daily', 'menus', 'admin', 'logistics', 'tower', 'loadplan', 'shell', 'auth'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(`/e2e/${name}.test.ts`));
      return i < 0 ? LONGEST.length : i;
    };
    // A stable sort: the files not named keep vitest's own order after them.
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongestFirst },
    // What a page shows after a click waits on the server and a refetch: vitest's 1 s default for
    // expect.poll is shorter than one round trip on a loaded 2-core machine (a customs return once read
    // the old status at 1 s). A user waits a few seconds; so does the test.
    expect: { poll: { timeout: 10_000 } },
    // describe.concurrent blocks (menus.test.ts) open at most three pages at once on the 2-core machine.
    maxConcurrency: 3,
  },
});
