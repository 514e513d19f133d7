// The automations' clock on the large seed (150,000 patients, a booster due for each living one):
// the time and peak memory of the run that queues a day's household vaccination reminders at every
// location (one automation for all ten, each on its own clock), then the Pending Emails list at 50
// concurrent requests beside the same statement run straight through the database client, on
// PGlite and PostgreSQL.
//   npm run build && npm run bench:automations [-- --requests 500 --only pglite|postgres]
// A smaller large seed, in folders of its own: --clients 20000 --patients 30000 --appointments 50000.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created if missing).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { localDate } from '@willow/contracts';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { AutomationClock } from '../apps/server/src/features/automations/automation-clock.service.js';
import { automationItemsRepository, itemExtras } from '../apps/server/src/features/automations/automation-items.repository.js';
import { automationsRepository } from '../apps/server/src/features/automations/automations.repository.js';
import { emailTemplatesRepository } from '../apps/server/src/features/templates/templates.repository.js';
import { locationsRepository } from '../apps/server/src/features/locations/locations.repository.js';
import { usersRepository } from '../apps/server/src/features/users/users.repository.js';
import { queueOnlyDelivery } from '../apps/server/src/seed/demo-automations.js';
import { LARGE_OWNER, LARGE_PASSWORD, seedLarge } from '../apps/server/src/seed/large.js';
import { arg, ensurePgDatabase, httpClient, measured, ms, pastPgliteUpkeep, queriesPerRequest, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '500'));
const CONCURRENCY = 50;
const only = arg('only', 'both');
const SIZE = {
  clients: Number(arg('clients', '100000')),
  patients: Number(arg('patients', '150000')),
  appointments: Number(arg('appointments', '500000')),
};
const FULL = SIZE.clients === 100_000 && SIZE.patients === 150_000 && SIZE.appointments === 500_000;
const suffix = FULL ? '' : `-${SIZE.clients}-${SIZE.patients}`;
const BENCH_NAME = 'Bench: vaccination reminder';

interface Target {
  label: string;
  dataDir: string;
  databaseUrl?: string;
}

/** Queues a day's reminders through the clock's run (the scheduled job's own path): items made, time, peak memory. */
async function queueADay(t: Target) {
  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  try {
    const db = database.db;
    await seedLarge(db, { seed: 1, locations: 10, ...SIZE }, (m) => console.log(`  seed: ${m}`));
    const owner = (await usersRepository.findByEmail(db, LARGE_OWNER))!;
    const scope = { accountId: owner.accountId };
    const [first] = await locationsRepository.listSorted(db, scope, {});
    // Each run is a first day: the earlier runs' automations are paused, a new one queues today's.
    for (const a of await automationsRepository.list(db, scope, {})) if (a.name === BENCH_NAME && a.active) await automationsRepository.update(db, scope, a.id, { active: false });
    const template = await emailTemplatesRepository.insert(db, scope, {
      locationId: first!.id,
      name: `Bench reminder ${Date.now()}`,
      subject: 'Vaccinations due for {{ reminder.pets }}',
      body: 'Dear {{ client.firstName }},\n\n{{ reminder.due }}.\n\n{{ location.name }}',
    });
    const automation = await automationsRepository.insert(db, scope, {
      kind: 'email',
      name: BENCH_NAME,
      locationId: null,
      trigger: 'vaccinationDue',
      offset: 0,
      offsetUnit: 'days',
      // just past each location's midnight: every location's run is due, whatever its zone
      sendTime: '00:00',
      household: true,
      requiresApproval: true,
      emailTemplateId: template.id,
    });
    const due = await db.execute(sql`select count(*) as n from vaccinations v where v.account_id = ${scope.accountId} and v.next_due_on = (now() at time zone 'UTC')::date`);

    const clock = new AutomationClock(db, queueOnlyDelivery(db));
    global.gc?.();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    }, 5);
    const t0 = performance.now();
    const made = await clock.run(new Date());
    const elapsed = performance.now() - t0;
    clearInterval(sampler);
    await automationsRepository.update(db, scope, automation.id, { active: false });
    const dueToday = Number((due as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
    return { made, elapsed, startHeapMb: before.heapUsed / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20, peakRssMb: peakRss / 2 ** 20, dueToday, accountId: scope.accountId, locationId: first!.id };
  } finally {
    await database.close();
  }
}

async function benchTarget(t: Target) {
  console.log(`\n[${t.label}] preparing the large seed (the first run takes a few minutes)`);
  const run = await queueADay(t);
  console.log(
    `[${t.label}] clock run: ${run.made} household reminders queued (boosters due today, UTC: ${run.dueToday}) in ${ms(run.elapsed)}; ` +
      `${(run.made / (run.elapsed / 1000)).toFixed(0)} items/s; heap ${run.startHeapMb.toFixed(0)} MiB before, ${run.peakHeapMb.toFixed(0)} MiB at its peak; peak RSS ${run.peakRssMb.toFixed(0)} MiB`,
  );

  const path = `/api/emailAutomationQueueItem?locationId=${run.locationId}&view=waiting&limit=50`;
  const queries = await queriesPerRequest(t, async () => ({ 'pending emails': path }), LARGE_OWNER, LARGE_PASSWORD);
  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const { cookie } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
  const http = httpClient(server.base, cookie);
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  const api: LoadResult = await measured(async () => {
    const res = await http(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  }, REQUESTS, CONCURRENCY);
  await server.stop();

  const database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  const scope = { accountId: run.accountId };
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  const raw: LoadResult = await measured(async () => {
    await automationItemsRepository.page(database.db, scope, {
      ...automationItemsRepository.listOptions({ kind: 'email', view: 'waiting', locationId: run.locationId }),
      limit: 50,
      offset: 0,
      extras: itemExtras(scope),
    });
  }, REQUESTS, CONCURRENCY);
  await database.close();
  console.log(`[${t.label}] ${REQUESTS} requests, ${CONCURRENCY} concurrent (today ${localDate(new Date(), 'UTC')})`);
  console.log('list            | statements | API p50  | API p99  | API req/s | SQL p50  | SQL p99  | p50 ratio');
  console.log(
    `${'pending emails'.padEnd(15)} | ${String(queries['pending emails']).padStart(10)} | ${ms(api.p50).padStart(8)} | ${ms(api.p99).padStart(8)} | ${api.perSecond.toFixed(0).padStart(9)} | ${ms(raw.p50).padStart(8)} | ${ms(raw.p99).padStart(8)} | ${(api.p50 / raw.p50).toFixed(2).padStart(8)}×`,
  );
}

const benchDir = resolve('.bench');
mkdirSync(benchDir, { recursive: true });
if (only !== 'postgres') await benchTarget({ label: 'PGlite', dataDir: resolve(benchDir, `pglite-large${suffix}`) });
if (only !== 'pglite') {
  const url = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/willow_bench${suffix.replaceAll('-', '_')}`;
  await ensurePgDatabase(url);
  await benchTarget({ label: 'PostgreSQL', dataDir: resolve(benchDir, `pg-data${suffix}`), databaseUrl: url });
}
