// The large-data seed: one premium account with 10 locations, 100,000 clients and 150,000
// patients with realistic names, 10 providers and 500,000 appointments from a year back to a
// year ahead, their invoices and payments, the aftercare families chose, 20,000 tasks, 50,000
// texts and a booster due for each living pet, the same for the same --seed, and an inventory of
// 5,000 items in 20,000 lots with 500,000 log entries.
// Usage (from the repo root):
//   npm run seed:large -- [--seed 1] [--clients 100000] [--patients 150000] [--locations 10] [--appointments 500000] [--tasks 20000] [--messages 50000] [--items 5000]
// It writes to the database the server would use (DATA_DIR or DATABASE_URL). Run on a database
// seeded before appointments existed, it adds the calendar part; before payments or aftercare, those.
import { performance } from 'node:perf_hooks';
import { isNotNull, sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase, type Db } from '../db/client.js';
import { appointments, inboundMessages, invoices, items, payments, tasks, vaccinations } from '../db/schema.js';
import { seedAccounts } from './seed-accounts.js';
import { accountsRepository } from '../features/accounts/accounts.repository.js';
import { clientsRepository } from '../features/clients/clients.repository.js';
import { locationsRepository, speciesRepository } from '../features/locations/locations.repository.js';
import { patientsRepository } from '../features/patients/patients.repository.js';
import { usersRepository } from '../features/users/users.repository.js';
import { tenantRepository } from '../platform/tenant-repository.js';
import { seedLargeAftercare } from './large-aftercare.js';
import { seedLargeInventory } from './large-inventory.js';
import { seedLargeInvoices } from './large-invoices.js';
import { seedLargeMessages } from './large-messages.js';
import { seedLargePayments } from './large-payments.js';
import { seedLargeScheduling } from './large-scheduling.js';
import { seedLargeTasks } from './large-tasks.js';
import { seedLargeVaccinations } from './large-vaccinations.js';
import { ensureReferenceData } from './reference-data.js';
import { BREEDS, COLOURS, FIRST_NAMES, LAST_NAMES, PET_NAMES, pick, prng, STREETS } from './names.js';

export const LARGE_ACCOUNT = 'Large Veterinary Network';
export const LARGE_OWNER = 'owner@large.test';
export const LARGE_PASSWORD = 'demo-password';
const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'Europe/London',
  'Europe/Dublin',
  'Australia/Sydney',
  'Pacific/Auckland',
  'America/Toronto',
];
const CITIES = [
  'Springfield',
  'Riverton',
  'Fairview',
  'Greenville',
  'Madison',
  'Franklin',
  'Clinton',
  'Georgetown',
  'Salem',
  'Bristol',
  'Dover',
  'Ashland',
];

export interface LargeSeedOptions {
  seed: number;
  clients: number;
  patients: number;
  locations: number;
  /** 500,000 unless given */
  appointments?: number;
  /** SMS both ways (SMS chat): 50,000 unless given */
  messages?: number;
  /** 20,000 unless given */
  tasks?: number;
  /** inventory items: 5,000 unless given (4 lots and 100 log entries each) */
  items?: number;
}

