// The analytics dashboard (issue 36) on the large seed (500,000 appointments, their invoices): the
// dashboard one request at a time, as an owner opens it, through the API, beside the same
// statements run straight through the database client (the preamble and the six charts' reads side
// by side on the pool, without HTTP, the session, the shaping or serialisation), and each of those
// statements alone, to see which one the dashboard waits on.
//   npm run build && npm run bench:analytics [-- --requests 20 --warmup 3 --only postgres|pglite]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created
// and seeded if missing, as the other benches seed it).
import { performance } from 'node:perf_hooks';
import { addDays, analyticsPeriodOf, localDate } from '@willow/contracts';
import { openDatabase, together, type Database } from '../apps/server/src/db/client.js';
import { analyticsRepository, type Range } from '../apps/server/src/features/analytics/analytics.repository.js';
import { locationsRepository } from '../apps/server/src/features/locations/locations.repository.js';
import { reportsRepository } from '../apps/server/src/features/reports/reports.repository.js';
import { filtersVisibleSql } from '../apps/server/src/platform/list-filters.js';
import { LARGE_OWNER, LARGE_PASSWORD } from '../apps/server/src/seed/large.js';
import { ensureLargeSeed, onEachDatabase, type BenchTarget } from './large-seed.js';
import { arg, httpClient, measured, ms, pastPgliteUpkeep, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '20'));
const WARMUP = Number(arg('warmup', '3'));
const only = arg('only', 'postgres');

type Db = Database['db'];
type Scope = { accountId: string };
type Read = (db: Db, scope: Scope, r: Range) => Promise<unknown>;

/** The dashboard's statements, as the service runs them (analytics.service.ts). */
const READS: Record<string, Read> = {
  preamble: (db, scope, r) => reportsRepository.preamble(db, scope, filtersVisibleSql(scope, [[locationsRepository, r.locationId]])),
  'revenue and average invoice': (db, scope, r) => analyticsRepository.invoicesByPeriod(db, scope, r, analyticsPeriodOf(r.from, r.to)),
  'appointments by status': (db, scope, r) => analyticsRepository.appointmentsByPeriod(db, scope, r, analyticsPeriodOf(r.from, r.to)),
  'new clients': (db, scope, r) => analyticsRepository.newClientsByPeriod(db, scope, r, analyticsPeriodOf(r.from, r.to)),
  'top services': (db, scope, r) => analyticsRepository.revenueBySold(db, scope, r),
  'aftercare turnaround': (db, scope, r) => analyticsRepository.aftercareByPeriod(db, scope, r, analyticsPeriodOf(r.from, r.to)),
};
const all: Read = (db, scope, r) => together(db, Object.values(READS).map((read) => () => read(db, scope, r)));

function ranges(locationId: string): { name: string; range: Range }[] {
  const today = localDate(new Date(), 'UTC');
  return [
    { name: 'last 30 days, all locations', range: { from: addDays(today, -29), to: today } },
    { name: 'last 30 days, one location', range: { from: addDays(today, -29), to: today, locationId } },
    { name: 'last 365 days, all locations', range: { from: addDays(today, -364), to: today } },
    { name: 'last 3 years, all locations', range: { from: addDays(today, -1095), to: today } },
  ];
}

async function benchTarget(t: BenchTarget) {
  console.log(`\n[${t.label}] preparing the large seed (the first run takes several minutes)`);
  await ensureLargeSeed(t, { appointments: 500_000 });

  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const { cookie, accountId } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
  const locationId = ((await (await fetch(`${server.base}/api/location`, { headers: { cookie } })).json()) as { id: string }[])[0]!.id;
  const http = httpClient(server.base, cookie);
  const cases = ranges(locationId);
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  const api: Record<string, LoadResult> = {};
  const figures: Record<string, string> = {};
  for (const c of cases) {
    const path = `/api/analytics/dashboard?${new URLSearchParams(c.range as Record<string, string>).toString()}`;
    api[c.name] = await measured(
      async () => {
        const res = await http(path);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.toString()}`);
      },
      REQUESTS,
      1,
      WARMUP,
    );
    const d = (await (await fetch(server.base + path, { headers: { cookie } })).json()) as { revenue: { total: number }; appointments: { total: number }; newClients: { total: number } };
    figures[c.name] = `${d.appointments.total} appointments, revenue ${d.revenue.total} cents, ${d.newClients.total} new clients`;
  }
  await server.stop();

  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  const scope = { accountId };
  const direct: Record<string, LoadResult> = {};
  const each: Record<string, LoadResult> = {};
  for (const c of cases) direct[c.name] = await measured(() => all(database.db, scope, c.range).then(() => undefined), REQUESTS, 1, WARMUP);
  const year = cases[2]!.range;
  for (const [name, read] of Object.entries(READS)) each[name] = await measured(() => read(database.db, scope, year).then(() => undefined), REQUESTS, 1, WARMUP);
  await database.close();

  console.log(`\n[${t.label}] ${REQUESTS} dashboards per range, one at a time (after ${WARMUP} untimed)`);
  console.log('range                          | API p50    | API p99    | SQL p50    | SQL p99    | p50 ratio | figures');
  for (const c of cases) {
    const a = api[c.name]!;
    const d = direct[c.name]!;
    console.log(`${c.name.padEnd(30)} | ${ms(a.p50).padStart(10)} | ${ms(a.p99).padStart(10)} | ${ms(d.p50).padStart(10)} | ${ms(d.p99).padStart(10)} | ${(a.p50 / d.p50).toFixed(2).padStart(8)}× | ${figures[c.name]}`);
  }
  console.log(`\n[${t.label}] each statement alone over the last 365 days, all locations`);
  for (const [name, r] of Object.entries(each)) console.log(`${name.padEnd(30)} | p50 ${ms(r.p50).padStart(10)} | p99 ${ms(r.p99).padStart(10)}`);
}

await onEachDatabase(only, benchTarget);
