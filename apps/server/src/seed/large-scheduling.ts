// The calendar part of the large-data seed: providers, services, two years of schedule slots and
// notes, and appointments from a year back to a year ahead with statuses that fit their dates.
// Rows go in as JSON record sets (one bound parameter per 5,000 rows), which PGlite and
// PostgreSQL both take in one round trip; the same --seed gives the same practice.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addDays, localDate, localDateTimeToInstant, visitMinutes, weekdayOf, type AppointmentStatus } from '@willow/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { clients, patients, roles, userRoles, users } from '../db/schema.js';
import { locationsRepository } from '../features/locations/locations.repository.js';
import { usersRepository } from '../features/users/users.repository.js';
import { hashPassword } from '../platform/passwords.js';
import { scopedTable, tenantRepository, type Scope } from '../platform/tenant-repository.js';
import { priceAt, SERVICE_CATALOGUE, type ServiceKey, type ServiceSpec } from './demo-services.js';
import { FIRST_NAMES, LAST_NAMES, pick, prng } from './names.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const BATCH = 5_000;
/** Rows per transaction: ten batches. */
const CHUNK = 50_000;
export const LARGE_PROVIDERS = 10;
export const largeProviderEmail = (n: number) => `vet${n + 1}@large.test`;

/** How often each service is booked (a general practice with an end-of-life service). */
const SERVICE_WEIGHTS: Record<ServiceKey, number> = {
  wellness: 22,
  sick: 18,
  vaccination: 20,
  spay: 5,
  dental: 5,
  homeVisit: 5,
  euthanasia: 4,
  homeEuthanasia: 3,
  communalCremation: 3,
  privateCremation: 3,
  ashesDelivery: 2,
  nails: 10,
};
const END_OF_LIFE: readonly ServiceKey[] = ['euthanasia', 'homeEuthanasia', 'communalCremation', 'privateCremation'];
const CANCEL_REASONS = [
  'Owner rescheduled by phone.',
  'Owner is travelling; will call to rebook.',
  'Pet is feeling better.',
  'Booked twice by mistake.',
  'Weather: the road to the farm is closed.',
];
const NOTES = [
  'Team meeting 16:30',
  'Short-staffed at the front desk',
  'Crematory collection at 15:00',
  'Lunch-and-learn 12:00',
  'Fire alarm test at 10:00',
];

export interface LargeSchedulingOptions {
  seed: number;
  appointments: number;
}

/** A JSON record set bound as one parameter: `insert … select … from json_to_recordset($1)`. */
async function insertRecords(ex: Executor, head: string, select: string, recordType: string, rows: object[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(rows.slice(i, i + BATCH));
    await ex.execute(sql`${sql.raw(head)} select ${sql.raw(select)} from json_to_recordset(${json}::json) as x(${sql.raw(recordType)})`);
  }
}

async function ensureProviders(db: Db, scope: Scope, locationIds: string[], rand: () => number): Promise<{ id: string; locationIds: string[] }[]> {
  const emails = Array.from({ length: LARGE_PROVIDERS }, (_, n) => largeProviderEmail(n));
  const existing = await tenantRepository(users).select(db, scope, { id: users.id, email: users.email }, inArray(users.email, emails));
  const [vetRole] = await tenantRepository(roles).select(db, scope, { id: roles.id }, eq(roles.name, 'Veterinarian'));
  let passwordHash: string | undefined;
  const providers: { id: string; locationIds: string[] }[] = [];
  for (const [n, email] of emails.entries()) {
    // Each works at two neighbouring locations, so every location has two providers.
    const at = [locationIds[n % locationIds.length]!, locationIds[(n + 1) % locationIds.length]!].filter((v, i, a) => a.indexOf(v) === i);
    const firstName = pick(rand, FIRST_NAMES);
    const lastName = pick(rand, LAST_NAMES);
    let id = existing.find((u) => u.email === email)?.id;
    if (!id) {
      passwordHash ??= await hashPassword('demo-password');
      id = (await usersRepository.insert(db, scope, { email, firstName, lastName, passwordHash })).id;
      await usersRepository.setRoles(db, scope, id, [vetRole!.id]);
      await usersRepository.setLocations(db, scope, id, at);
    }
    providers.push({ id, locationIds: at });
  }
  return providers;
}

