import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, dateIn, newClient, newPatient } from '../../../test/records.js';
import { SPECIES_NOT_OFFERED } from './patients.service.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

type Page = { items: api.PatientWithClient[]; total: number };
async function listPatients(query: Record<string, string | number>): Promise<Page> {
  const res = await staff.call(api.listPatients, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
const getPatient = (id: string) => staff.call(api.getPatient, { params: { id } });
const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';

describe('GET /api/patient', () => {
  it('lists by location and by client, sorted by name whatever the case, with the client’s name', async () => {
    const locationId = await addLocation(ctx, home);
    const owner = await newClient(staff, locationId, { firstName: 'Olive', lastName: 'Owner' });
    const neighbour = await newClient(staff, locationId, { firstName: 'Ned', lastName: 'Bor' });
    await newPatient(staff, owner.id, home.speciesId, { name: 'rex' });
    await newPatient(staff, owner.id, home.catSpeciesId, { name: 'Bella' });
    await newPatient(staff, neighbour.id, home.speciesId, { name: 'Max' });

    const byLocation = await listPatients({ locationId });
    expect(byLocation.total).toBe(3);
    expect(byLocation.items.map((p) => p.name)).toEqual(['Bella', 'Max', 'rex']);
    expect(byLocation.items[0]).toMatchObject({ clientName: 'Olive Owner', speciesName: 'Cat', locationId, clientId: owner.id });

    const byClient = await listPatients({ clientId: owner.id });
    expect(byClient.items.map((p) => p.name)).toEqual(['Bella', 'rex']);
    const paged = await listPatients({ locationId, limit: 1, offset: 1 });
    expect(paged).toMatchObject({ total: 3, items: [{ name: 'Max' }] });
  });

  it('searches by name prefix or exact microchip', async () => {
    const locationId = await addLocation(ctx, home);
    const owner = await newClient(staff, locationId);
    await newPatient(staff, owner.id, home.speciesId, { name: 'Biscuit', microchip: '985141000123456' });
    await newPatient(staff, owner.id, home.speciesId, { name: 'Sir Bis' });
    await newPatient(staff, owner.id, home.speciesId, { name: 'Avid', microchip: 'AVID0A1B2C' });
    const names = async (search: string) => (await listPatients({ locationId, search })).items.map((p) => p.name);
    expect(await names('bis')).toEqual(['Biscuit']);
    expect(await names('BISC')).toEqual(['Biscuit']);
    expect(await names('985141000123456')).toEqual(['Biscuit']);
    expect(await names('985141')).toEqual([]);
    expect(await names('AVID0A1B2C')).toEqual(['Avid']);
  });

  it('leaves deceased patients out with includeDeceased=false', async () => {
    const owner = await newClient(staff, home.locationId);
    const alive = await newPatient(staff, owner.id, home.speciesId, { name: 'Alive' });
    const gone = await newPatient(staff, owner.id, home.speciesId, { name: 'Gone' });
    const res = await staff.call(api.setPatientDeceased, { params: { id: gone.id }, body: { data: { deceasedOn: '2025-03-01' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listPatients({ clientId: owner.id })).items.map((p) => p.id)).toEqual([alive.id, gone.id]);
    expect((await listPatients({ clientId: owner.id, includeDeceased: 'true' })).total).toBe(2);
    const living = await listPatients({ clientId: owner.id, includeDeceased: 'false' });
    expect(living).toMatchObject({ total: 1, items: [{ id: alive.id }] });
  });

  it('never lists another account’s patients, whatever the filter', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    await newPatient(other.admin, theirs.id, other.speciesId);
    expect((await listPatients({ locationId: other.locationId })).total).toBe(0);
    expect((await listPatients({ clientId: theirs.id })).total).toBe(0);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    const res = await staff.call(api.listPatients, { query: { clientId: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('clientId: must be a valid id');
    const flag = await staff.call(api.listPatients, { query: { includeDeceased: 'maybe' } });
    expect(flag.statusCode).toBe(400);
    expect(errorOf(flag)).toMatch(/^includeDeceased: /);
  });
});

describe('POST /api/patient', () => {
  it('creates a patient at the client’s location, and GET answers it', async () => {
    const locationId = await addLocation(ctx, home);
    const owner = await newClient(staff, locationId, { firstName: 'Pia', lastName: 'Paws' });
    const res = await staff.call(api.createPatient, {
      body: {
        data: {
          clientId: owner.id,
          locationId: home.locationId,
          name: 'Rex',
          speciesId: home.speciesId,
          breed: 'Collie',
          sex: 'male',
          neutered: true,
          dateOfBirth: '2019-05-04',
          weightKg: 21.5,
          microchip: '985141000999999',
          alerts: ['Bites'],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as api.Patient;
    expect(created).toMatchObject({
      clientId: owner.id,
      locationId,
      name: 'Rex',
      speciesName: 'Dog',
      breed: 'Collie',
      sex: 'male',
      neutered: true,
      dateOfBirth: '2019-05-04',
      weightKg: 21.5,
      alerts: ['Bites'],
      deceasedOn: null,
    });
    const got = await getPatient(created.id);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ ...created, clientName: 'Pia Paws' });
  });

  it('answers 400 for a species not on the location’s list', async () => {
    const dogsOnly = await addLocation(ctx, home, { species: ['Dog'] });
    const owner = await newClient(staff, dogsOnly);
    const res = await staff.call(api.createPatient, { body: { data: { clientId: owner.id, name: 'Tom', speciesId: home.catSpeciesId } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SPECIES_NOT_OFFERED);
    expect((await listPatients({ clientId: owner.id })).total).toBe(0);
  });

  it('answers 400 for another account’s client', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    const res = await staff.call(api.createPatient, { body: { data: { clientId: theirs.id, name: 'Rex', speciesId: home.speciesId } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('clientId: unknown client');
    expect((await other.admin.call(api.listPatients, { query: { clientId: theirs.id } })).json()).toMatchObject({ total: 0 });
  });

  it('answers 400 naming the field', async () => {
    const owner = await newClient(staff, home.locationId);
    const base = { clientId: owner.id, name: 'Rex', speciesId: home.speciesId };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'name: is required'],
      [{ name: 'Salt & Pepper' }, AMPERSAND],
      [{ speciesId: undefined }, 'speciesId: '],
      [{ sex: 'other' }, 'sex: '],
      [{ dateOfBirth: '2020-13-01' }, 'dateOfBirth: must be a date (YYYY-MM-DD)'],
      [{ weightKg: 0 }, 'weightKg: must be more than 0'],
      [{ weightKg: 2001 }, 'weightKg: must be at most 2000'],
      [{ alerts: ['x'.repeat(61)] }, 'alerts.0: must be at most 60 characters'],
    ];
    for (const [patch, message] of cases) {
      const res = await staff.call(api.createPatient, { body: { data: { ...base, ...patch } } });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(errorOf(res).startsWith(message), errorOf(res)).toBe(true);
    }
    expect((await listPatients({ clientId: owner.id })).total).toBe(0);
  });
});

describe('POST /api/patient/{id}', () => {
  it('changes only the fields sent, and GET answers the change', async () => {
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId, { breed: 'Collie', weightKg: 20 });
    const res = await staff.call(api.updatePatient, { params: { id: patient.id }, body: { data: { weightKg: 22.25, speciesId: home.catSpeciesId } } });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await getPatient(patient.id)).json() as api.PatientWithClient;
    expect(got).toMatchObject({ name: 'Rex', breed: 'Collie', weightKg: 22.25, speciesName: 'Cat', sex: 'unknown' });
  });

  it('follows a new client to their location', async () => {
    const elsewhere = await addLocation(ctx, home);
    const first = await newClient(staff, home.locationId);
    const second = await newClient(staff, elsewhere, { firstName: 'Second' });
    const patient = await newPatient(staff, first.id, home.speciesId);
    const res = await staff.call(api.updatePatient, { params: { id: patient.id }, body: { data: { clientId: second.id } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getPatient(patient.id)).json()).toMatchObject({ clientId: second.id, locationId: elsewhere, clientName: 'Second Client' });
  });

  it('answers 400 when moving to a client whose location does not offer the species', async () => {
    const dogsOnly = await addLocation(ctx, home, { species: ['Dog'] });
    const owner = await newClient(staff, home.locationId);
    const cat = await newPatient(staff, owner.id, home.catSpeciesId);
    const dogPerson = await newClient(staff, dogsOnly);
    const res = await staff.call(api.updatePatient, { params: { id: cat.id }, body: { data: { clientId: dogPerson.id } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SPECIES_NOT_OFFERED);
    expect((await getPatient(cat.id)).json()).toMatchObject({ clientId: owner.id, locationId: home.locationId });
  });

  it('answers 400 for a species not offered, another account’s client, or a bad field', async () => {
    const dogsOnly = await addLocation(ctx, home, { species: ['Dog'] });
    const owner = await newClient(staff, dogsOnly);
    const patient = await newPatient(staff, owner.id, home.speciesId);
    const species = await staff.call(api.updatePatient, { params: { id: patient.id }, body: { data: { speciesId: home.catSpeciesId } } });
    expect(species.statusCode).toBe(400);
    expect(errorOf(species)).toBe(SPECIES_NOT_OFFERED);
    const theirs = await newClient(other.admin, other.locationId);
    const client = await staff.call(api.updatePatient, { params: { id: patient.id }, body: { data: { clientId: theirs.id } } });
    expect(client.statusCode).toBe(400);
    expect(errorOf(client)).toBe('clientId: unknown client');
    const name = await staff.call(api.updatePatient, { params: { id: patient.id }, body: { data: { name: 'A & B' } } });
    expect(errorOf(name)).toBe(AMPERSAND);
    expect((await getPatient(patient.id)).json()).toMatchObject({ clientId: owner.id, speciesName: 'Dog', name: 'Rex' });
  });
});

describe('POST /api/patient/{id}/deceased', () => {
  it('records a death with a note, and null undoes it', async () => {
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId);
    const today = dateIn('UTC');
    const res = await staff.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: { deceasedOn: today, note: 'Peacefully at home' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getPatient(patient.id)).json()).toMatchObject({ deceasedOn: today, deceasedNote: 'Peacefully at home' });

    const undo = await staff.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: { deceasedOn: null, note: 'ignored' } } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await getPatient(patient.id)).json()).toMatchObject({ deceasedOn: null, deceasedNote: null });
    expect((await listPatients({ clientId: owner.id, includeDeceased: 'false' })).total).toBe(1);
  });

  it('answers 400 for a date in the future or not a date, and leaves the patient alive', async () => {
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId);
    const future = await staff.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: { deceasedOn: dateIn('UTC', 3) } } });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future)).toBe('deceasedOn: cannot be in the future');
    const bad = await staff.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: { deceasedOn: 'yesterday' } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('deceasedOn: must be a date (YYYY-MM-DD)');
    const missing = await staff.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: {} } });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatch(/^deceasedOn: /);
    expect((await getPatient(patient.id)).json()).toMatchObject({ deceasedOn: null });
  });
});

describe('DELETE /api/patient/{id}', () => {
  it('deletes the patient with their care records', async () => {
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId);
    const vx = await staff.call(api.vaccinationOps.create, { body: { data: { patientId: patient.id, vaccine: 'Rabies', givenOn: '2025-01-01' } } });
    expect(vx.statusCode).toBe(201);
    const res = await staff.call(api.deletePatient, { params: { id: patient.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await getPatient(patient.id)).statusCode).toBe(404);
    expect((await staff.call(api.vaccinationOps.list, { query: { clientId: owner.id } })).json()).toEqual([]);
    expect((await staff.call(api.deletePatient, { params: { id: patient.id } })).statusCode).toBe(404);
  });
});
