// Shared helpers of the benchmarks: a bounded concurrent load loop and percentiles.
import { performance } from 'node:perf_hooks';

export interface LoadResult {
  p50: number;
  p99: number;
  perSecond: number;
  count: number;
}

/** Runs `task` `total` times with `concurrency` in flight; every call must succeed. */
export async function load(task: () => Promise<void>, total: number, concurrency: number): Promise<LoadResult> {
  const durations: number[] = [];
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        started++;
        const s = performance.now();
        await task();
        durations.push(performance.now() - s);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))]!;
  return { p50: at(0.5), p99: at(0.99), perSecond: durations.length / elapsed, count: durations.length };
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
export const flag = (name: string) => process.argv.includes(`--${name}`);
