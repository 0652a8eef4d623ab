import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // A page test may wait on a busy machine; the timeout is for a hang.
    testTimeout: 30_000,
    isolate: false,
  },
});
