import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: { '@willow/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database copied from a migrated template; two at a time fit 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    // Runs after the quick web unit tests, with its own worker count.
    sequence: { groupOrder: 1 },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
