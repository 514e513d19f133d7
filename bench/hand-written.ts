// Willow against the endpoint a developer would write by hand (issue 34, decision 0230): the app and
// a bare Fastify + pg route (bench/hand-written-server.ts: the same pool size, the same statements,
// the same JSON, compressed alike) side by side on the large seed, each endpoint timed on one and
// then the other in one sitting, at 50 concurrent requests and one at a time (in pairs: each
// request asked of one side and then of the other): the client list,
// client search, patient list, calendar week, schedule week, invoice list, payment list, and the
// search box as you type ("m", "ma", "mar", "mari" over the account's 100,000 clients).
// Before timing, for every endpoint: the hand-written route must run exactly the statements the
// app ran for the same request (texts compared; parameters may differ) and answer JSON deep-equal
// to the app's. Either failing stops the bench.
// PGlite (--only pglite): the app beside the same hand-written server on PGlite's driver, on a copy
// of the folder (a folder has one owner), both up together and timed as on PostgreSQL.
//   npm run build && npm run bench:hand-written [-- --requests 300 --rounds 5 --warmup 300 --only postgres|pglite --encoding br|identity
//   --endpoints 'search as you type,client list']
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created
// and seeded if missing: the seed the other benches use, with 500,000 appointments and their invoices).
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { LARGE_OWNER, LARGE_PASSWORD, seedLarge } from '../apps/server/src/seed/large.js';
import { arg, ensurePgDatabase, load, measured, pooled, ms, summary, pastPgliteUpkeep, SERVER_NODE_FLAGS, signIn, startProcess, startServer, weeksAround, type LoadResult, type RunningServer } from './load.js';

const REQUESTS = Number(arg('requests', '300'));
/**
 * Each endpoint is timed in this many rounds, the two sides taking turns (Willow first in even
 * rounds, the hand-written route first in odd ones), and each side's requests pooled: a p99 of
 * one run of 300 is its third-worst request, which moved by a third between runs of the same
 * build; pooled over rounds that alternate, a slow moment of the machine falls on both sides.
 */
const ROUNDS = Math.max(1, Number(arg('rounds', '5')));
const CONCURRENCY = 50;
const SEQUENTIAL = Math.min(REQUESTS, 100);
const only = arg('only', 'both');
/** br: both sides asked for 'br, gzip' as a browser asks (both answer brotli at quality 1); identity: both uncompressed. */
const ENCODING = arg('encoding', 'br');
if (ENCODING !== 'br' && ENCODING !== 'identity') throw new Error('--encoding br|identity');
const ACCEPT_ENCODING = ENCODING === 'br' ? 'br, gzip' : 'identity';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
/** Payments made through the API at the bench's location when it has fewer (the large seed makes none). */
const PAYMENTS = 300;
const TARGET_RATIO = 1.2;
const TARGET_ALONE_MS = 1;
const TARGET_TYPING_P99_MS = 30;
const PREFIXES = ['m', 'ma', 'mar', 'mari'];
/** --endpoints 'search as you type,client list': only these (names as printed); all when absent. */
const ONLY_ENDPOINTS = arg('endpoints', '')
  .split(',')
  .map((e) => e.trim())
  .filter(Boolean);

interface Target {
  label: string;
  dataDir: string;
  databaseUrl?: string;
}

type Place = { id: string; name: string; timezone: string };

/** Each endpoint's path for the run-th request (weeks and typed prefixes vary by request). */
function endpoints(location: Place): Record<string, (run: number) => string> {
  const all = everyEndpoint(location);
  const unknown = ONLY_ENDPOINTS.filter((e) => !(e in all));
  if (unknown.length) throw new Error(`--endpoints: no endpoint named ${unknown.join(', ')} (${Object.keys(all).join(', ')})`);
  return ONLY_ENDPOINTS.length ? Object.fromEntries(Object.entries(all).filter(([name]) => ONLY_ENDPOINTS.includes(name))) : all;
}