export async function seedLargeScheduling(db: Db, scope: Scope, opts: LargeSchedulingOptions, log: (msg: string) => void, now = new Date()) {
  const t0 = performance.now();
  const rand = prng(opts.seed * 7_919 + 17);
  const locations = await locationsRepository.listSorted(db, scope, {});
  const providers = await ensureProviders(
    db,
    scope,
    locations.map((l) => l.id),
    rand,
  );
  const providersAt = new Map(locations.map((l) => [l.id, providers.filter((p) => p.locationIds.includes(l.id)).map((p) => p.id)]));
  const accountId = scope.accountId;

  // ---- services, and who offers them ----
  const serviceRows: { i: string; l: string; t: string; n: string; d: number; p: number }[] = [];
  const serviceIdsAt = new Map<string, Map<ServiceKey, { id: string; spec: ServiceSpec }>>();
  for (const [i, l] of locations.entries()) {
    const factor = 0.9 + (i % 5) * 0.05;
    const byKey = new Map<ServiceKey, { id: string; spec: ServiceSpec }>();
    for (const spec of SERVICE_CATALOGUE) {
      const id = randomUUID();
      byKey.set(spec.key, { id, spec });
      serviceRows.push({ i: id, l: l.id, t: spec.type, n: spec.name, d: spec.duration, p: priceAt(spec, factor) });
    }
    serviceIdsAt.set(l.id, byKey);
  }
  const offers = providers.flatMap((p) =>
    p.locationIds.flatMap((l) =>
      [...serviceIdsAt.get(l)!.values()]
        .filter((s) => !['communalCremation', 'privateCremation', 'nails'].includes(s.spec.key))
        .map((s) => ({ v: p.id, s: s.id })),
    ),
  );

  // ---- slots (weekday mornings and afternoons, a series per year) and notes ----
  const slotRows: { l: string; s: string; e: string; sr: string }[] = [];
  const availability: { v: string; s: string }[] = [];
  const noteRows: { l: string; d: string; p: string | null; t: string }[] = [];
  for (const l of locations) {
    const today = localDate(now, l.timezone);
    const monday = addDays(today, -((weekdayOf(today) + 6) % 7) - 52 * 7);
    const home = providers.find((p) => p.locationIds[0] === l.id);
    for (let year = 0; year < 2; year++) {
      const series = [randomUUID(), randomUUID()];
      for (let week = 0; week < 52; week++) {
        for (let wd = 0; wd < 5; wd++) {
          const date = addDays(monday, (year * 52 + week) * 7 + wd);
          for (const [k, [from, to]] of [[540, 720] as const, [780, 1020] as const].entries()) {
            const s = localDateTimeToInstant(date, from, l.timezone).toISOString();
            slotRows.push({ l: l.id, s, e: localDateTimeToInstant(date, to, l.timezone).toISOString(), sr: series[k]! });
            if (home) availability.push({ v: home.id, s });
          }
          if (rand() < 0.3) {
            const who = rand() < 0.4 ? pick(rand, providersAt.get(l.id)!) : null;
            noteRows.push({ l: l.id, d: date, p: who, t: who ? 'In surgery until 11' : pick(rand, NOTES) });
          }
        }
      }
    }
  }

  await db.transaction(async (tx) => {
    await insertRecords(
      tx,
      'insert into services (id, account_id, location_id, type, name, duration, price)',
      `x.i, '${accountId}', x.l, x.t, x.n, x.d, x.p`,
      'i uuid, l uuid, t text, n text, d int, p numeric',
      serviceRows,
    );
    await insertRecords(
      tx,
      'insert into veterinarian_services (account_id, veterinarian_id, service_id)',
      `'${accountId}', x.v, x.s`,
      'v uuid, s uuid',
      offers,
    );
    await insertRecords(
      tx,
      'insert into schedule_slots (account_id, location_id, start_at, end_at, series_id)',
      `'${accountId}', x.l, x.s, x.e, x.sr`,
      'l uuid, s timestamptz, e timestamptz, sr uuid',
      slotRows,
    );
    await insertRecords(
      tx,
      'insert into veterinarian_slot_availability (account_id, veterinarian_id, start_at)',
      `'${accountId}', x.v, x.s`,
      'v uuid, s timestamptz',
      availability,
    );
    await insertRecords(
      tx,
      'insert into schedule_notes (account_id, location_id, date, provider_id, text)',
      `'${accountId}', x.l, x.d, x.p, x.t`,
      'l uuid, d date, p uuid, t text',
      noteRows,
    );
  });
  log(`services: ${serviceRows.length}, slots: ${slotRows.length}, notes: ${noteRows.length}`);

  // ---- appointments ----
  const patientsTable = tenantRepository(patients);
  const pets = (
    await patientsTable
      .select(db, scope, {
        id: patients.id,
        clientId: patients.clientId,
        locationId: patients.locationId,
        deceased: sql<boolean>`${patients.deceasedOn} is not null`,
        address: clients.address,
      })
      .innerJoin(clients, patientsTable.joined(scope, clients, eq(clients.id, patients.clientId)))
      .orderBy(patients.id)
  ).filter((p) => !p.deceased);
  const petsAt = new Map(locations.map((l) => [l.id, pets.filter((p) => p.locationId === l.id)]));
  const roleHolders = scopedTable(userRoles);
  const [owner] = await roleHolders
    .select(db, scope, { id: userRoles.userId }, eq(roles.name, 'Administrator'))
    .innerJoin(roles, roleHolders.joined(scope, roles, eq(roles.id, userRoles.roleId)))
    .limit(1);
  const weighted = (Object.entries(SERVICE_WEIGHTS) as [ServiceKey, number][]).flatMap(([k, w]) => Array<ServiceKey>(w).fill(k));

  // The same number of weekdays at every location: a year back and a year ahead.
  const span = { from: -365, to: 364 };
  const weekdaysOf = (today: string) => {
    const out: string[] = [];
    for (let d = span.from; d <= span.to; d++) {
      const date = addDays(today, d);
      if (weekdayOf(date) !== 0 && weekdayOf(date) !== 6) out.push(date);
    }
    return out;
  };
  const plan = locations.map((l, i) => {
    const days = weekdaysOf(localDate(now, l.timezone));
    const total = Math.floor(opts.appointments / locations.length) + (i < opts.appointments % locations.length ? 1 : 0);
    return { ...l, days, total };
  });
  const nowMs = now.getTime();

  type Row = {
    l: string;
    c: string;
    p: string;
    s: string;
    pp: string | null;
    st: string;
    en: string;
    su: string;
    a: string | null;
    cr: string | null;
    o: 1 | 0;
    cb: string | null;
    ca: string;
    ua: string;
  };
  const statusFor = (key: ServiceKey, start: number, end: number): { status: AppointmentStatus; online: boolean } => {
    const r = rand();
    if (start > nowMs) {
      if (r < 0.04) return { status: 'Cancelled', online: false };
      if (r < 0.14) return { status: 'Pending', online: r < 0.09 };
      return { status: 'Confirmed', online: false };
    }
    if (end > nowMs) return { status: 'Checked In', online: false };
    const age = nowMs - end;
    if (r < 0.05) return { status: 'Cancelled', online: false };
    if (r < 0.06) return { status: 'Rejected', online: true };
    if (END_OF_LIFE.includes(key)) {
      if (age < 2 * DAY) return { status: r < 0.4 ? 'Checked Out' : 'Submitted For Cremation', online: false };
      if (age < 7 * DAY) return { status: 'Submitted For Cremation', online: false };
      if (age < 21 * DAY) return { status: 'Cremated', online: false };
      return { status: r < 0.7 ? 'Ashes Delivered' : 'Ashes Spread', online: false };
    }
    if (age < 3 * DAY && r < 0.1) return { status: 'Checked Out', online: false };
    return { status: 'Completed', online: false };
  };

  let made = 0;
  let buffer: Row[] = [];
  const flush = async () => {
    const rows = buffer;
    buffer = [];
    await db.transaction(async (tx) => {
      await insertRecords(
        tx,
        'insert into appointments (account_id, location_id, client_id, patient_ids, service_ids, primary_provider_id, start_at, end_at, status, address, cancellation_reason, source, requested_times, created_by_id, created_at, updated_at)',
        `'${accountId}', x.l, x.c, array[x.p], array[x.s], x.pp, x.st::timestamptz, x.en, x.su, x.a, x.cr, case when x.o = 1 then 'online' else 'staff' end, case when x.o = 1 then jsonb_build_array(x.st) else '[]'::jsonb end, x.cb, x.ca, x.ua`,
        'l uuid, c uuid, p uuid, s uuid, pp uuid, st text, en timestamptz, su text, a text, cr text, o int, cb uuid, ca timestamptz, ua timestamptz',
        rows,
      );
    });
    made += rows.length;
    log(`appointments: ${made.toLocaleString('en-US')} (${Math.round((performance.now() - t0) / 1000)} s)`);
  };

  const dayCount = Math.max(...plan.map((p) => p.days.length));
  for (let j = 0; j < dayCount; j++) {
    for (const loc of plan) {
      if (j >= loc.days.length) continue;
      const date = loc.days[j]!;
      const n = Math.floor((loc.total * (j + 1)) / loc.days.length) - Math.floor((loc.total * j) / loc.days.length);
      if (n === 0) continue;
      // Working hours never include a daylight-saving change, so noon's offset holds all day.
      const midnight = localDateTimeToInstant(date, 720, loc.timezone).getTime() - 720 * MINUTE;
      const services = serviceIdsAt.get(loc.id)!;
      const petsHere = petsAt.get(loc.id)!;
      const providersHere = providersAt.get(loc.id)!;
      for (let k = 0; k < n; k++) {
        const key = weighted[Math.floor(rand() * weighted.length)]!;
        const { id: serviceId, spec } = services.get(key)!;
        const start = midnight + (8 * 60 + 15 * Math.floor(rand() * 38)) * MINUTE;
        // The visit's time only (docs/decisions/0027); a cremation or ashes handover alone holds its own.
        const end = start + (visitMinutes([spec]) || spec.duration) * MINUTE;
        const pet = petsHere[Math.floor(rand() * petsHere.length)]!;
        const { status, online } = statusFor(key, start, end);
        const created = Math.min(start - (1 + Math.floor(rand() * 30)) * DAY, nowMs - MINUTE);
        const updated = start > nowMs ? created : Math.max(created, Math.min(end + 30 * MINUTE, nowMs));
        buffer.push({
          l: loc.id,
          c: pet.clientId,
          p: pet.id,
          s: serviceId,
          pp: online ? null : providersHere[Math.floor(rand() * providersHere.length)]!,
          st: new Date(start).toISOString(),
          en: new Date(end).toISOString(),
          su: status,
          a: spec.type === 'Home Visit' || key === 'homeEuthanasia' ? pet.address : null,
          cr: status === 'Cancelled' ? CANCEL_REASONS[Math.floor(rand() * CANCEL_REASONS.length)]! : null,
          o: online ? 1 : 0,
          cb: online ? null : (owner?.id ?? null),
          ca: new Date(created).toISOString(),
          ua: new Date(updated).toISOString(),
        });
      }
    }
    if (buffer.length >= CHUNK) await flush();
  }
  if (buffer.length) await flush();

  // Fresh statistics (and, on PGlite, the visibility map) for the new rows.
  await db.execute(
    sql`vacuum (analyze) appointments, services, veterinarian_services, schedule_slots, veterinarian_slot_availability, schedule_notes`,
  );
  log(`appointments done in ${Math.round((performance.now() - t0) / 1000)} s`);
}
