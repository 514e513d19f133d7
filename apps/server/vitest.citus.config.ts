import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:citus`: the server on a Citus cluster it makes itself (test/citus/citus-setup.ts).
// One database for the run, distributed once: its files run one after another.
export default defineConfig({
  resolve: {
    alias: { '@willow/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'citus',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['test/citus/**/*.citus.ts'],
    globalSetup: ['test/citus/citus-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    setupFiles: ['test/setup.ts'],
  },
});
