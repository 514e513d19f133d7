import { defineConfig } from 'vitest/config';

// Two files at a time unless E2E_WORKERS says otherwise. Each worker gets a server, demo data and
// provider fakes of its own (global-setup.ts, worker-server.ts), so files running at the same time
// never meet each other's changes. A page's load and its clicks keep about one core busy, so on
// two cores two workers finish the run in about three quarters of the time one takes; three
// were no faster than two (docs/decisions/0236-two-browser-workers.md).
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/worker-server.ts'],
    pool: 'forks',
    // A worker runs file after file in one process: node, Vitest and playwright-core start once,
    // not once per file (about a second each). Files share no state through it: each connects to
    // the browser and builds its own contexts; the helpers keep none (docs/decisions/0103).
    isolate: false,
    maxWorkers: workers,
    fileParallelism: workers > 1,
    // A flow test acts as a person for a minute or more on a loaded machine: the ceiling is there to
    // end a hung test, not to time a slow one (decision 0234).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll waits on its condition up to 30 s, not Vitest's 1 s: a page's change can take
    // seconds on a loaded machine (decision 0234).
    expect: { poll: { timeout: 30_000 } },
  },
});
