// The task lists and the menu badge's count at 50 concurrent requests on the large seed (20,000
// tasks over its 10 locations), beside the same statements run straight through the database
// client (the repository's own, without HTTP, sessions or serialisation), on PGlite and PostgreSQL.
//   npm run build && npm run bench:tasks [-- --requests 1000 --warmup 1000 --only pglite|postgres]
// A smaller large seed, in folders of its own: --clients 20000 --patients 30000 --appointments 50000.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created if missing).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { TaskStatus } from '@willow/contracts';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { locationsRepository } from '../apps/server/src/features/locations/locations.repository.js';
import { taskExtras, tasksRepository, type Me } from '../apps/server/src/features/tasks/tasks.repository.js';
import { roleHoldersRepository } from '../apps/server/src/features/users/role-holders.repository.js';
import { usersRepository } from '../apps/server/src/features/users/users.repository.js';
import { assertFiltersVisible, filtersVisibleSql } from '../apps/server/src/platform/list-filters.js';
import { LARGE_OWNER, LARGE_PASSWORD, seedLarge } from '../apps/server/src/seed/large.js';
import { arg, ensurePgDatabase, httpClient, measured, ms, pastPgliteUpkeep, queriesPerRequest, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '1000'));
const CONCURRENCY = 50;
const only = arg('only', 'both');
const SIZE = {
  clients: Number(arg('clients', '100000')),
  patients: Number(arg('patients', '150000')),
  appointments: Number(arg('appointments', '500000')),
  tasks: Number(arg('tasks', '20000')),
};
const FULL = SIZE.clients === 100_000 && SIZE.patients === 150_000 && SIZE.appointments === 500_000 && SIZE.tasks === 20_000;
/** The other benchmarks' large seed, or one of its own when smaller. */
const suffix = FULL ? '' : `-${SIZE.clients}-${SIZE.tasks}`;

async function ensureSeeded(target: { dataDir: string; databaseUrl?: string }) {
  const db = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    await seedLarge(db.db, { seed: 1, locations: 10, ...SIZE }, (m) => console.log(`  seed: ${m}`));
    await db.db.execute(sql`vacuum (analyze)`);
  } finally {
    await db.close();
  }
}

interface Target {
  label: string;
  dataDir: string;
  databaseUrl?: string;
}

async function benchTarget(t: Target) {
  console.log(`\n[${t.label}] preparing the large seed (the first run takes a few minutes)`);
  await ensureSeeded(t);

  const firstLocation = async (base: string, cookie: string) =>
    ((await (await fetch(`${base}/api/location`, { headers: { cookie } })).json()) as { id: string }[])[0]!.id;
  const pathsAt = (locationId: string): Record<string, string> => ({
    'my tasks': `/api/task?locationId=${locationId}&mine=true&limit=50`,
    'open tasks': `/api/task?locationId=${locationId}&limit=50`,
    'completed tasks': `/api/task?locationId=${locationId}&status=completed&limit=50`,
    'my open count': `/api/task/count?locationId=${locationId}`,
  });
  const queries = await queriesPerRequest(t, async (base, cookie) => pathsAt(await firstLocation(base, cookie)), LARGE_OWNER, LARGE_PASSWORD);

  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const { cookie, accountId } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
  const locationId = await firstLocation(server.base, cookie);
  const http = httpClient(server.base, cookie);
  const get = (path: string) => async () => {
    const res = await http(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };
  const paths = pathsAt(locationId);
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  const api: Record<string, LoadResult> = {};
  for (const [name, path] of Object.entries(paths)) api[name] = await measured(get(path), REQUESTS, CONCURRENCY);
  await server.stop();

  // The same statements through the database client (the data folder is free again).
  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  const scope = { accountId };
  const db = database.db;
  const owner = (await usersRepository.findByEmail(db, LARGE_OWNER))!;
  const me: Me = { userId: owner.id, roleIds: (await roleHoldersRepository.ofAccountRoles(db, scope)).filter((r) => r.userId === owner.id).map((r) => r.roleId) };
  const page = (status: TaskStatus, mine: boolean) => async () => {
    await tasksRepository.page(db, scope, {
      ...tasksRepository.listOptions({ locationId, status, mine }, me),
      limit: 50,
      offset: 0,
      extras: taskExtras(scope),
      require: filtersVisibleSql(scope, [[locationsRepository, locationId]]),
    });
  };
  const direct: Record<string, () => Promise<void>> = {
    'my tasks': page('open', true),
    'open tasks': page('open', false),
    'completed tasks': page('completed', false),
    'my open count': async () => {
      // the location's check, then the count: the two statements the endpoint runs
      await assertFiltersVisible(db, scope, [[locationsRepository, locationId]]);
      await tasksRepository.countMineOpen(db, scope, me, locationId);
    },
  };
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  const raw: Record<string, LoadResult> = {};
  for (const [name, run] of Object.entries(direct)) raw[name] = await measured(run, REQUESTS, CONCURRENCY);
  const counts = await db.execute(sql`select count(*) filter (where location_id = ${locationId}) as here, count(*) as total from tasks where account_id = ${accountId}`);
  await database.close();

  const tally = (counts as unknown as { rows: { here: string | number; total: string | number }[] }).rows[0]!;
  console.log(`[${t.label}] ${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent; ${Number(tally.total).toLocaleString('en-US')} tasks, ${Number(tally.here).toLocaleString('en-US')} at the location`);
  console.log('endpoint          | statements | API p50  | API p99  | API req/s | SQL p50  | SQL p99  | p50 ratio | p99 ratio');
  for (const name of Object.keys(api)) {
    const a = api[name]!;
    const r = raw[name]!;
    console.log(
      `${name.padEnd(17)} | ${String(queries[name]).padStart(10)} | ${ms(a.p50).padStart(8)} | ${ms(a.p99).padStart(8)} | ${a.perSecond.toFixed(0).padStart(9)} | ${ms(r.p50).padStart(8)} | ${ms(r.p99).padStart(8)} | ${(a.p50 / r.p50).toFixed(2).padStart(8)}× | ${(a.p99 / r.p99).toFixed(2).padStart(8)}×`,
    );
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
