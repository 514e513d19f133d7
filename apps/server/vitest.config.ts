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
    // A worker runs file after file in one process: the app, its libraries and PGlite are loaded
    // once per worker instead of once per file, which was most of the suite's time. Files share
    // no state through it: each builds its own app on its own database (docs/decisions/0103).
    isolate: false,
    // Runs after the quick web unit tests, with its own worker count.
    sequence: { groupOrder: 1 },
    // Ceilings only a real failure reaches: a test waits on its conditions, never on a short fixed
    // time, so a machine loaded by other work makes it slower, not red (decision 0234).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 60_000 } },
    // gives vi.waitFor the same 60 s default (it has no config of its own)
    setupFiles: ['test/setup.ts'],
  },
});
