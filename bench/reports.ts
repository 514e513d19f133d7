// The reports (issue 36) on the large seed: each report one request at a time, as an owner runs
// it, through the API, beside the same statements run straight through the database client (the
// reports' repository reads and the filters' check, without HTTP, the session, the shaping or
// serialisation; missed charges: the invoices' rule itself, which reads in batches); then the
// biggest table, the receivables by client, downloaded as CSV and XLSX.
//   npm run build && npm run bench:reports [-- --requests 20 --warmup 3 --only postgres|pglite --match ledger]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created
// and seeded if missing, as the other benches seed it).
import { performance } from 'node:perf_hooks';
import { addDays, DEFAULT_EXPIRY_WINDOW, localDate } from '@willow/contracts';
import { openDatabase, together, type Database } from '../apps/server/src/db/client.js';
import { invoiceInventory } from '../apps/server/src/features/inventory/inventory-billing.subscriptions.js';
import { MissedChargesService } from '../apps/server/src/features/invoices/missed-charges.service.js';
import { locationsRepository, type LocationRow } from '../apps/server/src/features/locations/locations.repository.js';
import { inventoryLogRepository } from '../apps/server/src/features/inventory/inventory-log.repository.js';
import { stockReadsRepository } from '../apps/server/src/features/inventory/stock-reads.repository.js';
import { endOfLifeRepository } from '../apps/server/src/features/reports/report-end-of-life.repository.js';
import { vaccinationsDueRepository } from '../apps/server/src/features/reports/report-vaccinations.repository.js';
import { reportsRepository, type Period, type RevenueBy } from '../apps/server/src/features/reports/reports.repository.js';
import type { AuthContext } from '../apps/server/src/platform/access.js';
import { filtersVisibleSql } from '../apps/server/src/platform/list-filters.js';
import { LARGE_OWNER, LARGE_PASSWORD } from '../apps/server/src/seed/large.js';
import { ensureLargeSeed, onEachDatabase, type BenchTarget } from './large-seed.js';
import { arg, httpClient, measured, ms, pastPgliteUpkeep, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '20'));
const WARMUP = Number(arg('warmup', '3'));
const only = arg('only', 'postgres');
/** `--match TEXT`: only the reports whose name holds it (the downloads only when none is given) */
const match = arg('match', '');

type Range = { from: string; to: string; locationId?: string };
interface Case {
  name: string;
  path: string;
  /** the same statements through the driver */
  direct: (db: Database['db'], scope: { accountId: string }) => Promise<unknown>;
}

function cases(locationId: string): Case[] {
  const today = localDate(new Date(), 'UTC');
  const year: Range = { from: addDays(today, -364), to: today };
  const month: Range = { from: addDays(today, -29), to: today, locationId };
  const query = (r: Range, extra: Record<string, string> = {}) => new URLSearchParams({ ...r, ...extra }).toString();
  const withCheck = <T>(db: Database['db'], scope: { accountId: string }, r: Range, read: () => Promise<T>) =>
    together(db, [() => reportsRepository.preamble(db, scope, filtersVisibleSql(scope, [[locationsRepository, r.locationId]])), read] as const);
  const revenue = (by: RevenueBy, r: Range): Case => ({
    name: `revenue by ${by}${r.locationId ? ', one location' : ''}`,
    path: `/api/reports/revenue?${query(r, { groupBy: by })}`,
    direct: (db, scope) => withCheck(db, scope, r, () => reportsRepository.revenue(db, scope, r, by)),
  });
  const appointments = (by: 'status' | Period, r: Range): Case => ({
    name: `appointments by ${by}${r.locationId ? ', one location' : ''}`,
    path: `/api/reports/appointmentsByStatus?${query(r, { groupBy: by })}`,
    direct: (db, scope) => withCheck(db, scope, r, () => reportsRepository.appointments(db, scope, r, by)),
  });
  const ageing = (r: { locationId?: string }): Case => ({
    name: `receivables ageing${r.locationId ? ', one location' : ''}`,
    path: `/api/reports/receivablesAgeing?${new URLSearchParams(r).toString()}`,
    direct: async (db, scope) => {
      // every owing client, named in the statement, beside the totals' own statement (decision 0289)
      await withCheck(db, scope, { from: '', to: '', ...r }, () => Promise.all([reportsRepository.ageingRows(db, scope, r), reportsRepository.ageingTotals(db, scope, r)]));
    },
  });
  // The inventory reports read at each location (all of the account's, or the one asked) with
  // today on that location's clock, as their services do.
  const atEachLocation = async (db: Database['db'], scope: { accountId: string }, locationId: string | undefined, read: (l: LocationRow) => Promise<unknown>) => {
    const [, locations] = await withCheck(db, scope, { from: '', to: '', locationId }, () => locationsRepository.listSorted(db, scope, {}));
    for (const l of locations) if (!locationId || l.id === locationId) await read(l);
  };
  const one = (r: { locationId?: string | undefined }) => (r.locationId ? ', one location' : '');
  const stockValuation = (r: { locationId?: string }): Case => ({
    name: `stock valuation${one(r)}`,
    path: `/api/reports/stockValuation?${new URLSearchParams(r).toString()}`,
    direct: (db, scope) =>
      atEachLocation(db, scope, r.locationId, (l) =>
        stockReadsRepository.all(db, scope, { locationId: l.id, today: localDate(new Date(), l.timezone), window: DEFAULT_EXPIRY_WINDOW, includeArchived: true }),
      ),
  });
  // No day asked: the report's default, 90 days from each location's today.
  const expiringStock = (r: { locationId?: string }): Case => ({
    name: `expiring stock, 90 days${one(r)}`,
    path: `/api/reports/expiringStock?${new URLSearchParams(r).toString()}`,
    direct: (db, scope) =>
      atEachLocation(db, scope, r.locationId, (l) =>
        stockReadsRepository.expiringLots(db, scope, l.id, addDays(localDate(new Date(), l.timezone), DEFAULT_EXPIRY_WINDOW)),
      ),
  });
  const ledger = (over: string, r: Range): Case => ({
    name: `controlled-drug ledger, ${over}${one(r)}`,
    path: `/api/reports/controlledDrugLedger?${query(r)}`,
    direct: (db, scope) =>
      withCheck(db, scope, r, () =>
        together(db, [
          () => inventoryLogRepository.entries(db, scope, { controlled: true, ...r }),
          () => locationsRepository.listSorted(db, scope, {}),
        ] as const),
      ),
  });
  return [
    revenue('month', year),
    revenue('provider', year),
    revenue('service', year),
    revenue('location', year),
    revenue('day', month),
    ageing({}),
    ageing({ locationId }),
    {
      name: 'payments by type',
      path: `/api/reports/paymentsByType?${query(year)}`,
      direct: (db, scope) => withCheck(db, scope, year, () => reportsRepository.paymentsByType(db, scope, year)),
    },
    appointments('status', year),
    appointments('day', { ...year, locationId }),
    {
      name: 'missed charges, one location',
      path: `/api/reports/missedCharges?${query(month)}`,
      direct: async (db, scope) => {
        // The rule reads only the account of who asks.
        const auth = { ...scope } as AuthContext;
        const [, locations] = await withCheck(db, scope, month, () => locationsRepository.listSorted(db, scope, {}));
        await new MissedChargesService(db, invoiceInventory.itemUse).unbilledBetween(auth, { ...month, locations: locations.filter((l) => l.id === locationId) });
      },
    },
    {
      name: 'end-of-life by cremation type',
      path: `/api/reports/endOfLife?${query(year)}`,
      direct: (db, scope) => withCheck(db, scope, year, () => endOfLifeRepository.volume(db, scope, year)),
    },
    {
      name: 'vaccinations due',
      path: '/api/reports/vaccinationsDue',
      direct: (db, scope) => withCheck(db, scope, { from: '', to: '' }, () => vaccinationsDueRepository.due(db, scope, {})),
    },
    stockValuation({}),
    stockValuation({ locationId }),
    expiringStock({}),
    expiringStock({ locationId }),
    ledger('month', { from: month.from, to: month.to }),
    ledger('month', month),
    ledger('year', year),
    ledger('year', { ...year, locationId }),
  ];
}

