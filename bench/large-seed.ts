// The large seed the benchmarks share, and the databases they run on: PGlite in `.bench/` and the
// PostgreSQL server at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench,
// created when missing). Seeded once; a later run finds it and only refreshes the statistics.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedLarge } from '../apps/server/src/seed/large.js';
import { ensurePgDatabase } from './load.js';

export interface BenchTarget {
  label: string;
  dataDir: string;
  databaseUrl?: string;
}

/** The large seed in `target` (100,000 clients, 150,000 patients, 10 locations; `more` adds to it), then `vacuum (analyze)`. */
export async function ensureLargeSeed(target: { dataDir: string; databaseUrl?: string | undefined }, more: { appointments?: number } = {}): Promise<void> {
  const db = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    await seedLarge(db.db, { seed: 1, clients: 100_000, patients: 150_000, locations: 10, ...more }, (m) => console.log(`  seed: ${m}`));
    // Both sides of a comparison plan with fresh statistics.
    await db.db.execute(sql`vacuum (analyze)`);
  } finally {
    await db.close();
  }
}

/** Runs `bench` on PGlite, then on PostgreSQL, or only the one `only` names ('pglite', 'postgres'; anything else: both). */
export async function onEachDatabase(only: string, bench: (target: BenchTarget) => Promise<void>): Promise<void> {
  const benchDir = resolve('.bench');
  mkdirSync(benchDir, { recursive: true });
  if (only !== 'postgres') await bench({ label: 'PGlite', dataDir: resolve(benchDir, 'pglite-large') });
  if (only !== 'pglite') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/willow_bench';
    await ensurePgDatabase(url);
    await bench({ label: 'PostgreSQL', dataDir: resolve(benchDir, 'pg-data'), databaseUrl: url });
  }
}
