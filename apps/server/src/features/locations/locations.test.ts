import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, TEST_PASSWORD, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { SPECIES } from '../../seed/reference-data.js';
import { COMMON_SPECIES } from './locations.service.js';

let ctx: TestContext;
let practice: TestAccount;
let manager: Client;
let species: api.Species[];
beforeAll(async () => {
  ctx = await createTestApp();
  practice = await createAccount(ctx, 'premium', 'Locations Practice');
  manager = await createUser(ctx, practice, ['locations.manage']);
  species = (await manager.call(api.listSpecies)).json() as api.Species[];
});
afterAll(() => ctx?.close());

const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';
const uniqueName = (prefix = 'Clinic') => `${prefix} ${randomUUID().slice(0, 8)}`;
const speciesId = (name: string) => species.find((s) => s.name === name)!.id;

async function createLocation(client: Client, data: Record<string, unknown>) {
  const res = await client.call(api.createLocation, { body: { data: { timezone: 'UTC', ...data } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Location;
}
/** The species names a location has, in the answers' order (by name). */
const namesOf = (location: api.Location) => location.species.map((s) => s.name);
const sorted = (names: readonly string[]) => [...names].sort((a, b) => a.localeCompare(b));
const getLocation = async (client: Client, id: string) => (await client.call(api.getLocation, { params: { id } })).json() as api.Location;

describe('GET /api/species', () => {
  it('lists the species catalogue by name', async () => {
    const staff = await createUser(ctx, practice);
    const res = await staff.call(api.listSpecies);
    expect(res.statusCode).toBe(200);
    const names = (res.json() as api.Species[]).map((s) => s.name);
    expect(names).toEqual([...SPECIES].sort());
  });
});

describe('GET /api/location', () => {
  it('lists the locations sorted by name, whatever the case, for any signed-in user', async () => {
    const own = await createAccount(ctx, 'premium');
    for (const name of ['charlie', 'Alpha', 'beta']) await createLocation(own.admin, { name });
    const staff = await createUser(ctx, own);
    const res = await staff.call(api.listLocations);
    expect(res.statusCode).toBe(200);
    expect((res.json() as api.Location[]).map((l) => l.name)).toEqual(['Alpha', 'beta', 'charlie', 'Main Clinic']);
  });

  it('leaves out inactive locations with onlyActive', async () => {
    const own = await createAccount(ctx, 'premium');
    const closed = await createLocation(own.admin, { name: 'Closed Site', isActive: false });
    const all = (await own.admin.call(api.listLocations)).json() as api.Location[];
    expect(all.map((l) => l.id)).toContain(closed.id);
    const active = (await own.admin.call(api.listLocations, { query: { onlyActive: true } })).json() as api.Location[];
    expect(active.map((l) => l.id)).toEqual([own.locationId]);
    const explicit = (await own.admin.call(api.listLocations, { query: { onlyActive: false } })).json() as api.Location[];
    expect(explicit).toHaveLength(2);
  });

  it('answers 400 naming onlyActive when it is not a boolean', async () => {
    const res = await manager.call(api.listLocations, { query: { onlyActive: 'maybe' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^onlyActive: /);
  });

  it('shows each location with its species', async () => {
    const location = await createLocation(manager, { name: uniqueName() });
    await manager.call(api.updateLocationSpecies, { body: { data: { locationId: location.id, speciesId: speciesId('Horse'), action: 'add' } } });
    const listed = ((await manager.call(api.listLocations)).json() as api.Location[]).find((l) => l.id === location.id);
    expect(listed?.species).toContainEqual({ id: speciesId('Horse'), name: 'Horse' });
    expect(namesOf(listed!)).toEqual(sorted([...COMMON_SPECIES, 'Horse']));
  });
});

describe('POST /api/location', () => {
  it('creates a location; GET answers it', async () => {
    const name = uniqueName();
    const res = await manager.call(api.createLocation, {
      body: { data: { name: ` ${name} `, timezone: 'Europe/Paris', address: '1 Rue de Test', phone: '+33 1 23 45 67 89' } },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as api.Location;
    expect(created).toEqual({
      id: expect.any(String),
      name,
      timezone: 'Europe/Paris',
      isActive: true,
      address: '1 Rue de Test',
      phone: '+33 1 23 45 67 89',
      // A new location can book the common species from its first day (decision 0191).
      species: sorted(COMMON_SPECIES).map((name) => ({ id: speciesId(name), name })),
      integrations: [],
      hasLogo: false,
    });
    const got = await manager.call(api.getLocation, { params: { id: created.id } });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);
  });

  it("copies another location's species instead when speciesFrom names it", async () => {
    const source = await createLocation(manager, { name: uniqueName() });
    await manager.call(api.updateLocationSpecies, { body: { data: { locationId: source.id, speciesId: speciesId('Horse'), action: 'add' } } });
    await manager.call(api.updateLocationSpecies, { body: { data: { locationId: source.id, speciesId: speciesId('Dog'), action: 'remove' } } });
    const expected = sorted([...COMMON_SPECIES.filter((n) => n !== 'Dog'), 'Horse']);
    const copy = await createLocation(manager, { name: uniqueName(), speciesFrom: source.id });
    expect(namesOf(copy)).toEqual(expected);
    expect(namesOf(await getLocation(manager, copy.id))).toEqual(expected);
    // A copy, not a link: the source's later changes stay its own.
    await manager.call(api.updateLocationSpecies, { body: { data: { locationId: source.id, speciesId: speciesId('Cow'), action: 'add' } } });
    expect(namesOf(await getLocation(manager, copy.id))).toEqual(expected);
  });

  it("answers 400 for a speciesFrom that is not an id or not one of the account's locations, and creates nothing", async () => {
    const other = await createAccount(ctx, 'premium');
    const cases: [unknown, string][] = [
      ['nope', 'speciesFrom: must be a valid id'],
      [other.locationId, 'speciesFrom: unknown location'],
      [randomUUID(), 'speciesFrom: unknown location'],
    ];
    for (const [speciesFrom, message] of cases) {
      const name = uniqueName();
      const res = await manager.call(api.createLocation, { body: { data: { name, timezone: 'UTC', speciesFrom } } });
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toBe(message);
      expect(((await manager.call(api.listLocations)).json() as api.Location[]).some((l) => l.name === name)).toBe(false);
    }
  });

  it('gives a new account’s first location the common species', async () => {
    const account = await ctx.app.container.newAccounts.create({
      name: uniqueName('Practice'),
      subscriptionTier: 'basic',
      owner: { firstName: 'Nora', lastName: 'New', email: `new-${randomUUID()}@test.example`, password: TEST_PASSWORD },
      location: { name: 'First Clinic', timezone: 'UTC' },
    });
    const [first] = await ctx.app.container.locations.list({ accountId: account.id }, {});
    expect(first?.name).toBe('First Clinic');
    expect(namesOf(first!)).toEqual(sorted(COMMON_SPECIES));
    const superAdmin = await createUser(ctx, practice, [], { system: ['system.admin'] });
    const created = await superAdmin.call(api.createLocation, { query: { accountId: account.id }, body: { data: { name: uniqueName(), timezone: 'UTC' } } });
    expect(created.statusCode).toBe(201);
    // The super administrator's location went into the other account with the common species too.
    expect(namesOf(created.json() as api.Location)).toEqual(sorted(COMMON_SPECIES));
  });

  it('answers 409 for a name the account already uses, whatever the case', async () => {
    const name = uniqueName();
    await createLocation(manager, { name });
    const res = await manager.call(api.createLocation, { body: { data: { name: name.toUpperCase(), timezone: 'UTC' } } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('A location with this name already exists');
  });

  it('allows a name another account uses', async () => {
    const other = await createAccount(ctx, 'premium');
    const res = await other.admin.call(api.createLocation, { body: { data: { name: 'Main Clinic 2', timezone: 'UTC' } } });
    expect(res.statusCode).toBe(201);
    expect((await practice.admin.call(api.createLocation, { body: { data: { name: 'Main Clinic 2', timezone: 'UTC' } } })).statusCode).toBe(201);
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ timezone: 'UTC' }, 'name: is required'],
      [{ name: uniqueName() }, 'timezone: is required'],
      [{ name: uniqueName(), timezone: 'Mars/Olympus_Mons' }, 'timezone: must be a valid IANA time zone, e.g. America/New_York'],
      [{ name: 'x'.repeat(101), timezone: 'UTC' }, 'name: must be at most 100 characters'],
      [{ name: 'Cats & Dogs', timezone: 'UTC' }, AMPERSAND],
    ];
    for (const [data, message] of cases) {
      const res = await manager.call(api.createLocation, { body: { data } });
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('answers 403 without locations.manage', async () => {
    const staff = await createUser(ctx, practice, ['users.manage']);
    const res = await staff.call(api.createLocation, { body: { data: { name: uniqueName(), timezone: 'UTC' } } });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 to a non-super-administrator naming another account, and creates nothing there", async () => {
    const other = await createAccount(ctx, 'premium');
    const name = uniqueName();
    const res = await manager.call(api.createLocation, { query: { accountId: other.accountId }, body: { data: { name, timezone: 'UTC' } } });
    expect(res.statusCode).toBe(404);
    const theirs = (await other.admin.call(api.listLocations)).json() as api.Location[];
    expect(theirs.map((l) => l.name)).toEqual(['Main Clinic']);
    const ours = (await manager.call(api.listLocations)).json() as api.Location[];
    expect(ours.some((l) => l.name === name)).toBe(false);
  });

  it('lets a super administrator create a location in another account', async () => {
    const other = await createAccount(ctx, 'premium');
    const superAdmin = await createUser(ctx, practice, [], { system: ['system.admin'] });
    const res = await superAdmin.call(api.createLocation, { query: { accountId: other.accountId }, body: { data: { name: 'Granted Site', timezone: 'UTC' } } });
    expect(res.statusCode).toBe(201);
    const theirs = (await other.admin.call(api.listLocations)).json() as api.Location[];
    expect(theirs.map((l) => l.name)).toEqual(['Granted Site', 'Main Clinic']);
    expect(((await superAdmin.call(api.listLocations)).json() as api.Location[]).some((l) => l.name === 'Granted Site')).toBe(false);

    const unknown = await superAdmin.call(api.createLocation, { query: { accountId: randomUUID() }, body: { data: { name: uniqueName(), timezone: 'UTC' } } });
    expect(unknown.statusCode).toBe(404);
    const ownAccount = await superAdmin.call(api.createLocation, { query: { accountId: practice.accountId }, body: { data: { name: uniqueName(), timezone: 'UTC' } } });
    expect(ownAccount.statusCode).toBe(201);
  });

  it('answers 400 naming accountId when it is not an id', async () => {
    const res = await manager.call(api.createLocation, { query: { accountId: 'nope' }, body: { data: { name: uniqueName(), timezone: 'UTC' } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('accountId: must be a valid id');
  });
});

describe('POST /api/location/{id}', () => {
  it('updates the fields sent and keeps the others', async () => {
    const location = await createLocation(manager, { name: uniqueName(), address: '1 Old Road', phone: '555-0100' });
    const closed = await manager.call(api.updateLocation, { params: { id: location.id }, body: { data: { isActive: false, timezone: 'Asia/Tokyo' } } });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ ...location, isActive: false, timezone: 'Asia/Tokyo' });

    const name = uniqueName('Renamed');
    const renamed = await manager.call(api.updateLocation, { params: { id: location.id }, body: { data: { name } } });
    expect(renamed.statusCode).toBe(200);
    expect(await getLocation(manager, location.id)).toEqual({ ...location, name, isActive: false, timezone: 'Asia/Tokyo' });

    const cleared = await manager.call(api.updateLocation, { params: { id: location.id }, body: { data: { address: null } } });
    expect(cleared.json()).toMatchObject({ address: null, phone: '555-0100', name });
  });

  it('answers 409 for a name another location of the account has', async () => {
    const first = await createLocation(manager, { name: uniqueName() });
    const second = await createLocation(manager, { name: uniqueName() });
    const res = await manager.call(api.updateLocation, { params: { id: second.id }, body: { data: { name: first.name.toLowerCase() } } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('A location with this name already exists');
    expect((await getLocation(manager, second.id)).name).toBe(second.name);
  });

  it('answers 400 naming the field', async () => {
    const location = await createLocation(manager, { name: uniqueName() });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'North & South' }, AMPERSAND],
      [{ name: '   ' }, 'name: is required'],
      [{ timezone: 'Nowhere/Special' }, 'timezone: must be a valid IANA time zone, e.g. America/New_York'],
      [{ isActive: 'yes' }, 'isActive: Invalid input: expected boolean, received string'],
    ];
    for (const [data, message] of cases) {
      const res = await manager.call(api.updateLocation, { params: { id: location.id }, body: { data } });
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await getLocation(manager, location.id)).toEqual(location);
  });

  it('answers 403 without locations.manage and 404 for an unknown id', async () => {
    const staff = await createUser(ctx, practice);
    expect((await staff.call(api.updateLocation, { params: { id: practice.locationId }, body: { data: { name: 'Nope' } } })).statusCode).toBe(403);
    expect((await manager.call(api.updateLocation, { params: { id: randomUUID() }, body: { data: { name: uniqueName() } } })).statusCode).toBe(404);
    expect((await manager.call(api.getLocation, { params: { id: randomUUID() } })).statusCode).toBe(404);
  });
});

describe('POST /api/location/updateSpecies', () => {
  const update = (locationId: string, speciesIdValue: string, action: string) =>
    manager.call(api.updateLocationSpecies, { body: { data: { locationId, speciesId: speciesIdValue, action } } });

  it('adds species (twice is once) and removes them', async () => {
    const location = await createLocation(manager, { name: uniqueName() });
    const added = await update(location.id, speciesId('Horse'), 'add');
    expect(added.statusCode).toBe(200);
    expect(namesOf(added.json())).toEqual(sorted([...COMMON_SPECIES, 'Horse']));
    await update(location.id, speciesId('Cow'), 'add');
    const again = await update(location.id, speciesId('Horse'), 'add');
    expect(again.statusCode).toBe(200);
    expect(namesOf(await getLocation(manager, location.id))).toEqual(sorted([...COMMON_SPECIES, 'Cow', 'Horse']));

    const removed = await update(location.id, speciesId('Horse'), 'remove');
    expect(removed.statusCode).toBe(200);
    expect(namesOf(await getLocation(manager, location.id))).toEqual(sorted([...COMMON_SPECIES, 'Cow']));
    expect((await update(location.id, speciesId('Horse'), 'remove')).statusCode).toBe(200);
    expect(namesOf(await getLocation(manager, location.id))).toEqual(sorted([...COMMON_SPECIES, 'Cow']));
  });

  it('answers 400 for an unknown species or action', async () => {
    const location = await createLocation(manager, { name: uniqueName() });
    const unknown = await update(location.id, randomUUID(), 'add');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe('speciesId: no such species');
    const action = await update(location.id, speciesId('Dog'), 'replace');
    expect(action.statusCode).toBe(400);
    expect(errorOf(action)).toMatch(/^action: /);
    expect((await getLocation(manager, location.id)).species).toEqual(location.species);
  });

  it("answers 404 for an unknown location or another account's location", async () => {
    expect((await update(randomUUID(), speciesId('Horse'), 'add')).statusCode).toBe(404);
    const other = await createAccount(ctx, 'premium');
    const before = (await getLocation(other.admin, other.locationId)).species;
    expect((await update(other.locationId, speciesId('Horse'), 'add')).statusCode).toBe(404);
    expect((await update(other.locationId, before[0]?.id ?? speciesId('Dog'), 'remove')).statusCode).toBe(404);
    expect((await getLocation(other.admin, other.locationId)).species).toEqual(before);
  });

  it('answers 403 without locations.manage', async () => {
    const staff = await createUser(ctx, practice);
    const res = await staff.call(api.updateLocationSpecies, { body: { data: { locationId: practice.locationId, speciesId: speciesId('Dog'), action: 'add' } } });
    expect(res.statusCode).toBe(403);
  });
});