function everyEndpoint(location: Place): Record<string, (run: number) => string> {
  const weeks = weeksAround(location.timezone);
  const range = (run: number) => {
    const w = weeks[run % weeks.length]!;
    return `locationId=${location.id}&startDate=${w.start.toISOString()}&endDate=${w.end.toISOString()}`;
  };
  return {
    'client list': () => `/api/client?locationId=${location.id}&limit=50`,
    'client search': () => `/api/client?locationId=${location.id}&limit=50&search=mar`,
    'patient list': () => `/api/patient?locationId=${location.id}&limit=50`,
    'calendar week': (run) => `/api/appointment?${range(run)}&limit=5000`,
    'schedule week': (run) => `/api/scheduleSlot?${range(run)}`,
    'invoice list': () => `/api/invoice?locationId=${location.id}&limit=50`,
    'payment list': () => `/api/payment?locationId=${location.id}&limit=50`,
    'search as you type': (run) => `/api/search?q=${PREFIXES[run % PREFIXES.length]}`,
  };
}
/** The requests the checks compare: a few weeks and every prefix, not only the first. */
const CHECK_RUNS = [0, 1, 2, 3];

async function ensureSeeded(target: { dataDir: string; databaseUrl?: string }) {
  const db = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    // The seed every bench shares: made once (a few minutes), then nothing to do.
    if (await seedLarge(db.db, { seed: 1, clients: 100_000, patients: 150_000, locations: 10, appointments: 500_000 }, (m) => console.log(`  seed: ${m}`))) {
      await db.db.execute(sql`vacuum (analyze)`);
    }
  } finally {
    await db.close();
  }
}

/** The location's payments, paying its newest invoices through the API (in full, in part, with credit left), made once. */
async function ensurePayments(base: string, cookie: string, location: Place) {
  const headers = { cookie, 'content-type': 'application/json' };
  const getJson = async <T>(path: string) => (await (await fetch(base + path, { headers: { cookie } })).json()) as T;
  const have = (await getJson<{ total: number }>(`/api/payment?locationId=${location.id}&limit=1`)).total;
  if (have >= PAYMENTS) return;
  const types = (await getJson<{ id: string; active: boolean }[]>('/api/paymentType')).filter((t) => t.active);
  const invoices: { id: string; clientId: string; balance: number }[] = [];
  for (let offset = 0; invoices.length < PAYMENTS - have; offset += 200) {
    const page = await getJson<{ items: { id: string; clientId: string; balance: number }[] }>(`/api/invoice?locationId=${location.id}&status=finalised&limit=200&offset=${offset}`);
    if (page.items.length === 0) throw new Error(`${location.name} has too few unpaid invoices to pay ${PAYMENTS}`);
    invoices.push(...page.items.filter((i) => i.balance > 0));
  }
  console.log(`  recording ${PAYMENTS - have} payments at ${location.name} through the API (once)`);
  for (const [n, invoice] of invoices.slice(0, PAYMENTS - have).entries()) {
    const part = n % 5 === 0 ? Math.max(1, Math.floor(invoice.balance / 2)) : invoice.balance;
    const res = await fetch(`${base}/api/payment`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        data: {
          locationId: location.id,
          clientId: invoice.clientId,
          paymentTypeId: types[n % types.length]!.id,
          // every seventh leaves the client some credit
          amount: part + (n % 7 === 0 ? 500 : 0),
          reference: n % 3 === 0 ? `Bench ${n}` : null,
          allocations: [{ invoiceId: invoice.id, amount: part }],
        },
      }),
    });
    if (res.status !== 201) throw new Error(`bench payment: ${res.status} ${await res.text()}`);
  }
}

