import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts } from '../db/schema.js';
import { seedAccounts } from './seed-accounts.js';
import { locationsRepository, speciesRepository } from '../features/locations/locations.repository.js';
import { servicesRepository } from '../features/services/services.repository.js';
import { rolesRepository, systemRolesRepository } from '../features/roles/roles.repository.js';
import { roleHoldersRepository } from '../features/users/role-holders.repository.js';
import { SUPER_ADMINISTRATOR } from '../features/roles/roles.service.js';
import { usersRepository } from '../features/users/users.repository.js';
import { isUniqueViolation, HttpError } from '../platform/errors.js';
import { hashPassword } from '../platform/passwords.js';
import { seedClinicalDemo, seedDemoContacts } from './demo-clinical.js';
import { seedPriceCalculatorDemo } from './demo-price-calculator.js';
import { seedSchedulingDemo } from './demo-scheduling.js';
import { seedDemoBilling } from './demo-billing.js';
import { seedDemoInventory } from './demo-inventory.js';
import { seedDemoTemplates } from './demo-templates.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoTasks } from './demo-tasks.js';
import { seedDemoAutomations } from './demo-automations.js';

export const DEMO_PASSWORD = 'demo-password';

/**
 * Demo data for an empty database, so a newcomer signs in to a living practice. All of it or
 * nothing: the seed is one transaction, so a start killed or failing half-way leaves the database
 * empty and the next start seeds it whole (a partial demo, an account without its second
 * practice's owner or a location without clients, would be taken for seeded and stay so).
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(accounts);
  if ((row?.n ?? 0) > 0) return false;
  // Hashed before the transaction opens: it is the slow part and needs no rows.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  try {
    // The services and repositories take the transaction as their database: a transaction they
    // open inside it becomes a savepoint, on PGlite as on node-postgres.
    await db.transaction((tx) => seed(tx as unknown as Db, passwordHash));
    return true;
  } catch (err) {
    // Another app server seeded the same empty database at the same moment.
    if (isUniqueViolation(err) || (err instanceof HttpError && err.status === 409)) return false;
    throw err;
  }
}

async function seed(db: Db, passwordHash: string) {
  const service = seedAccounts(db).accounts;
  const owner = (email: string, firstName: string, lastName: string) => ({ email, firstName, lastName, password: DEMO_PASSWORD });

  const demo = await service.create({
    name: 'Demo Veterinary Group',
    subscriptionTier: 'premium',
    owner: owner('owner@demo.test', 'Olivia', 'Owens'),
    location: { name: 'Riverside Animal Hospital', timezone: 'America/New_York' },
  });
  const scope = { accountId: demo.id };
  const [riverside] = await locationsRepository.listSorted(db, scope, {});
  const lakeside = await locationsRepository.insert(db, scope, {
    name: 'Lakeside Pet Care',
    timezone: 'America/Los_Angeles',
    address: '200 Lakeshore Drive, Tahoe City, CA',
    phone: '+1 530 555 0142',
  });
  await locationsRepository.update(db, scope, riverside!.id, { address: '12 River Road, Hudson, NY', phone: '+1 518 555 0117' });
  const catalogue = await speciesRepository.list(db);
  const speciesId = (name: string) => catalogue.find((s) => s.name === name)!.id;
  // The first location came with the common species (decision 0191): the demo's lists are its own.
  for (const s of catalogue) await locationsRepository.removeSpecies(db, scope, riverside!.id, s.id);
  for (const name of ['Dog', 'Cat', 'Rabbit', 'Bird']) await locationsRepository.addSpecies(db, scope, riverside!.id, speciesId(name));
  for (const name of ['Dog', 'Cat', 'Horse']) await locationsRepository.addSpecies(db, scope, lakeside.id, speciesId(name));

  const roles = await rolesRepository.list(db, scope, {});
  const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
  const staff = [
    { email: 'vet@demo.test', firstName: 'Victor', lastName: 'Vance', role: 'Veterinarian', locations: [riverside!.id, lakeside.id] },
    { email: 'assistant@demo.test', firstName: 'Alice', lastName: 'Archer', role: 'Assistant', locations: [riverside!.id] },
    { email: 'frontdesk@demo.test', firstName: 'Frank', lastName: 'Fields', role: 'Front Desk', locations: [riverside!.id] },
  ];
  const staffIds: Record<string, string> = {};
  for (const s of staff) {
    const user = await usersRepository.insert(db, scope, { email: s.email, firstName: s.firstName, lastName: s.lastName, passwordHash });
    await usersRepository.setRoles(db, scope, user.id, [roleId(s.role)]);
    await usersRepository.setLocations(db, scope, user.id, s.locations);
    staffIds[s.email] = user.id;
  }
  const ownerRow = await usersRepository.findByEmail(db, 'owner@demo.test');
  await usersRepository.setLocations(db, scope, ownerRow!.id, [riverside!.id, lakeside.id]);

  const vet = await usersRepository.findByEmail(db, 'vet@demo.test');
  const riversideClients = await seedClinicalDemo(db, scope, {
    locationId: riverside!.id,
    species: ['Dog', 'Cat', 'Rabbit', 'Bird'],
    clients: 30,
    seed: 1,
    vetId: vet!.id,
    emailDomain: 'riverside.example',
  });
  const lakesideClients = await seedClinicalDemo(db, scope, { locationId: lakeside.id, species: ['Dog', 'Cat', 'Horse'], clients: 24, seed: 2, vetId: vet!.id, emailDomain: 'lakeside.example' });
  await seedDemoContacts(db, scope, riversideClients[0]);
  await seedSchedulingDemo(db, scope, [
    {
      locationId: riverside!.id,
      timezone: riverside!.timezone,
      seed: 1,
      priceFactor: 1,
      vetId: vet!.id,
      ownerId: ownerRow!.id,
      assistantId: staffIds['assistant@demo.test']!,
      deskId: staffIds['frontdesk@demo.test']!,
      clients: riversideClients,
      notes: [
        { day: 0, provider: 'vet', text: 'Dr. Vance in surgery until 11' },
        { day: 0, text: 'Team meeting 16:30' },
        { day: 1, text: 'Evergreen Pet Cremation collects at 15:00' },
        { day: 2, provider: 'assistant', text: 'Alice leaves at 14:00 (dentist)' },
      ],
    },
    {
      locationId: lakeside.id,
      timezone: lakeside.timezone,
      seed: 2,
      priceFactor: 1.15,
      extraServices: [{ key: 'homeVisit', type: 'Home Visit', name: 'Equine farm call', duration: 90, price: 210 }],
      vetId: vet!.id,
      ownerId: ownerRow!.id,
      assistantId: null,
      deskId: ownerRow!.id,
      clients: lakesideClients,
      notes: [
        { day: 0, text: 'Team meeting 16:30' },
        { day: 0, provider: 'vet', text: 'Dr. Vance on home visits after 14:00' },
        { day: 3, text: 'Farrier on site in the morning: keep the yard clear' },
      ],
    },
  ]);

  await seedPriceCalculatorDemo(db, scope, [
    { locationId: riverside!.id, priceFactor: 1 },
    { locationId: lakeside.id, priceFactor: 1.15 },
  ]);

  const riversideServices = await servicesRepository.activeAt(db, scope, riverside!.id);
  const serviceNamed = (name: string) => riversideServices.find((r) => r.name === name)?.id;
  await seedDemoTemplates(db, scope, riverside!.id, { homeEuthanasia: serviceNamed('Home euthanasia'), privateCremation: serviceNamed('Private cremation') });
  await seedDemoMessages(db, scope, { locationId: riverside!.id, clients: riversideClients, staff: { id: staffIds['frontdesk@demo.test']!, name: 'Frank Fields' } });
  await seedDemoBilling(db, scope, [
    { locationId: riverside!.id, salesTax: 800, userId: staffIds['frontdesk@demo.test']! },
    { locationId: lakeside.id, salesTax: 725, userId: ownerRow!.id },
  ]);
  // After billing: the stock's tax codes are the practices', and its sales are the invoices' add-on lines.
  await seedDemoInventory(db, scope, [
    { locationId: riverside!.id, timezone: riverside!.timezone, staffId: staffIds['assistant@demo.test']!, vetId: vet!.id },
    { locationId: lakeside.id, timezone: lakeside.timezone, staffId: ownerRow!.id, vetId: vet!.id },
  ]);
  const people = { vet: vet!.id, assistant: staffIds['assistant@demo.test']!, desk: staffIds['frontdesk@demo.test']! };
  const taskRoles = { frontDesk: roleId('Front Desk'), veterinarian: roleId('Veterinarian') };
  await seedDemoTasks(
    db,
    scope,
    { locationId: riverside!.id, timezone: riverside!.timezone, clients: riversideClients, createdById: people.desk, people, roles: taskRoles },
    { locationId: lakeside.id, timezone: lakeside.timezone, clients: lakesideClients, createdById: ownerRow!.id, people: { ...people, assistant: null, desk: ownerRow!.id }, roles: taskRoles },
  );

  await seedDemoAutomations(db, scope, { locationId: riverside!.id, timezone: riverside!.timezone, frontDeskRoleId: roleId('Front Desk'), createdById: ownerRow!.id });

  const second = await service.create({
    name: 'Second Practice',
    subscriptionTier: 'basic',
    owner: owner('owner2@demo.test', 'Sam', 'Second'),
    location: { name: 'Second Practice Clinic', timezone: 'Europe/London' },
  });
  const [secondLocation] = await locationsRepository.listSorted(db, { accountId: second.id }, {});
  for (const s of catalogue) await locationsRepository.removeSpecies(db, { accountId: second.id }, secondLocation!.id, s.id);
  for (const name of ['Dog', 'Cat']) await locationsRepository.addSpecies(db, { accountId: second.id }, secondLocation!.id, speciesId(name));
  await seedClinicalDemo(db, { accountId: second.id }, { locationId: secondLocation!.id, species: ['Dog', 'Cat'], clients: 12, seed: 3, vetId: null, emailDomain: 'second.example' });

  await service.create({
    name: 'Willow Support',
    subscriptionTier: 'premium',
    owner: owner('superadmin@demo.test', 'Sophie', 'Support'),
    location: { name: 'Support Desk', timezone: 'UTC' },
  });
  const superadmin = await usersRepository.findByEmail(db, 'superadmin@demo.test');
  const superRole = await systemRolesRepository.findByName(db, SUPER_ADMINISTRATOR);
  await roleHoldersRepository.setSystemRoleHolders(db, superRole!.id, [superadmin!.id]);
}
