import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const contractsSource = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  root,
  resolve: { alias: { '@willow/contracts': contractsSource } },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    sequence: { groupOrder: 0 },
    // Vitest's default on two cores is one worker; the web tests wait on rendering more than they compute.
    maxWorkers: 2,
    setupFiles: ['src/test/setup.ts'],
  },
});