async function benchTarget(t: BenchTarget) {
  console.log(`\n[${t.label}] preparing the large seed (the first run takes several minutes)`);
  await ensureLargeSeed(t);

  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const { cookie, accountId } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
  const locationId = ((await (await fetch(`${server.base}/api/location`, { headers: { cookie } })).json()) as { id: string }[])[0]!.id;
  const http = httpClient(server.base, cookie);
  const all = cases(locationId).filter((c) => c.name.includes(match));
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  const api: Record<string, LoadResult> = {};
  const rows: Record<string, number> = {};
  for (const c of all) {
    api[c.name] = await measured(
      async () => {
        const res = await http(c.path);
        if (res.status !== 200) throw new Error(`${c.path}: ${res.status} ${res.body.toString()}`);
      },
      REQUESTS,
      1,
      WARMUP,
    );
    const answer = (await (await fetch(server.base + c.path, { headers: { cookie } })).json()) as { rows: unknown[] };
    rows[c.name] = answer.rows.length;
  }
  // The biggest table as files: what a download takes, start to last byte, one at a time.
  const files: Record<string, LoadResult & { bytes: number }> = {};
  for (const format of match ? [] : ['csv', 'xlsx']) {
    let bytes = 0;
    const result = await measured(
      async () => {
        const res = await http(`/api/reports/receivablesAgeing?format=${format}`);
        if (res.status !== 200) throw new Error(`${format}: ${res.status}`);
        bytes = res.body.length;
      },
      Math.max(3, Math.floor(REQUESTS / 4)),
      1,
      1,
    );
    files[format] = { ...result, bytes };
  }
  await server.stop();

  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  const direct: Record<string, LoadResult> = {};
  for (const c of all) direct[c.name] = await measured(() => c.direct(database.db, { accountId }).then(() => undefined), REQUESTS, 1, WARMUP);
  await database.close();

  console.log(`\n[${t.label}] ${REQUESTS} requests per report, one at a time (after ${WARMUP} untimed), the last 365 days unless named (a month: the last 30 days; revenue by day and missed charges at one location; expiring stock: the next 90 days)`);
  console.log(`${'report'.padEnd(44)} |   rows | API p50    | API p99    | SQL p50    | SQL p99    | p50 ratio | p99 ratio`);
  for (const c of all) {
    const a = api[c.name]!;
    const d = direct[c.name]!;
    console.log(
      `${c.name.padEnd(44)} | ${String(rows[c.name]).padStart(6)} | ${ms(a.p50).padStart(10)} | ${ms(a.p99).padStart(10)} | ${ms(d.p50).padStart(10)} | ${ms(d.p99).padStart(10)} | ${(a.p50 / d.p50).toFixed(2).padStart(8)}× | ${(a.p99 / d.p99).toFixed(2).padStart(8)}×`,
    );
  }
  for (const [format, f] of Object.entries(files)) {
    console.log(`receivables by client as ${format.toUpperCase()}: ${(f.bytes / 1024).toFixed(0)} KiB, p50 ${ms(f.p50)}, p99 ${ms(f.p99)}`);
  }
}

await onEachDatabase(only, benchTarget);
