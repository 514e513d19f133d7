// Start-up time of the production build: from process start to /api/health answering 200, on an
// empty data folder (migrations + demo seed) and again on the now-seeded folder. Median of N runs.
// Run: npm run build && npm run bench:startup [-- --runs 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_NODE_FLAGS } from './load.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const port = 3900 + Math.floor(Math.random() * 90);

async function startOnce(dataDir: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const exited = new Promise((r) => child.on('exit', r));
  try {
    // A guard against a server that never starts, not a target: the demo seed alone takes tens of
    // seconds on a busy two-core machine.
    const deadline = performance.now() + 120_000;
    while (performance.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - t0;
      } catch {
        /* not yet listening */
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('server did not become ready in 120 s');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const empty: number[] = [];
const seeded: number[] = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'willow-bench-'));
  empty.push(await startOnce(dir));
  seeded.push(await startOnce(dir));
  rmSync(dir, { recursive: true, force: true });
}
console.log(`start-up to healthy, median of ${runs}: empty data folder ${Math.round(median(empty))} ms; seeded data folder ${Math.round(median(seeded))} ms`);
console.log(`  empty: ${empty.map(Math.round).join(', ')} ms; seeded: ${seeded.map(Math.round).join(', ')} ms`);