/** The load's GET on kept-alive connections (as load.ts's httpClient), with the chosen Accept-Encoding. */
function client(base: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(base);
  return (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path, agent, headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
}

/** bench/hand-written-server.ts as a process of its own, with the production start's Node flags, once it answers: on PostgreSQL (`databaseUrl`) or on the PGlite folder. */
function startHandServer(db: { databaseUrl: string } | { pgliteDir: string }, queryTexts?: string): Promise<RunningServer> {
  const database: Record<string, string> = 'databaseUrl' in db ? { DATABASE_URL: db.databaseUrl } : { PGLITE_DIR: db.pgliteDir };
  return startProcess(
    'the hand-written server',
    [...SERVER_NODE_FLAGS, '--import', 'tsx', '--conditions=development', 'bench/hand-written-server.ts'],
    (port) => ({ PORT: String(port), ...database, JWT_SECRET, QUERY_TEXTS: queryTexts ?? '' }),
    // Up once it refuses a request without a session.
    async (base) => (await fetch(`${base}/api/client`)).status === 401,
  );
}

/** The statements each request ran, by its URL, from a QUERY_TEXTS file (the last request to a URL wins: the warm one). */
function statementsByUrl(file: string): Map<string, string[]> {
  const byUrl = new Map<string, string[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const { url, statements } = JSON.parse(line) as { url: string; statements: string[] };
    byUrl.set(url, statements);
  }
  return byUrl;
}

/** Where two answers first differ, for the failure's message. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  return `${path}: app ${JSON.stringify(a)?.slice(0, 200)} / hand-written ${JSON.stringify(b)?.slice(0, 200)}`;
}

/** The same requests to both (each twice: the second, warm, is compared), through fetch (answers decompressed). */
async function answersOf(base: string, cookie: string, paths: string[]): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  for (const path of paths) {
    await (await fetch(base + path, { headers: { cookie } })).arrayBuffer();
    const res = await fetch(base + path, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${base}${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    answers.set(path, await res.json());
  }
  return answers;
}

/**
 * The honesty checks: for each request, the hand-written route's statements are the app's (the
 * same texts, as many of each; side-by-side reads may be sent in either order) and its answer
 * deep-equals the app's. Answers the statements per endpoint.
 */
function checkSameWork(
  paths: Record<string, string[]>,
  app: { statements: Map<string, string[]>; answers: Map<string, unknown> },
  hand: { statements: Map<string, string[]>; answers: Map<string, unknown> },
): Record<string, number> {
  const counts: Record<string, number> = {};
  const failures: string[] = [];
  for (const [name, list] of Object.entries(paths)) {
    for (const path of list) {
      const ours = app.statements.get(path);
      const theirs = hand.statements.get(path);
      if (!ours || !theirs) throw new Error(`${name}: no statements recorded for ${path}`);
      counts[name] = Math.max(counts[name] ?? 0, ours.length);
      const sorted = (xs: string[]) => [...xs].sort();
      if (!isDeepStrictEqual(sorted(ours), sorted(theirs))) {
        const missing = ours.filter((s) => !theirs.includes(s)).map((s) => `    app only: ${s.slice(0, 300)}`);
        const extra = theirs.filter((s) => !ours.includes(s)).map((s) => `    hand only: ${s.slice(0, 300)}`);
        failures.push(`${name} (${path}): the app ran ${ours.length} statements, the hand-written route ${theirs.length}\n${[...missing, ...extra].join('\n')}`);
      }
      const difference = firstDifference(app.answers.get(path), hand.answers.get(path));
      if (difference) failures.push(`${name} (${path}): the answers differ at ${difference}`);
    }
  }
  if (failures.length > 0) throw new Error(`The hand-written routes do not do the app's work:\n${failures.join('\n')}`);
  return counts;
}

interface Timing {
  willow: LoadResult;
  hand: LoadResult;
  /** One at a time on PostgreSQL: the median of Willow's time less the hand-written route's, request by request (`inPairs`). */
  pairedGap?: number;
}

/**
 * One endpoint on both sides: each warmed as it is measured (`measured`, decision 0129), then
 * ROUNDS timed runs each, the sides taking turns and starting alternately, pooled per side.
 */
async function inTurns(willow: (run: number) => Promise<void>, hand: (run: number) => Promise<void>, total: number, concurrency: number): Promise<Timing> {
  const runs = { willow: [await measured(willow, total, concurrency)], hand: [await measured(hand, total, concurrency)] };
  for (let round = 1; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['willow', 'hand'] as const) : (['hand', 'willow'] as const);
    for (const side of order) runs[side].push(await load(side === 'willow' ? willow : hand, total, concurrency));
  }
  return { willow: pooled(runs.willow), hand: pooled(runs.hand) };
}

/**
 * One endpoint one at a time, in pairs: each run asked of one side and at once of the other (the
 * same request; which side goes first alternates), after both are warmed as `measured` warms.
 * The gap it reports is the median of the pairs' differences: the machine's pace drifts by a third
 * within a minute here, and rounds of a hundred requests a side each caught a different pace (the
 * p50 gap of the same build moved from -0.5 to 2.1 ms between runs); two requests a few
 * milliseconds apart meet the same one (decision 0317). Each side's p50 and p99 are its requests'.
 */
async function inPairs(willow: (run: number) => Promise<void>, hand: (run: number) => Promise<void>, total: number): Promise<Timing> {
  await measured(willow, total, 1);
  await measured(hand, total, 1);
  const times = { willow: [] as number[], hand: [] as number[] };
  const gaps: number[] = [];
  const timed = async (task: (run: number) => Promise<void>, run: number) => {
    const start = performance.now();
    await task(run);
    return performance.now() - start;
  };
  for (let run = 0; run < total * ROUNDS; run++) {
    let w: number;
    let h: number;
    if (run % 2 === 0) {
      w = await timed(willow, run);
      h = await timed(hand, run);
    } else {
      h = await timed(hand, run);
      w = await timed(willow, run);
    }
    times.willow.push(w);
    times.hand.push(h);
    gaps.push(w - h);
  }
  const perSecond = (durations: number[]) => (durations.length * 1000) / durations.reduce((sum, d) => sum + d, 0);
  // The median pair: summary's p50, the same percentile the sides' columns use.
  return { willow: summary(times.willow, perSecond(times.willow)), hand: summary(times.hand, perSecond(times.hand)), pairedGap: summary(gaps, 0).p50 };
}

/** One table: endpoint | statements | Willow p50/p99 | hand p50/p99 | ratio p50/p99 (and the gap, one at a time). */
function printTable(title: string, results: Record<string, Timing>, statements: Record<string, number>, alone: boolean, handLabel: string) {
  console.log(`\n${title}`);
  const head = `${'endpoint'.padEnd(19)} | stmts | Willow p50 | Willow p99 | ${handLabel.padEnd(8)} p50 | ${handLabel.padEnd(8)} p99 | p50 ratio | p99 ratio${alone ? ' | p50 gap  | p99 gap  | paired gap' : ''} | target`;
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const [name, { willow: w, hand: h, pairedGap }] of Object.entries(results)) {
    const r50 = w.p50 / h.p50;
    const r99 = w.p99 / h.p99;
    // One at a time, the paired gap where there is one (PostgreSQL, both servers up together).
    const met = alone ? (pairedGap ?? w.p50 - h.p50) <= TARGET_ALONE_MS : r50 <= TARGET_RATIO && r99 <= TARGET_RATIO;
    // The search box's own target is its p99 one at a time, whatever the hand-written route does.
    const typing = alone && name === 'search as you type' ? `; p99 < ${TARGET_TYPING_P99_MS} ms ${w.p99 < TARGET_TYPING_P99_MS ? 'met' : 'missed'}` : '';
    console.log(
      [
        name.padEnd(19),
        String(statements[name] ?? '?').padStart(5),
        ms(w.p50).padStart(10),
        ms(w.p99).padStart(10),
        ms(h.p50).padStart(12),
        ms(h.p99).padStart(12),
        `${r50.toFixed(2)}×`.padStart(9),
        `${r99.toFixed(2)}×`.padStart(9),
        ...(alone ? [ms(w.p50 - h.p50).padStart(8), ms(w.p99 - h.p99).padStart(8), (pairedGap === undefined ? '-' : ms(pairedGap)).padStart(10)] : []),
        `${typing ? 'gap ' : ''}${met ? 'met' : 'missed'}${typing}`,
      ].join(' | '),
    );
  }
}

