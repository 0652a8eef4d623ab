import { defineConfig } from 'vitest/config';

// Each package has its own vitest config; 2 cores here, so keep workers low.
export default defineConfig({
  test: {
    projects: ['packages/*'],
    maxWorkers: 2,
  },
});
