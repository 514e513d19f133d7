// The exports (issue 36) on the large seed: the 100,000 clients with their patients as the clients'
// CSV (one file per location, the route's unit, every location one after another), and the biggest
// report table, the receivables by client, as CSV and XLSX; each through the API as an owner
// downloads it, start to last byte, one at a time, with the server process's peak memory (its RSS
// high-water mark, VmHWM of /proc/<pid>/status, reset before each export through clear_refs) beside
// the same server idle (a server of its own for each export). An export held whole in memory shows as a peak that grows with its rows.
//   npm run build && npm run bench:exports [-- --requests 3 --only postgres|pglite]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created
// and seeded if missing, as the other benches seed it).
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { LARGE_OWNER, LARGE_PASSWORD } from '../apps/server/src/seed/large.js';
import { ensureLargeSeed, onEachDatabase, type BenchTarget } from './large-seed.js';
import { arg, httpClient, measured, ms, pastPgliteUpkeep, signIn, startServer, type LoadResult, type RunningServer } from './load.js';

const REQUESTS = Number(arg('requests', '3'));
const only = arg('only', 'postgres');

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The process's resident memory now and its high-water mark, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** Starts the high-water mark again from what is resident now (Linux: `5` into clear_refs). */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface Export {
  name: string;
  /** the downloads of one run: every location's file, or the one report */
  paths: string[];
  /** the rows of one run (what grows with the seed) */
  rows: number;
}

interface Measured {
  name: string;
  rows: number;
  bytes: number;
  run: LoadResult;
  file: LoadResult;
  peak: number;
}

async function measure(server: RunningServer, http: ReturnType<typeof httpClient>, e: Export): Promise<Measured> {
  // The peak from the idle server on; a run untimed first, the statements prepared and the code
  // warm, as the timed runs find them.
  const reset = resetPeak(server.pid);
  for (const path of e.paths) await http(path);
  const files: number[] = [];
  let bytes = 0;
  const run = await measured(
    async () => {
      bytes = 0;
      for (const path of e.paths) {
        const t0 = performance.now();
        const res = await http(path);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.toString().slice(0, 200)}`);
        files.push(performance.now() - t0);
        bytes += res.body.length;
      }
    },
    REQUESTS,
    1,
    0,
  );
  const sorted = files.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const peak = memoryOf(server.pid).hwm;
  if (!reset) console.log(`  (${e.name}: the peak could not be reset; it is the process's since it started)`);
  return { name: e.name, rows: e.rows, bytes, run, file: { ...run, p50: at(0.5), p99: at(0.99) }, peak };
}

/** A server of its own for each export, so each peak starts from the same idle process. */
async function onFreshServer<T>(t: BenchTarget, run: (server: RunningServer, http: ReturnType<typeof httpClient>, answer: <A>(path: string) => Promise<A>) => Promise<T>) {
  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  try {
    const up = performance.now();
    const { cookie } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
    const answer = async <A>(path: string) => (await (await fetch(server.base + path, { headers: { cookie } })).json()) as A;
    if (!t.databaseUrl) await pastPgliteUpkeep(up);
    return await run(server, httpClient(server.base, cookie), answer);
  } finally {
    await server.stop();
  }
}

async function benchTarget(t: BenchTarget) {
  console.log(`\n[${t.label}] preparing the large seed (the first run takes several minutes)`);
  await ensureLargeSeed(t);

  const exports = await onFreshServer(t, async (_server, _http, answer) => {
    const locations = await answer<{ id: string }[]>('/api/location');
    let clients = 0;
    for (const l of locations) clients += (await answer<{ total: number }>(`/api/client?locationId=${l.id}&limit=1`)).total;
    const owing = (await answer<{ rowCount: number }>('/api/reports/receivablesAgeing?limit=1')).rowCount;
    const owingAtOne = (await answer<{ rowCount: number }>(`/api/reports/receivablesAgeing?limit=1&locationId=${locations[0]!.id}`)).rowCount;
    return [
      { name: `clients CSV, ${locations.length} locations`, paths: locations.map((l) => `/api/client/export?locationId=${l.id}`), rows: clients },
      // One location's tenth beside the whole: whether the peak grows with the rows.
      { name: 'receivables, one location, CSV', paths: [`/api/reports/receivablesAgeing?format=csv&locationId=${locations[0]!.id}`], rows: owingAtOne },
      { name: 'receivables by client, CSV', paths: ['/api/reports/receivablesAgeing?format=csv'], rows: owing },
      { name: 'receivables by client, XLSX', paths: ['/api/reports/receivablesAgeing?format=xlsx'], rows: owing },
    ] satisfies Export[];
  });
  const results: (Measured & { idle: { rss: number; hwm: number } })[] = [];
  for (const e of exports) {
    results.push(
      await onFreshServer(t, async (server, http) => {
        // Idle: started, signed in, a page of the location list read, then left for a moment.
        await http('/api/location');
        await new Promise((r) => setTimeout(r, 3_000));
        const idle = memoryOf(server.pid);
        return { ...(await measure(server, http, e)), idle };
      }),
    );
  }

  console.log(`\n[${t.label}] ${REQUESTS} runs of each export, one download at a time, each on a server of its own after one untimed run`);
  console.log('export                          |    rows |  br size | file p50   | file p99   | run p50    | run p99    | idle RSS | peak RSS | over idle');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(31)} | ${String(r.rows).padStart(7)} | ${kib(r.bytes).padStart(8)} | ${ms(r.file.p50).padStart(10)} | ${ms(r.file.p99).padStart(10)} | ${ms(r.run.p50).padStart(10)} | ${ms(r.run.p99).padStart(10)} | ${mib(r.idle.rss).padStart(8)} | ${mib(r.peak).padStart(8)} | ${mib(r.peak - r.idle.rss).padStart(9)}`,
    );
  }
}

await onEachDatabase(only, benchTarget);