export async function seedLarge(db: Db, opts: LargeSeedOptions, log: (msg: string) => void = console.log) {
  await ensureReferenceData(db);
  const existing = (await accountsRepository.list(db, {})).find((a) => a.name === LARGE_ACCOUNT);
  if (existing) {
    const scope = { accountId: existing.id };
    if ((await tenantRepository(appointments).count(db, scope)) > 0) {
      // A large seed made before billing gains its invoices, one made before tasks its tasks.
      let added = false;
      if ((await tenantRepository(invoices).count(db, scope)) === 0) {
        await seedLargeInvoices(db, scope, log);
        added = true;
      }
      // One made before payments gains the invoices' payments, one made before aftercare the families' choices.
      if ((await tenantRepository(payments).count(db, scope)) === 0) {
        await seedLargePayments(db, scope, { seed: opts.seed, recordedById: await ownerId(db) }, log);
        added = true;
      }
      if ((await tenantRepository(appointments).count(db, scope, isNotNull(appointments.cremationType))) === 0) {
        await seedLargeAftercare(db, scope, { seed: opts.seed, recordedById: await ownerId(db) }, log);
        added = true;
      }
      if ((await tenantRepository(tasks).count(db, scope)) === 0) {
        await seedLargeTasks(db, scope, { seed: opts.seed, tasks: opts.tasks ?? 20_000 }, log);
        added = true;
      }
      // A large seed made before SMS chat gains its texts.
      if ((await tenantRepository(inboundMessages).count(db, scope)) === 0) {
        await seedLargeMessages(db, scope, { messages: opts.messages ?? 50_000 }, log);
        added = true;
      }
      // A large seed made before automations gains its vaccinations due.
      if ((await tenantRepository(vaccinations).count(db, scope)) === 0) {
        await seedLargeVaccinations(db, scope, { seed: opts.seed }, log);
        added = true;
      }
      // A large seed made before inventory gains its items, lots and log.
      if ((await tenantRepository(items).count(db, scope)) === 0) {
        await seedLargeInventory(db, scope, inventorySize(opts), log);
        added = true;
      }
      if (!added) log(`"${LARGE_ACCOUNT}" already exists: nothing to do.`);
      return added;
    }
    await seedLargeScheduling(db, scope, { seed: opts.seed, appointments: opts.appointments ?? 500_000 }, log);
    await seedLargeInvoices(db, scope, log);
    await seedLargePayments(db, scope, { seed: opts.seed, recordedById: await ownerId(db) }, log);
    await seedLargeAftercare(db, scope, { seed: opts.seed, recordedById: await ownerId(db) }, log);
    await seedLargeTasks(db, scope, { seed: opts.seed, tasks: opts.tasks ?? 20_000 }, log);
    await seedLargeMessages(db, scope, { messages: opts.messages ?? 50_000 }, log);
    await seedLargeVaccinations(db, scope, { seed: opts.seed }, log);
    await seedLargeInventory(db, scope, inventorySize(opts), log);
    return true;
  }
  const rand = prng(opts.seed);
  const t0 = performance.now();
  const account = await seedAccounts(db).accounts.create({
    name: LARGE_ACCOUNT,
    subscriptionTier: 'premium',
    owner: { firstName: 'Lara', lastName: 'Large', email: LARGE_OWNER, password: LARGE_PASSWORD },
    location: { name: `${CITIES[0]} Animal Hospital`, timezone: TIMEZONES[0]! },
  });
  const scope = { accountId: account.id };
  for (let i = 1; i < opts.locations; i++) {
    await locationsRepository.insert(db, scope, {
      name: `${CITIES[i % CITIES.length]} Animal Hospital ${i + 1}`,
      timezone: TIMEZONES[i % TIMEZONES.length]!,
    });
  }
  const locations = await locationsRepository.listSorted(db, scope, {});
  const catalogue = await speciesRepository.findByNames(db, ['Dog', 'Cat', 'Rabbit', 'Bird', 'Horse']);
  for (const l of locations) for (const s of catalogue) await locationsRepository.addSpecies(db, scope, l.id, s.id);
  const owner = await usersRepository.findByEmail(db, LARGE_OWNER);
  await usersRepository.setLocations(
    db,
    scope,
    owner!.id,
    locations.map((l) => l.id),
  );

  const BATCH = 2000;
  let made = 0;
  const clientIds: { id: string; locationId: string }[] = [];
  while (made < opts.clients) {
    const n = Math.min(BATCH, opts.clients - made);
    const rows = Array.from({ length: n }, (_, k) => {
      const i = made + k;
      const firstName = pick(rand, FIRST_NAMES);
      const lastName = pick(rand, LAST_NAMES);
      return {
        locationId: locations[i % locations.length]!.id,
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase().replace(/'/g, ''),
        phone: `+1 ${200 + Math.floor(rand() * 799)} 555 ${String(Math.floor(rand() * 10000)).padStart(4, '0')}`,
        address: `${1 + Math.floor(rand() * 999)} ${pick(rand, STREETS)} Street, ${pick(rand, CITIES)}`,
      };
    });
    const inserted = await clientsRepository.insertMany(db, scope, rows);
    clientIds.push(...inserted.map((c) => ({ id: c.id, locationId: c.locationId })));
    made += n;
    if (made % 20000 === 0 || made === opts.clients) log(`clients: ${made}`);
  }
  made = 0;
  while (made < opts.patients) {
    const n = Math.min(BATCH, opts.patients - made);
    const rows = Array.from({ length: n }, (_, k) => {
      // Every client gets a pet first; the rest go to random households.
      const i = made + k;
      const owner = i < clientIds.length ? clientIds[i]! : clientIds[Math.floor(rand() * clientIds.length)]!;
      const kind = pick(rand, catalogue);
      return {
        clientId: owner.id,
        locationId: owner.locationId,
        name: pick(rand, PET_NAMES),
        speciesId: kind.id,
        breed: pick(rand, BREEDS[kind.name] ?? ['Mixed']),
        sex: rand() < 0.5 ? 'male' : 'female',
        neutered: rand() < 0.7,
        colour: pick(rand, COLOURS),
        microchip: rand() < 0.5 ? String(900_000_000_000_000 + Math.floor(rand() * 99_999_999_999)) : null,
        deceasedOn: rand() < 0.03 ? '2025-06-01' : null,
      };
    });
    await patientsRepository.insertMany(db, scope, rows);
    made += n;
    if (made % 30000 === 0 || made === opts.patients) log(`patients: ${made}`);
  }
  // Fresh statistics, so the first queries on the new data are planned for its real size.
  await db.execute(sql`vacuum (analyze) clients, patients`);
  log(`clients and patients in ${Math.round((performance.now() - t0) / 1000)} s`);
  await seedLargeScheduling(db, scope, { seed: opts.seed, appointments: opts.appointments ?? 500_000 }, log);
  await seedLargeInvoices(db, scope, log);
  await seedLargePayments(db, scope, { seed: opts.seed, recordedById: owner!.id }, log);
  await seedLargeAftercare(db, scope, { seed: opts.seed, recordedById: owner!.id }, log);
  await seedLargeTasks(db, scope, { seed: opts.seed, tasks: opts.tasks ?? 20_000 }, log);
  await seedLargeMessages(db, scope, { messages: opts.messages ?? 50_000 }, log);
  await seedLargeVaccinations(db, scope, { seed: opts.seed }, log);
  await seedLargeInventory(db, scope, inventorySize(opts), log);
  log(`seeded "${LARGE_ACCOUNT}" in ${Math.round((performance.now() - t0) / 1000)} s (sign in as ${LARGE_OWNER} / ${LARGE_PASSWORD})`);
  return true;
}

/** The owner records the seed's payments and aftercare, as the desk would. */
const ownerId = async (db: Db) => (await usersRepository.findByEmail(db, LARGE_OWNER))?.id ?? null;

/** 5,000 items, 20,000 lots, 500,000 movements; fewer items, the rest in proportion. */
const inventorySize = (opts: LargeSeedOptions) => {
  const n = opts.items ?? 5_000;
  return { seed: opts.seed, items: n, lots: n * 4, movements: n * 100 };
};

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await seedLarge(database.db, {
      seed: arg('seed', 1),
      clients: arg('clients', 100_000),
      patients: arg('patients', 150_000),
      locations: Math.max(1, arg('locations', 10)),
      appointments: arg('appointments', 500_000),
      messages: arg('messages', 50_000),
      tasks: arg('tasks', 20_000),
      items: arg('items', 5_000),
    });
  } finally {
    await database.close();
  }
}
