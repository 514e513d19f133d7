// The calendar's reads at 50 concurrent requests on the large seed: a week of appointments
// (GET /api/appointment with startDate/endDate, limit 5000) and the week's slots and notes
// (GET /api/scheduleSlot), each request a different week of the two years, beside the same data
// queries run straight through the driver, on PGlite and on PostgreSQL.
// The week is also read one request at a time (up to 200), to tell a request's own cost from
// its wait behind the others.
//   npm run build && npm run bench:calendar [-- --requests 1000 --warmup 1000 --only pglite|postgres]
// Every measured run follows as many untimed requests of the same kind (`--warmup` to change it).
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created if missing).
import { performance } from 'node:perf_hooks';
import { MAX_APPOINTMENT_HOURS } from '@willow/contracts';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { LARGE_OWNER, LARGE_PASSWORD } from '../apps/server/src/seed/large.js';
import { ensureLargeSeed, onEachDatabase, type BenchTarget } from './large-seed.js';
import { arg, httpClient, measured, ms, pastPgliteUpkeep, queriesPerRequest, signIn, startServer, weeksAround, type LoadResult, type Week } from './load.js';

const REQUESTS = Number(arg('requests', '1000'));
const CONCURRENCY = 50;
const LIMIT = 5000;
const SEQUENTIAL = Math.min(REQUESTS, 200);
const only = arg('only', 'both');

/** `in ($n, …)` for a list, numbering from `first`. */
const inList = (count: number, first: number) => Array.from({ length: count }, (_, i) => `$${first + i}`).join(', ');
const unique = <T>(xs: T[]) => [...new Set(xs)];

/**
 * What the calendar range runs for its data (appointments.repository.ts range, then the batched
 * lookups of toAppointments in parallel) and what the schedule range runs (slots and notes in
 * parallel, then who is available at the slots' start times).
 */
const SQL = {
  range: `select * from appointments where account_id = $1 and location_id in ($2) and start_at > $3 and start_at < $4 and end_at > $5 order by start_at asc, id asc limit $6 offset $7`,
  clients: (n: number) => `select id, first_name, last_name, email, phone from clients where account_id = $1 and id in (${inList(n, 2)})`,
  patients: (n: number) =>
    `select patients.id, patients.name, species.name, patients.deceased_on from patients inner join species on species.id = patients.species_id where patients.account_id = $1 and patients.id in (${inList(n, 2)})`,
  services: (n: number) => `select * from services where account_id = $1 and id in (${inList(n, 2)})`,
  addOns: (n: number) => `select * from appointment_add_ons where account_id = $1 and appointment_id in (${inList(n, 2)}) order by created_at asc, id asc`,
  slots: `select * from schedule_slots where account_id = $1 and location_id = $2 and start_at < $3 and end_at > $4 order by start_at asc, id asc`,
  notes: `select schedule_notes.* from schedule_notes inner join locations on locations.account_id = schedule_notes.account_id and locations.id = schedule_notes.location_id
    where schedule_notes.account_id = $1 and schedule_notes.location_id = $2
      and schedule_notes.date between ($3::timestamptz at time zone locations.timezone)::date and ($4::timestamptz at time zone locations.timezone)::date
    order by schedule_notes.date asc, schedule_notes.created_at asc, schedule_notes.id asc`,
  /** the filter's location must be the account's: checked beside the reads */
  locationHeld: `select ((select count(*) from locations where locations.account_id = $1 and locations.id = any($2::uuid[])) = 1) as ok from (select 1) as one`,
  available: (n: number) =>
    `select a.veterinarian_id, a.start_at, ul.location_id from veterinarian_slot_availability a inner join users u on u.id = a.veterinarian_id and u.account_id = $1 inner join user_locations ul on ul.user_id = u.id where a.account_id = $1 and a.start_at in (${inList(n, 3)}) and u.is_active = true and ul.account_id = $1 and ul.location_id in ($2) order by lower(u.first_name) asc, lower(u.last_name) asc, u.id asc, a.start_at asc`,
};

type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function rawAppointments(query: Query, accountId: string, locationId: string, w: Week): Promise<number> {
  const earliest = new Date(w.start.getTime() - MAX_APPOINTMENT_HOURS * 3_600_000);
  const [, { rows }] = await Promise.all([
    query(SQL.locationHeld, [accountId, [locationId]]),
    query(SQL.range, [accountId, locationId, earliest.toISOString(), w.end.toISOString(), w.start.toISOString(), LIMIT, 0]),
  ]);
  const clientIds = unique(rows.map((r) => r.client_id as string));
  const patientIds = unique(rows.flatMap((r) => r.patient_ids as string[]));
  const serviceIds = unique(rows.flatMap((r) => r.service_ids as string[]));
  const ids = rows.map((r) => r.id as string);
  await Promise.all([
    clientIds.length ? query(SQL.clients(clientIds.length), [accountId, ...clientIds]) : undefined,
    patientIds.length ? query(SQL.patients(patientIds.length), [accountId, ...patientIds]) : undefined,
    serviceIds.length ? query(SQL.services(serviceIds.length), [accountId, ...serviceIds]) : undefined,
    ids.length ? query(SQL.addOns(ids.length), [accountId, ...ids]) : undefined,
  ]);
  return rows.length;
}

