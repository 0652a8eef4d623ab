import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'loadplan', environment: 'node' } });
