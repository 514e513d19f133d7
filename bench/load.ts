// Shared helpers of the benchmarks: a bounded concurrent load loop and percentiles, and starting
// the production build and signing in to it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { addDays, localDate, localDateTimeToInstant, weekdayOf } from '@willow/contracts';
import { freePort } from '../test-support/free-port.js';
export { freePort };

export interface LoadResult {
  p50: number;
  p99: number;
  perSecond: number;
  count: number;
  /** every request's time, sorted (for pooling rounds: `pooled`) */
  durations: number[];
}

/** Runs `task` `total` times (told which run it is) with `concurrency` in flight; every call must succeed. */
export async function load(task: (run: number) => Promise<void>, total: number, concurrency: number): Promise<LoadResult> {
  const durations: number[] = [];
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        const run = started++;
        const s = performance.now();
        await task(run);
        durations.push(performance.now() - s);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return summary(durations, durations.length / elapsed);
}

/** Percentiles of `durations` (sorted here, in place). */
export function summary(durations: number[], perSecond: number): LoadResult {
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))]!;
  return { p50: at(0.5), p99: at(0.99), perSecond, count: durations.length, durations };
}

/** Several runs' requests as one sample: percentiles over all of them, the mean of their rates. */
export function pooled(runs: LoadResult[]): LoadResult {
  return summary(
    runs.flatMap((r) => r.durations),
    runs.reduce((sum, r) => sum + r.perSecond, 0) / runs.length,
  );
}

/**
 * A measured run after an untimed one of the same task and shape: `warmup` runs first (by
 * default as many as are measured, `--warmup N` on the command line), then `total` timed. Both
 * sides of a comparison are warmed alike. A server answers clinics for days: what a request
 * costs there is its cost once V8 has compiled the code it runs and the pools are open, not the
 * first second after a start, when the optimizing compiler is still at work on the same cores
 * (docs/decisions/0129).
 */
export async function measured(task: (run: number) => Promise<void>, total: number, concurrency: number, warmup = WARMUP ?? total): Promise<LoadResult> {
  if (warmup > 0) await load(task, warmup, concurrency);
  return load(task, total, concurrency);
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * PGlite has no autovacuum, so whoever opens a PGlite folder (the server, or openDatabase in the
 * benchmark itself) runs a full `vacuum (analyze)` 2 s after opening it (db/client.ts). On the
 * large seed that holds PGlite's one connection for several seconds, and a load started before it
 * would have every request in flight wait behind it. Called with a moment known to be after the
 * folder was opened, this returns once the vacuum has been queued, so the caller's warm-up queries,
 * not the measured ones, wait behind it.
 */
export async function pastPgliteUpkeep(afterOpen: number): Promise<void> {
  const wait = afterOpen + 2_500 - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
export const flag = (name: string) => process.argv.includes(`--${name}`);
/** `--warmup N`: untimed runs before each measured one (`measured`); absent, as many as are measured. */
const WARMUP: number | undefined = process.argv.includes('--warmup') ? Number(arg('warmup', '0')) : undefined;


/** Creates the bench database on the PostgreSQL server when it is missing. */
export async function ensurePgDatabase(url: string) {
  const pg = await import('pg');
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.default.Client({ connectionString: u.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
}

/**
 * The production start's Node flags (`npm run start:prod`: the young generation's size, decision
 * 0124), read from the script itself so the benchmarks run the server as it is run.
 */
export const SERVER_NODE_FLAGS: string[] = (() => {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts['start:prod']!;
  return script.split(/\s+/).filter((word) => word.startsWith('--'));
})();

export interface RunningServer {
  base: string;
  /** the process's id (its memory is read from /proc/<pid>/status) */
  pid: number;
  stop(): Promise<void>;
}

/** The production build (apps/server/dist) on a free port, once /api/health answers. */
export async function startServer(opts: {
  dataDir: string;
  databaseUrl?: string | undefined;
  seedDemo?: boolean;
  countQueries?: boolean;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  return startProcess(
    'the server',
    [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'],
    (port) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      SEED_DEMO: opts.seedDemo ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
      // each answer says how many SQL statements it ran (x-query-count); off while timing, since
      // the count's request context costs the server a few per cent
      COUNT_QUERIES: opts.countQueries ? 'true' : 'false',
      ...opts.env,
    }),
    async (base) => (await fetch(`${base}/api/health`)).ok,
  );
}

/**
 * `node <args>` as a process of its own on a free port (its environment from `env(port)` beside
 * this process's), once `isUp` says it answers (tried every 100 ms for a minute).
 */
export async function startProcess(name: string, args: string[], env: (port: number) => Record<string, string>, isUp: (base: string) => Promise<boolean>): Promise<RunningServer> {
  const port = await freePort();
  const server = spawn(process.execPath, args, { env: { ...process.env, ...env(port) }, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((r) => server.on('exit', r));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`${name} exited with ${server.exitCode}`);
    try {
      if (await isUp(base)) break;
    } catch {
      /* starting */
    }
    if (i > 600) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: server.pid!,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The load generator's GET: node:http on kept-alive connections (one per request in flight),
 * asking for compression as a browser does. Lighter than fetch, whose own work on this 2-core
 * machine would otherwise be counted against the server.
 */
export function httpClient(base: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(base);
  return (path: string) =>
    new Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path, agent, headers: { cookie, 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
}

/**
 * How many SQL statements one request to each path runs (the session already checked once), on a
 * server started just for counting.
 */
export async function queriesPerRequest(target: { dataDir: string; databaseUrl?: string | undefined }, paths: (base: string, cookie: string) => Promise<Record<string, string>>, email: string, password: string): Promise<Record<string, number>> {
  const server = await startServer({ ...target, countQueries: true });
  try {
    const { cookie } = await signIn(server.base, email, password);
    const counts: Record<string, number> = {};
    for (const [name, path] of Object.entries(await paths(server.base, cookie))) {
      await fetch(server.base + path, { headers: { cookie } }).then((r) => r.arrayBuffer());
      const res = await fetch(server.base + path, { headers: { cookie } });
      await res.arrayBuffer();
      counts[name] = Number(res.headers.get('x-query-count'));
    }
    return counts;
  } finally {
    await server.stop();
  }
}

/** Signs in through the API: the session cookie and the account id. */
export async function signIn(base: string, email: string, password: string): Promise<{ cookie: string; accountId: string }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { email, password } }),
  });
  if (!login.ok) throw new Error(`sign-in as ${email}: ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const profile = (await login.json()) as { account: { id: string } };
  return { cookie, accountId: profile.account.id };
}

/** A local week: Monday 00:00 to the next Monday 00:00 at a location, as instants. */
export interface Week {
  start: Date;
  end: Date;
}

/** The 104 local weeks (Monday to Monday) around today at the location, visited in a scattered order. */
export function weeksAround(timezone: string): Week[] {
  const today = localDate(new Date(), timezone);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const weeks = Array.from({ length: 104 }, (_, k) => {
    const from = addDays(monday, (k - 52) * 7);
    return { start: localDateTimeToInstant(from, 0, timezone), end: localDateTimeToInstant(addDays(from, 7), 0, timezone) };
  });
  // 37 and 104 share no factor: consecutive requests land on weeks far apart, each week equally often.
  return weeks.map((_, i) => weeks[(i * 37) % weeks.length]!);
}
