// Inventory on the large seed (5,000 items, 20,000 lots, 500,000 log entries; seed/large-inventory.ts):
// the Stock page (a page of 50 items at a location, each with its figures and lots, and the totals
// of all that match) and the log (a page of 50 entries at a location and over all of them) at 50
// concurrent requests and one at a time, beside the same statements run straight through the
// database client (the repositories' own, without HTTP, sessions or serialisation); then invoices
// of 20 item lines finalised one at a time (each line sold from stock, first to expire first),
// beside invoices of 20 lines without items, on PGlite and PostgreSQL.
//   npm run build && npm run bench:inventory [-- --requests 1000 --warmup 1000 --finalise 40 --only pglite|postgres]
// A smaller large seed, in folders of its own: --clients 20000 --patients 30000 --appointments 50000 --items 1000.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created if missing).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { localDate } from '@willow/contracts';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { entryExtras, inventoryLogRepository } from '../apps/server/src/features/inventory/inventory-log.repository.js';
import { stockReadsRepository } from '../apps/server/src/features/inventory/stock-reads.repository.js';
import { locationsRepository } from '../apps/server/src/features/locations/locations.repository.js';
import { filtersVisibleSql } from '../apps/server/src/platform/list-filters.js';
import { LARGE_OWNER, LARGE_PASSWORD, seedLarge } from '../apps/server/src/seed/large.js';
import { arg, ensurePgDatabase, httpClient, load, measured, ms, pastPgliteUpkeep, queriesPerRequest, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '1000'));
const CONCURRENCY = 50;
const SEQUENTIAL = Math.max(50, Math.round(REQUESTS / 5));
/** Invoices finalised one at a time, of each kind (as many again first, untimed). */
const FINALISE = Number(arg('finalise', '40'));
const LINES = 20;
const only = arg('only', 'both');
const SIZE = {
  clients: Number(arg('clients', '100000')),
  patients: Number(arg('patients', '150000')),
  appointments: Number(arg('appointments', '500000')),
  items: Number(arg('items', '5000')),
};
const FULL = SIZE.clients === 100_000 && SIZE.patients === 150_000 && SIZE.appointments === 500_000 && SIZE.items === 5_000;
/** The other benchmarks' large seed, or one of its own when smaller. */
const suffix = FULL ? '' : `-${SIZE.clients}-${SIZE.items}`;

interface Target {
  label: string;
  dataDir: string;
  databaseUrl?: string;
}