async function rawSchedule(query: Query, accountId: string, locationId: string, w: Week): Promise<void> {
  const [, { rows: slots }] = await Promise.all([
    query(SQL.locationHeld, [accountId, [locationId]]),
    query(SQL.slots, [accountId, locationId, w.end.toISOString(), w.start.toISOString()]),
    query(SQL.notes, [accountId, locationId, w.start.toISOString(), new Date(w.end.getTime() - 1).toISOString()]),
  ]);
  const starts = unique(slots.map((s) => new Date(s.start_at as Date | string).toISOString()));
  if (starts.length) await query(SQL.available(starts.length), [accountId, locationId, ...starts]);
}

async function benchTarget(t: BenchTarget) {
  console.log(`\n[${t.label}] preparing the large seed (first run takes a few minutes)`);
  await ensureLargeSeed(t, { appointments: 500_000 });

  type Place = { id: string; name: string; timezone: string };
  const firstLocation = async (base: string, cookie: string) =>
    ((await (await fetch(`${base}/api/location`, { headers: { cookie } })).json()) as Place[])[0]!;
  const rangeAt = (location: Place, w: Week) => `locationId=${location.id}&startDate=${w.start.toISOString()}&endDate=${w.end.toISOString()}`;
  const queries = await queriesPerRequest(
    t,
    async (base, cookie) => {
      const location = await firstLocation(base, cookie);
      const w = weeksAround(location.timezone)[0]!;
      return { 'calendar week': `/api/appointment?${rangeAt(location, w)}&limit=${LIMIT}`, 'schedule week': `/api/scheduleSlot?${rangeAt(location, w)}` };
    },
    LARGE_OWNER,
    LARGE_PASSWORD,
  );
  queries['calendar week ×1'] = queries['calendar week']!;

  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const base = server.base;
  const { cookie, accountId } = await signIn(base, LARGE_OWNER, LARGE_PASSWORD);
  const location = await firstLocation(base, cookie);
  const weeks = weeksAround(location.timezone);
  const week = (run: number) => weeks[run % weeks.length]!;
  const range = (w: Week) => rangeAt(location, w);
  const http = httpClient(base, cookie);
  const get = (path: (run: number) => string) => async (run: number) => {
    const res = await http(path(run));
    if (res.status !== 200) throw new Error(`${path(run)}: ${res.status} ${res.body.toString('utf8').slice(0, 200)}`);
  };
  const api: Record<string, LoadResult> = {};
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  // Each measured run follows as many untimed requests of the same kind (`measured`): neither side
  // measures a cold cache the other does not, V8 has compiled the code each runs, and the load's
  // 50 connections (the driver side's pool) are open before it starts. On PGlite the server reads
  // a connection opened while it is busy only seconds later, which would otherwise be most of the
  // load's p99.
  const calendarWeek = get((run) => `/api/appointment?${range(week(run))}&limit=${LIMIT}`);
  api['calendar week'] = await measured(calendarWeek, REQUESTS, CONCURRENCY);
  // One at a time: what a request costs without waiting behind the others.
  api['calendar week ×1'] = await measured(calendarWeek, SEQUENTIAL, 1);
  api['schedule week'] = await measured(get((run) => `/api/scheduleSlot?${range(week(run))}`), REQUESTS, CONCURRENCY);
  await server.stop();

  // The same data queries straight through the driver (the data folder is free again).
  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const query: Query = (text, params) => client.query(text, params);
  const raw: Record<string, LoadResult> = {};
  let appointmentsSeen = 0;
  let weeksRead = 0;
  const rawWeek = async (run: number) => {
    // Awaited first: `x += await …` reads x before the wait, and 50 at once would lose each other's counts.
    const seen = await rawAppointments(query, accountId, location.id, week(run));
    appointmentsSeen += seen;
    weeksRead++;
  };
  raw['calendar week'] = await measured(rawWeek, REQUESTS, CONCURRENCY);
  const perWeek = appointmentsSeen / weeksRead;
  raw['calendar week ×1'] = await measured(rawWeek, SEQUENTIAL, 1);
  raw['schedule week'] = await measured((run) => rawSchedule(query, accountId, location.id, week(run)), REQUESTS, CONCURRENCY);
  await database.close();

  console.log(
    `[${t.label}] ${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent; ${location.name} (${location.timezone}), a different week of the two years each time, ${Math.round(perWeek)} appointments a week on average`,
  );
  console.log('endpoint          | queries | API p50   | API p99   | API req/s | SQL p50   | SQL p99   | SQL req/s | p50 ratio | p99 ratio | p50 gap');
  for (const name of Object.keys(api)) {
    const a = api[name]!;
    const r = raw[name]!;
    console.log(
      `${name.padEnd(17)} | ${String(queries[name]).padStart(7)} | ${ms(a.p50).padStart(9)} | ${ms(a.p99).padStart(9)} | ${a.perSecond.toFixed(0).padStart(9)} | ${ms(r.p50).padStart(9)} | ${ms(r.p99).padStart(9)} | ${r.perSecond.toFixed(0).padStart(9)} | ${`${(a.p50 / r.p50).toFixed(2)}×`.padStart(9)} | ${`${(a.p99 / r.p99).toFixed(2)}×`.padStart(9)} | ${ms(a.p50 - r.p50).padStart(8)}`,
    );
  }
}

await onEachDatabase(only, benchTarget);