/**
 * Every endpoint on two servers up together (Willow started first, both stopped at the end): at 50
 * concurrent in rounds that take turns (`inTurns`), one at a time in pairs (`inPairs`), after
 * `beforeTiming` when given. The session is signed by Willow; the hand-written server checks the
 * same secret's signature.
 */
async function sideBySide(
  start: { willow: () => Promise<RunningServer>; hand: () => Promise<RunningServer> },
  paths: Record<string, (run: number) => string>,
  beforeTiming?: () => Promise<void>,
): Promise<{ concurrent: Record<string, Timing>; alone: Record<string, Timing> }> {
  const willow = await start.willow();
  try {
    const hand = await start.hand();
    try {
      await beforeTiming?.();
      const { cookie } = await signIn(willow.base, LARGE_OWNER, LARGE_PASSWORD);
      const sides = { willow: client(willow.base, cookie), hand: client(hand.base, cookie) };
      const get = (send: (path: string) => Promise<number>, path: (run: number) => string) => async (run: number) => {
        const status = await send(path(run));
        if (status !== 200) throw new Error(`${path(run)}: ${status}`);
      };
      const concurrent: Record<string, Timing> = {};
      const alone: Record<string, Timing> = {};
      for (const [name, path] of Object.entries(paths)) {
        const willowTask = get(sides.willow, path);
        const handTask = get(sides.hand, path);
        concurrent[name] = await inTurns(willowTask, handTask, REQUESTS, CONCURRENCY);
        alone[name] = await inPairs(willowTask, handTask, SEQUENTIAL);
      }
      return { concurrent, alone };
    } finally {
      await hand.stop();
    }
  } finally {
    await willow.stop();
  }
}