async function ensureSeeded(t: Target) {
  const db = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  try {
    // A seed made before inventory gains it on this call.
    await seedLarge(db.db, { seed: 1, locations: 10, ...SIZE }, (m) => console.log(`  seed: ${m}`));
    await db.db.execute(sql`vacuum (analyze)`);
  } finally {
    await db.close();
  }
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The first location (as the API lists them), its clock, and the 20 whole-unit items with the most stock there. */
async function benchFacts(t: Target, accountId: string, locationId: string) {
  const database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  try {
    const [location] = await rowsOf<{ timezone: string }>(database, sql`select timezone from locations where account_id = ${accountId} and id = ${locationId}`);
    const items = await rowsOf<{ id: string; name: string; sell_price: number; on_hand: string }>(
      database,
      sql`select i.id, i.name, i.sell_price, s.on_hand from item_stocks s join items i on i.account_id = s.account_id and i.id = s.item_id
          where s.account_id = ${accountId} and s.location_id = ${locationId} and i.whole_units and i.archived_at is null
          order by s.on_hand desc, i.id limit ${LINES}`,
    );
    const [counts] = await rowsOf<{ items: string; lots: string; here: string; moves: string }>(
      database,
      sql`select (select count(*) from items where account_id = ${accountId}) as items,
                 (select count(*) from lots where account_id = ${accountId}) as lots,
                 (select count(*) from inventory_movements where account_id = ${accountId} and location_id = ${locationId}) as here,
                 (select count(*) from inventory_movements where account_id = ${accountId}) as moves`,
    );
    const [client] = await rowsOf<{ id: string }>(database, sql`select id from clients where account_id = ${accountId} and location_id = ${locationId} order by id limit 1`);
    return { timezone: location!.timezone, items, counts: counts!, clientId: client!.id };
  } finally {
    await database.close();
  }
}

async function benchTarget(t: Target) {
  console.log(`\n[${t.label}] preparing the large seed (the first run takes several minutes)`);
  await ensureSeeded(t);

  const firstLocation = async (base: string, cookie: string) =>
    ((await (await fetch(`${base}/api/location`, { headers: { cookie } })).json()) as { id: string }[])[0]!.id;
  const pathsAt = (locationId: string): Record<string, string> => ({
    'stock page': `/api/inventory/stock?locationId=${locationId}&limit=50`,
    'log page': `/api/inventoryLog?locationId=${locationId}&limit=50`,
    'log, all locations': `/api/inventoryLog?limit=50`,
  });
  let locationId = '';
  let accountId = '';
  const queries = await queriesPerRequest(
    t,
    async (base, cookie) => {
      locationId = await firstLocation(base, cookie);
      return pathsAt(locationId);
    },
    LARGE_OWNER,
    LARGE_PASSWORD,
  );

  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const signedIn = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
  accountId = signedIn.accountId;
  const http = httpClient(server.base, signedIn.cookie);
  const get = (path: string) => async () => {
    const res = await http(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.toString()}`);
  };
  const paths = pathsAt(locationId);
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  const api: Record<string, LoadResult> = {};
  for (const [name, path] of Object.entries(paths)) api[name] = await measured(get(path), REQUESTS, CONCURRENCY);
  // One at a time: what a request costs without waiting behind the others.
  api['stock page ×1'] = await measured(get(paths['stock page']!), SEQUENTIAL, 1);
  api['log page ×1'] = await measured(get(paths['log page']!), SEQUENTIAL, 1);
  queries['stock page ×1'] = queries['stock page']!;
  queries['log page ×1'] = queries['log page']!;
  await server.stop();

  // The same statements through the database client (the data folder is free again).
  const facts = await benchFacts(t, accountId, locationId);
  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  const scope = { accountId };
  const db = database.db;
  const stockPage = async () => {
    // the location's check (its clock), the page with its figures, its lots, the totals: the service's four statements
    await locationsRepository.findById(db, scope, locationId);
    const f = { locationId, today: localDate(Date.now(), facts.timezone), window: 90 };
    const page = await stockReadsRepository.page(db, scope, f, 50, 0);
    await stockReadsRepository.lotsOf(
      db,
      scope,
      page.items.map((i) => i.id),
      locationId,
    );
    await stockReadsRepository.totals(db, scope, f);
  };
  const logPage = (at: string | undefined) => async () => {
    await inventoryLogRepository.page(db, scope, {
      ...inventoryLogRepository.listOptions({ locationId: at, order: 'newest' }, scope),
      limit: 50,
      offset: 0,
      extras: entryExtras(scope),
      require: filtersVisibleSql(scope, [[locationsRepository, at]]),
    });
  };
  const direct: Record<string, () => Promise<void>> = {
    'stock page': stockPage,
    'log page': logPage(locationId),
    'log, all locations': logPage(undefined),
  };
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  const raw: Record<string, LoadResult> = {};
  for (const [name, run] of Object.entries(direct)) raw[name] = await measured(run, REQUESTS, CONCURRENCY);
  raw['stock page ×1'] = await measured(stockPage, SEQUENTIAL, 1);
  raw['log page ×1'] = await measured(logPage(locationId), SEQUENTIAL, 1);
  await database.close();

  const n = (v: string) => Number(v).toLocaleString('en-US');
  console.log(
    `[${t.label}] ${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent (×1: ${SEQUENTIAL} one at a time); ${n(facts.counts.items)} items, ${n(facts.counts.lots)} lots, ` +
      `${n(facts.counts.moves)} log entries (${n(facts.counts.here)} at the location)`,
  );
  console.log('endpoint           | statements | API p50  | API p99  | API req/s | SQL p50  | SQL p99  | p50 ratio | p99 ratio');
  for (const name of Object.keys(api)) {
    const a = api[name]!;
    const r = raw[name]!;
    console.log(
      `${name.padEnd(18)} | ${String(queries[name]).padStart(10)} | ${ms(a.p50).padStart(8)} | ${ms(a.p99).padStart(8)} | ${a.perSecond.toFixed(0).padStart(9)} | ${ms(r.p50).padStart(8)} | ${ms(r.p99).padStart(8)} | ${(a.p50 / r.p50).toFixed(2).padStart(8)}× | ${(a.p99 / r.p99).toFixed(2).padStart(8)}×`,
    );
  }

  await benchFinalise(t, locationId, facts);
}

/** Invoices of 20 lines finalised one at a time through the API: item lines (each sold from stock) beside lines without items. */
async function benchFinalise(t: Target, locationId: string, facts: Awaited<ReturnType<typeof benchFacts>>) {
  if (facts.items.length < LINES) throw new Error(`the location stocks only ${facts.items.length} whole-unit items`);
  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  try {
    const { cookie } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
    const headers = { cookie, 'content-type': 'application/json' };
    const line = (n: number, withItem: boolean) => ({
      kind: withItem ? 'item' : 'text',
      itemId: withItem ? facts.items[n]!.id : null,
      description: withItem ? facts.items[n]!.name : `Line ${n + 1}`,
      quantity: 1,
      unitPrice: withItem ? facts.items[n]!.sell_price : 1_000 + n * 137,
      discountType: 'none',
      discountValue: 0,
    });
    const drafts = async (withItem: boolean) => {
      const ids: string[] = [];
      for (let k = 0; k < 2 * FINALISE; k++) {
        const res = await fetch(`${server.base}/api/invoice`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            invoiceData: { locationId, clientId: facts.clientId, notes: `bench: ${LINES} ${withItem ? 'item ' : ''}lines` },
            invoiceItems: Array.from({ length: LINES }, (_, n) => line(n, withItem)),
          }),
        });
        if (res.status !== 201) throw new Error(`bench invoice: ${res.status} ${await res.text()}`);
        ids.push(((await res.json()) as { id: string }).id);
      }
      return ids;
    };
    const finalising = (ids: string[]) => {
      let next = 0;
      return async () => {
        const res = await fetch(`${server.base}/api/invoice/${ids[next++]}/finalise`, { method: 'POST', headers: { cookie } });
        if (res.status !== 200) throw new Error(`finalise: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
    };
    const withItems = await drafts(true);
    const plain = await drafts(false);
    // as many untimed first (warmed as the lists are), then the timed ones
    const items = finalising(withItems);
    await load(items, FINALISE, 1);
    const itemRun = await load(items, FINALISE, 1);
    const plainRun = finalising(plain);
    await load(plainRun, FINALISE, 1);
    const plainResult = await load(plainRun, FINALISE, 1);
    console.log(`[${t.label}] finalising invoices of ${LINES} lines one at a time (${FINALISE} timed after ${FINALISE} untimed)`);
    console.log('invoice               | p50      | p99      | per second');
    for (const [name, r] of [
      [`${LINES} item lines`, itemRun],
      [`${LINES} lines, no items`, plainResult],
    ] as const)
      console.log(`${name.padEnd(21)} | ${ms(r.p50).padStart(8)} | ${ms(r.p99).padStart(8)} | ${r.perSecond.toFixed(1).padStart(10)}`);
  } finally {
    await server.stop();
  }
}

const benchDir = resolve('.bench');
mkdirSync(benchDir, { recursive: true });
if (only !== 'postgres') await benchTarget({ label: 'PGlite', dataDir: resolve(benchDir, `pglite-large${suffix}`) });
if (only !== 'pglite') {
  const url = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/willow_bench${suffix.replaceAll('-', '_')}`;
  await ensurePgDatabase(url);
  await benchTarget({ label: 'PostgreSQL', dataDir: resolve(benchDir, `pg-data${suffix}`), databaseUrl: url });
}
