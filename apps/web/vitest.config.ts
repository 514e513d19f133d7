import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const contractsSource = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

// The icons are imported one path each; the optimizer gets exactly those, so it neither bundles all
// ~10,000 icon files nor leaves one unbundled with its own copy of @mui/material.
const iconImports = new Set<string>();
for (const file of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
  if (!/\.tsx?$/.test(file)) continue;
  for (const [icon] of readFileSync(join(root, 'src', file), 'utf8').matchAll(/(?<=')@mui\/icons-material\/\w+(?=')/g)) {
    iconImports.add(icon);
  }
}

export default defineConfig({
  root,
  resolve: { alias: { '@willow/contracts': contractsSource } },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    sequence: { groupOrder: 0 },
    // Vitest's default on two cores is one worker; the web tests wait on rendering more than they compute.
    maxWorkers: 2,
    // A worker runs file after file in one process and one jsdom, without Vitest's isolation: the
    // pre-bundled libraries below are evaluated once per worker, not once per file (about a fifth
    // of the project's CPU, decision 0234). src/test/fresh-file.ts, run before each file, starts
    // it as a fresh context would: our own modules evaluated anew, the DOM, styles, storages, URL,
    // timers and stubs reset.
    pool: 'forks',
    isolate: false,
    // Ceilings only a real failure reaches: tests wait on their conditions (Testing Library's and
    // vi.waitFor's 60 s in the setup file, expect.poll's here), never on a short fixed time, so a
    // loaded machine makes them slower, not red (decision 0234).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 60_000 } },
    setupFiles: ['src/test/setup.ts'],
    deps: {
      optimizer: {
        // Importing MUI's thousands of files cost seconds; pre-bundled, a worker loads a few large
        // modules instead, once.
        client: {
          enabled: true,
          include: [
            '@emotion/react',
            '@emotion/styled',
            '@mui/material',
            '@mui/material/Alert',
            '@mui/material/styles',
            '@mui/system',
            '@mui/x-data-grid',
            ...iconImports,
            '@rjsf/core',
            '@rjsf/mui',
            '@rjsf/utils',
            '@rjsf/validator-ajv8',
            '@tanstack/react-query',
            '@testing-library/react',
            'react-dom',
            'react-dom/client',
            'react-hot-toast',
            'react-router',
            'zod',
          ],
        },
      },
    },
  },
});