/** The two tables of a side-by-side run: at 50 concurrent, and one at a time. */
function printBoth(label: string, concurrent: Record<string, Timing>, alone: Record<string, Timing>, statements: Record<string, number>) {
  const inRounds = ROUNDS > 1 ? ` × ${ROUNDS} rounds, the sides in turn` : '';
  printTable(`[${label}] ${REQUESTS} requests per endpoint${inRounds}, ${CONCURRENCY} concurrent (target: p50 and p99 ≤ ${TARGET_RATIO}×)`, concurrent, statements, false, 'hand');
  printTable(
    `[${label}] ${SEQUENTIAL * ROUNDS} requests per endpoint a side, one at a time in pairs (each request asked of both, the first side alternating; target: the median pair's gap within ${TARGET_ALONE_MS} ms; search as you type p99 < ${TARGET_TYPING_P99_MS} ms)`,
    alone,
    statements,
    true,
    'hand',
  );
}

async function benchPostgres(t: Target & { databaseUrl: string }) {
  console.log(`\n[${t.label}] preparing the large seed (the first run takes several minutes)`);
  await ensureSeeded(t);

  // 1. What the app runs and answers for each request, on a server that records its statements.
  const textsDir = resolve('.bench', 'hand-written');
  mkdirSync(textsDir, { recursive: true });
  const appTexts = resolve(textsDir, 'app-statements.jsonl');
  const handTexts = resolve(textsDir, 'hand-statements.jsonl');
  rmSync(appTexts, { force: true });
  rmSync(handTexts, { force: true });
  const recording = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, countQueries: true, env: { QUERY_TEXTS: appTexts } });
  let cookie: string;
  let location: Place;
  let paths: Record<string, (run: number) => string>;
  let appAnswers: Map<string, unknown>;
  try {
    ({ cookie } = await signIn(recording.base, LARGE_OWNER, LARGE_PASSWORD));
    location = ((await (await fetch(`${recording.base}/api/location`, { headers: { cookie } })).json()) as Place[])[0]!;
    await ensurePayments(recording.base, cookie, location);
    paths = endpoints(location);
    appAnswers = await answersOf(recording.base, cookie, [...new Set(Object.values(paths).flatMap((p) => CHECK_RUNS.map(p)))]);
  } finally {
    await recording.stop();
  }
  const checked = Object.fromEntries(Object.entries(paths).map(([name, p]) => [name, [...new Set(CHECK_RUNS.map(p))]]));

  // 2. The same requests to the hand-written routes, recording theirs; both must match before timing.
  const handRecording = await startHandServer({ databaseUrl: t.databaseUrl }, handTexts);
  let handAnswers: Map<string, unknown>;
  try {
    handAnswers = await answersOf(handRecording.base, cookie, [...new Set(Object.values(paths).flatMap((p) => CHECK_RUNS.map(p)))]);
  } finally {
    await handRecording.stop();
  }
  const statements = checkSameWork(checked, { statements: statementsByUrl(appTexts), answers: appAnswers }, { statements: statementsByUrl(handTexts), answers: handAnswers });
  console.log(`[${t.label}] checked: for ${Object.values(checked).flat().length} requests the hand-written routes ran the app's statements and answered the same JSON`);

  // 3. Both servers up side by side, neither recording; each endpoint timed on one, then the other.
  const { concurrent, alone } = await sideBySide(
    { willow: () => startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }), hand: () => startHandServer({ databaseUrl: t.databaseUrl }) },
    paths,
  );
  const encoding = ENCODING === 'br' ? "both asked for 'br, gzip' and answering brotli (quality 1) above 1 KiB" : 'both uncompressed (identity)';
  console.log(
    `\n[${t.label}] Willow against the hand-written route (Fastify + pg, pool ${process.env.DATABASE_POOL_SIZE ?? 10}), ${encoding}; ${location.name}, 10,000 clients and 15,000 patients there, a different week each calendar/schedule request, prefixes ${PREFIXES.join(', ')} over all 100,000 clients`,
  );
  printBoth(t.label, concurrent, alone, statements);
}

