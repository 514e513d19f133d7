import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstRouteBudget } from './first-route-budget.plugin';
import { precompress } from './precompress.plugin';

// The contracts package ships TS source; pointing at it directly means dev and build
// always see the same schemas as the server, with no stale dist/ in between.
const contractsSource = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), firstRouteBudget(), precompress()],
  resolve: { alias: { '@willow/contracts': contractsSource } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
