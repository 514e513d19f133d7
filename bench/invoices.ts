// The invoice list (a page of 50 with each row's paid, credited, balance and payment state) and
// one invoice with 30 lines, at 50 concurrent requests on the large seed (an invoice for every
// completed appointment), beside the same statements run straight through the database client
// (the repository's own queries, without HTTP, sessions or serialisation), on PGlite and PostgreSQL.
//   npm run bench:invoices [-- --requests 1000 --warmup 1000 --only pglite|postgres]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created if missing).
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { balanceReads } from '../apps/server/src/features/invoices/invoice-balances.repository.js';
import { invoiceItemsTable, invoicesRepository } from '../apps/server/src/features/invoices/invoices.repository.js';
import { invoicePayments } from '../apps/server/src/features/payments/payments.repository.js';
import { locationsRepository } from '../apps/server/src/features/locations/locations.repository.js';
import { LARGE_OWNER, LARGE_PASSWORD } from '../apps/server/src/seed/large.js';
import { filtersVisibleSql } from '../apps/server/src/platform/list-filters.js';
import { ensureLargeSeed, onEachDatabase, type BenchTarget } from './large-seed.js';
import { arg, httpClient, measured, ms, pastPgliteUpkeep, queriesPerRequest, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '1000'));
const CONCURRENCY = 50;
const only = arg('only', 'both');
const LINES = 30;
const BENCH_NOTE = 'bench: 30 lines';

/** The location's invoice with 30 lines (made through the API on the first run). */
async function benchInvoice(base: string, cookie: string, locationId: string): Promise<string> {
  const headers = { cookie, 'content-type': 'application/json' };
  const drafts = (await (await fetch(`${base}/api/invoice?locationId=${locationId}&status=finalised&limit=1`, { headers })).json()) as { items: { clientId: string }[] };
  // Issued today and made last, a bench invoice from an earlier run heads the list.
  const list = (await (await fetch(`${base}/api/invoice?locationId=${locationId}&limit=5`, { headers })).json()) as { items: { id: string }[] };
  for (const i of list.items) {
    const full = (await (await fetch(`${base}/api/invoice/${i.id}`, { headers })).json()) as { notes: string; id: string };
    if (full.notes === BENCH_NOTE) return full.id;
  }
  const items = Array.from({ length: LINES }, (_, n) => ({
    description: `Line ${n + 1}`,
    quantity: 1 + (n % 3),
    unitPrice: 1_000 + n * 137,
    discountType: n % 4 === 0 ? 'percent' : 'none',
    discountValue: n % 4 === 0 ? 1_000 : 0,
  }));
  const res = await fetch(`${base}/api/invoice`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      invoiceData: { locationId, clientId: drafts.items[0]!.clientId, notes: BENCH_NOTE, discountType: 'amount', discountValue: 500 },
      invoiceItems: items,
    }),
  });
  if (res.status !== 201) throw new Error(`bench invoice: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const fin = await fetch(`${base}/api/invoice/${id}/finalise`, { method: 'POST', headers: { cookie } });
  if (fin.status !== 200) throw new Error(`bench invoice finalise: ${fin.status}`);
  return id;
}

async function benchTarget(t: BenchTarget) {
  console.log(`\n[${t.label}] preparing the large seed (first run takes a few minutes)`);
  await ensureLargeSeed(t);

  const firstLocation = async (base: string, cookie: string) =>
    ((await (await fetch(`${base}/api/location`, { headers: { cookie } })).json()) as { id: string }[])[0]!.id;
  let invoiceId = '';
  const queries = await queriesPerRequest(
    t,
    async (base, cookie) => {
      const locationId = await firstLocation(base, cookie);
      invoiceId = await benchInvoice(base, cookie, locationId);
      return { 'invoice list': `/api/invoice?locationId=${locationId}&limit=50`, 'invoice, 30 lines': `/api/invoice/${invoiceId}` };
    },
    LARGE_OWNER,
    LARGE_PASSWORD,
  );

  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const { cookie, accountId } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
  const locationId = await firstLocation(server.base, cookie);
  const http = httpClient(server.base, cookie);
  const get = (path: string) => async () => {
    const res = await http(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };
  const paths = { 'invoice list': `/api/invoice?locationId=${locationId}&limit=50`, 'invoice, 30 lines': `/api/invoice/${invoiceId}` };
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  const api: Record<string, LoadResult> = {};
  for (const [name, path] of Object.entries(paths)) api[name] = await measured(get(path), REQUESTS, CONCURRENCY);
  await server.stop();

  // The same statements through the database client (the data folder is free again).
  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  const scope = { accountId };
  const db = database.db;
  const balances = balanceReads(invoicePayments);
  const direct: Record<string, () => Promise<void>> = {
    'invoice list': async () => {
      await invoicesRepository.page(db, scope, {
        ...balances.listOptions({ locationId }, scope),
        limit: 50,
        offset: 0,
        extras: balances.invoiceExtras(scope),
        require: filtersVisibleSql(scope, [[locationsRepository, locationId]]),
      });
    },
    'invoice, 30 lines': async () => {
      await balances.withExtras(db, scope, [invoiceId]);
      await invoiceItemsTable.of(db, scope, [invoiceId]);
    },
  };
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  const raw: Record<string, LoadResult> = {};
  for (const [name, run] of Object.entries(direct)) raw[name] = await measured(run, REQUESTS, CONCURRENCY);
  await database.close();

  console.log(`[${t.label}] ${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent`);
  console.log('endpoint          | statements | API p50  | API p99  | API req/s | SQL p50  | SQL p99  | p50 ratio | p99 ratio');
  for (const name of Object.keys(api)) {
    const a = api[name]!;
    const r = raw[name]!;
    console.log(
      `${name.padEnd(17)} | ${String(queries[name]).padStart(10)} | ${ms(a.p50).padStart(8)} | ${ms(a.p99).padStart(8)} | ${a.perSecond.toFixed(0).padStart(9)} | ${ms(r.p50).padStart(8)} | ${ms(r.p99).padStart(8)} | ${(a.p50 / r.p50).toFixed(2).padStart(8)}× | ${(a.p99 / r.p99).toFixed(2).padStart(8)}×`,
    );
  }
}

await onEachDatabase(only, benchTarget);
