// What one endpoint costs the server's process in CPU: the app (apps/server/dist, or --dist=<a
// copy of an earlier build> for an A/B) or the hand-written route (--side=hand), its user + system
// time read from /proc/<pid>/stat before and after N requests (after as many warm-up ones, up to
// 500). On the shared 2-core machine a wall time moves with the neighbours' load; the CPU the
// server spent on the same requests hardly does (decisions 0238, 0239). Large seed on PostgreSQL.
//   npm run build && npx tsx --conditions=development bench/server-cpu.ts --path=invoice|payment|client|clientsearch|patient|schedule|week|search|typing [--side=willow|hand] [--n=1000] [--c=1] [--enc=br, gzip] [--prof=<dir>: --cpu-prof into it] [--dist=apps/server/dist] [--pglite] [--threads: the main thread's CPU and its helpers' (V8's garbage collector and compilers) apart]
// typing: /api/search?q= m, ma, mar, mari in turn, as bench:hand-written's search as you type;
// week: the calendar week (limit 5000), a different one each request, as bench:hand-written's.
// --pglite: the app or the hand-written route on the large seed's PGlite folder (.bench/pglite-large, bench:hand-written's) instead.
// The app's build migrates the database it starts on (as every bench's start does).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { LARGE_OWNER, LARGE_PASSWORD } from '../apps/server/src/seed/large.js';
import { freePort, load, SERVER_NODE_FLAGS, signIn, weeksAround } from './load.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
const side = args.side ?? 'willow';
const N = Number(args.n ?? 1000);
const C = Number(args.c ?? 1);
const endpoint = args.path ?? 'invoice';
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/willow_bench';
const prof = args.prof;
const pglite = 'pglite' in args;

async function start(kind: string) {
  const port = await freePort();
  const flags = [...SERVER_NODE_FLAGS, ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])];
  const cmd =
    kind === 'willow'
      ? [...flags, `${args.dist ?? 'apps/server/dist'}/main.js`]
      : [...flags, '--import', 'tsx', '--conditions=development', 'bench/hand-written-server.ts'];
  const child = spawn(process.execPath, cmd, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: pglite ? '.bench/pglite-large' : '.bench/pg-data',
      // the hand-written server's own name for the folder (bench/hand-written-server.ts)
      PGLITE_DIR: pglite ? '.bench/pglite-large' : '',
      DATABASE_URL: pglite ? '' : url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
      COUNT_QUERIES: 'false',
      QUERY_TEXTS: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/client`)).status === 401) break;
    } catch {
      /* starting */
    }
    if (i > 3000) throw new Error('no start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child };
}
/** A process's or thread's name and its user and system CPU in ms (fields 2, 14 and 15 of its stat file, in ticks of 10 ms). */
const statOf = (path: string) => {
  const [name, rest] = readFileSync(path, 'utf8').split(/ \((.*)\) /).slice(1) as [string, string];
  const f = rest.split(' ');
  return { name, user: Number(f[11]) * 10, system: Number(f[12]) * 10 };
};
const cpu = (pid: number) => statOf(`/proc/${pid}/stat`);

/** User + system CPU in ms of each of the process's threads, the main one and the helpers summed by name (--threads: the main thread against V8's and libuv's helpers). */
const threads = (pid: number) => {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const { name, user, system } = statOf(`/proc/${pid}/task/${tid}/stat`);
    const key = tid === String(pid) ? 'main' : `helper ${name}`;
    out.set(key, (out.get(key) ?? 0) + user + system);
  }
  return out;
};

const willow = await start('willow');
const { cookie } = await signIn(willow.base, LARGE_OWNER, LARGE_PASSWORD);
const location = ((await (await fetch(`${willow.base}/api/location`, { headers: { cookie } })).json()) as { id: string; timezone: string }[])[0]!;
const loc = location.id;
const weeks = weeksAround(location.timezone);
let target = willow;
if (side === 'hand') {
  willow.child.kill('SIGTERM');
  target = await start('hand');
}
const paths: Record<string, string> = {
  invoice: `/api/invoice?locationId=${loc}&limit=50`,
  payment: `/api/payment?locationId=${loc}&limit=50`,
  client: `/api/client?locationId=${loc}&limit=50`,
  clientsearch: `/api/client?locationId=${loc}&limit=50&search=mar`,
  patient: `/api/patient?locationId=${loc}&limit=50`,
  schedule: `/api/scheduleSlot?locationId=${loc}&startDate=2026-11-23T05:00:00.000Z&endDate=2026-11-30T05:00:00.000Z`,
  search: `/api/search?q=mar`,
};
const PREFIXES = ['m', 'ma', 'mar', 'mari'];
const weekOf = (run: number) => {
  const w = weeks[run % weeks.length]!;
  return `/api/appointment?locationId=${loc}&startDate=${w.start.toISOString()}&endDate=${w.end.toISOString()}&limit=5000`;
};
const pathOf = (run: number) => (endpoint === 'typing' ? `/api/search?q=${PREFIXES[run % 4]}` : endpoint === 'week' ? weekOf(run) : (paths[endpoint] ?? endpoint));
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const u = new URL(target.base);
const get = (run: number) =>
  new Promise<void>((res, rej) => {
    const headers = { cookie, 'accept-encoding': args.enc ?? 'br, gzip' };
    const r = http.request({ host: u.hostname, port: u.port, path: pathOf(run), agent, headers }, (x) => {
      if (x.statusCode !== 200) rej(new Error(`${pathOf(run)}: ${x.statusCode}`));
      x.on('data', () => {});
      x.on('end', () => res());
    });
    r.on('error', rej);
    r.end();
  });
await load(get, Math.min(N, 500), C);
const before = cpu(target.child.pid!);
const threadsBefore = threads(target.child.pid!);
const t0 = performance.now();
const r = await load(get, N, C);
const wall = performance.now() - t0;
const after = cpu(target.child.pid!);
const user = after.user - before.user;
const system = after.system - before.system;
const used = user + system;
console.log(
  `${side} ${endpoint} n=${N} c=${C}: server CPU ${(used / N).toFixed(3)} ms/req (user ${(user / N).toFixed(3)}, system ${(system / N).toFixed(3)}); p50 ${r.p50.toFixed(1)} p99 ${r.p99.toFixed(1)} ms; ${((N / wall) * 1000).toFixed(0)} req/s`,
);
if ('threads' in args) {
  for (const [name, ms] of threads(target.child.pid!)) {
    const spent = ms - (threadsBefore.get(name) ?? 0);
    if (spent > 0) console.log(`  thread ${name}: ${(spent / N).toFixed(3)} ms/req`);
  }
}
const exited = new Promise((res) => target.child.on('exit', res));
target.child.kill('SIGTERM');
await exited;
process.exit(0);
