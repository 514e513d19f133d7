// Client list, client search and patient list at 50 concurrent requests on the large seed,
// beside the same SQL run directly through the driver, on PGlite and on PostgreSQL.
//   npm run build && npm run bench:clients [-- --requests 1000 --warmup 1000 --only pglite|postgres]
// Every measured run follows as many untimed requests of the same kind (`--warmup` to change it).
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created if missing).
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { LARGE_OWNER, LARGE_PASSWORD } from '../apps/server/src/seed/large.js';
import { ensureLargeSeed, onEachDatabase, type BenchTarget } from './large-seed.js';
import { arg, httpClient, measured, ms, pastPgliteUpkeep, queriesPerRequest, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '1000'));
const CONCURRENCY = 50;
const SEQUENTIAL = Math.min(REQUESTS, 200);
const only = arg('only', 'both');

/** The SQL each endpoint runs for its data, with the parameters the bench uses. */
const patientCount = `(select count(*) from patients where patients.account_id = clients.account_id and patients.client_id = clients.id) as patient_count`;
const patientNames = `coalesce((select species.name from species where species.id = patients.species_id), '') as species_name,
  coalesce((select clients.first_name || ' ' || clients.last_name from clients where clients.account_id = patients.account_id and clients.id = patients.client_id), '') as client_name`;
/** The list filter's location must be the account's: asked in the count's statement. */
const locationHeld = `((select count(*) from locations where locations.account_id = $1 and locations.id = any(array[$2]::uuid[])) = 1) as allowed`;
const SQL = {
  clientList: `select clients.*, ${patientCount} from clients where account_id = $1 and location_id = $2 order by lower(first_name), lower(last_name), id limit 50 offset 0`,
  clientCount: `select count(*), ${locationHeld} from clients where account_id = $1 and location_id = $2`,
  clientSearch: `select clients.*, ${patientCount} from clients where account_id = $1 and location_id = $2 and search_text like $3 order by lower(first_name), lower(last_name), id limit 50 offset 0`,
  clientSearchCount: `select count(*), ${locationHeld} from clients where account_id = $1 and location_id = $2 and search_text like $3`,
  patientList: `select patients.*, ${patientNames} from patients where account_id = $1 and location_id = $2 order by lower(name), id limit 50 offset 0`,
  patientCount: `select count(*), ${locationHeld} from patients where account_id = $1 and location_id = $2`,
};

async function benchTarget(t: BenchTarget) {
  console.log(`\n[${t.label}] preparing the large seed (first run takes a minute or two)`);
  await ensureLargeSeed(t);

  const pathsAt = (locationId: string): Record<string, string> => ({
    'client list': `/api/client?locationId=${locationId}&limit=50`,
    'client search': `/api/client?locationId=${locationId}&limit=50&search=mar`,
    'patient list': `/api/patient?locationId=${locationId}&limit=50`,
  });
  const firstLocation = async (base: string, cookie: string) =>
    ((await (await fetch(`${base}/api/location`, { headers: { cookie } })).json()) as { id: string }[])[0]!.id;
  const queries = await queriesPerRequest(t, async (base, cookie) => pathsAt(await firstLocation(base, cookie)), LARGE_OWNER, LARGE_PASSWORD);

  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const base = server.base;
  const { cookie, accountId } = await signIn(base, LARGE_OWNER, LARGE_PASSWORD);
  const locationId = await firstLocation(base, cookie);
  const http = httpClient(base, cookie);
  const get = (path: string) => async () => {
    const res = await http(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };
  const api: Record<string, LoadResult> = {};
  const paths = pathsAt(locationId);
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  // Each endpoint is warmed by as many untimed requests as are timed (`measured`): that waits out
  // PGlite's upkeep, warms the caches the driver side gets warm too, lets V8 compile the server's
  // code, and opens the load's 50 connections (on PGlite the server reads a connection opened
  // while it is busy only much later, which would otherwise be the p99).
  for (const [name, path] of Object.entries(paths)) api[name] = await measured(get(path), REQUESTS, CONCURRENCY);
  // One at a time: what a request costs without waiting behind the others.
  api['client list ×1'] = await measured(get(paths['client list']!), SEQUENTIAL, 1);
  queries['client list ×1'] = queries['client list']!;
  await server.stop();

  // The same data queries straight through the driver (the data folder is free again).
  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  const client = (database.db as unknown as { $client: { query(sql: string, params: unknown[]): Promise<unknown> } }).$client;
  const q = (...pairs: [string, unknown[]][]) => async () => {
    await Promise.all(pairs.map(([sql, params]) => client.query(sql, params)));
  };
  const raw: Record<string, LoadResult> = {};
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  raw['client list'] = await measured(q([SQL.clientList, [accountId, locationId]], [SQL.clientCount, [accountId, locationId]]), REQUESTS, CONCURRENCY);
  raw['client search'] = await measured(
    q([SQL.clientSearch, [accountId, locationId, '%mar%']], [SQL.clientSearchCount, [accountId, locationId, '%mar%']]),
    REQUESTS,
    CONCURRENCY,
  );
  raw['patient list'] = await measured(q([SQL.patientList, [accountId, locationId]], [SQL.patientCount, [accountId, locationId]]), REQUESTS, CONCURRENCY);
  raw['client list ×1'] = await measured(q([SQL.clientList, [accountId, locationId]], [SQL.clientCount, [accountId, locationId]]), SEQUENTIAL, 1);
  await database.close();

  console.log(`[${t.label}] ${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent; 10,000 clients / 15,000 patients at the location`);
  console.log('endpoint        | queries | API p50  | API p99  | API req/s | SQL p50  | SQL p99  | p50 ratio | p99 ratio | p50 gap');
  for (const name of Object.keys(api)) {
    const a = api[name]!;
    const r = raw[name]!;
    console.log(
      `${name.padEnd(15)} | ${String(queries[name]).padStart(7)} | ${ms(a.p50).padStart(8)} | ${ms(a.p99).padStart(8)} | ${a.perSecond.toFixed(0).padStart(9)} | ${ms(r.p50).padStart(8)} | ${ms(r.p99).padStart(8)} | ${(a.p50 / r.p50).toFixed(2).padStart(8)}× | ${(a.p99 / r.p99).toFixed(2).padStart(8)}× | ${ms(a.p50 - r.p50).padStart(8)}`,
    );
  }
}

await onEachDatabase(only, benchTarget);