/**
 * PGlite: the app, then the hand-written server on the same folder (one owner at a time), each
 * recording its statements for the checks; then both timed over HTTP together, the hand-written
 * server on a copy of the folder: the app's cost beside the same SQL on PGlite's one connection
 * behind a bare Fastify route.
 */
async function benchPglite(t: Target) {
  console.log(`\n[${t.label}] preparing the large seed (the first run takes several minutes)`);
  await ensureSeeded(t);
  const textsDir = resolve('.bench', 'hand-written');
  mkdirSync(textsDir, { recursive: true });
  const appTexts = resolve(textsDir, 'app-statements-pglite.jsonl');
  const handTexts = resolve(textsDir, 'hand-statements-pglite.jsonl');
  rmSync(appTexts, { force: true });
  rmSync(handTexts, { force: true });
  const recording = await startServer({ dataDir: t.dataDir, countQueries: true, env: { QUERY_TEXTS: appTexts } });
  let cookie: string;
  let location: Place;
  let paths: Record<string, (run: number) => string>;
  let appAnswers: Map<string, unknown>;
  try {
    ({ cookie } = await signIn(recording.base, LARGE_OWNER, LARGE_PASSWORD));
    location = ((await (await fetch(`${recording.base}/api/location`, { headers: { cookie } })).json()) as Place[])[0]!;
    await ensurePayments(recording.base, cookie, location);
    paths = endpoints(location);
    appAnswers = await answersOf(recording.base, cookie, [...new Set(Object.values(paths).flatMap((p) => CHECK_RUNS.map(p)))]);
  } finally {
    await recording.stop();
  }
  const checked = Object.fromEntries(Object.entries(paths).map(([name, p]) => [name, [...new Set(CHECK_RUNS.map(p))]]));
  const handRecording = await startHandServer({ pgliteDir: t.dataDir }, handTexts);
  let handAnswers: Map<string, unknown>;
  try {
    handAnswers = await answersOf(handRecording.base, cookie, [...new Set(Object.values(paths).flatMap((p) => CHECK_RUNS.map(p)))]);
  } finally {
    await handRecording.stop();
  }
  const statements = checkSameWork(checked, { statements: statementsByUrl(appTexts), answers: appAnswers }, { statements: statementsByUrl(handTexts), answers: handAnswers });
  console.log(`[${t.label}] checked: for ${Object.values(checked).flat().length} requests the hand-written routes ran the app's statements and answered the same JSON`);

  // 3. The hand-written server on a copy of the folder (a PGlite folder has one owner), made after the
  // app's last write, so both are up together and timed as on PostgreSQL: in turns at 50 concurrent,
  // in pairs one at a time. Timed one after the other, minutes apart, the same build's ratios moved by
  // a fifth between runs (the machine's pace drifts); side by side a slow moment falls on both.
  const handDir = `${t.dataDir}-hand-written`;
  rmSync(handDir, { recursive: true, force: true });
  cpSync(t.dataDir, handDir, { recursive: true });
  let concurrent: Record<string, Timing>;
  let alone: Record<string, Timing>;
  try {
    ({ concurrent, alone } = await sideBySide(
      { willow: () => startServer({ dataDir: t.dataDir }), hand: () => startHandServer({ pgliteDir: handDir }) },
      paths,
      // Each side's vacuum at its opening (db/client.ts) is queued before the warm-up begins.
      () => pastPgliteUpkeep(performance.now()),
    ));
  } finally {
    rmSync(handDir, { recursive: true, force: true });
  }
  console.log(`\n[${t.label}] Willow against the hand-written route (Fastify + PGlite's driver on a copy of the folder), both up together; ${location.name}`);
  printBoth(t.label, concurrent, alone, statements);
}

const benchDir = resolve('.bench');
mkdirSync(benchDir, { recursive: true });
if (only !== 'pglite') {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/willow_bench';
  await ensurePgDatabase(url);
  await benchPostgres({ label: 'PostgreSQL', dataDir: resolve(benchDir, 'pg-data'), databaseUrl: url });
}
if (only !== 'postgres') await benchPglite({ label: 'PGlite', dataDir: resolve(benchDir, 'pglite-large') });
