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

  it('never lists another account’s patients: a filter naming their location or client is not found', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    await newPatient(other.admin, theirs.id, other.speciesId);
    expect((await staff.call(api.listPatients, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    expect((await staff.call(api.listPatients, { query: { clientId: theirs.id } })).statusCode).toBe(404);
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
    expect(got.json()).toEqual({ ...created, archivedAt: null, clientName: 'Pia Paws', hasHistory: false });
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
      [{ dateOfBirth: dateIn('Pacific/Kiritimati', 1) }, 'dateOfBirth: must not be in the future'],
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
  it('refuses a birth date in the future, and allows today wherever the clinic is', async () => {
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId, { dateOfBirth: dateIn('Pacific/Kiritimati', 0) });
    const res = await staff.call(api.updatePatient, { params: { id: patient.id }, body: { data: { dateOfBirth: '2999-01-01' } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('dateOfBirth: must not be in the future');
    const today = await staff.call(api.updatePatient, {
      params: { id: patient.id },
      body: { data: { dateOfBirth: dateIn('Pacific/Pago_Pago', 0) } },
    });
    expect(today.statusCode, today.body).toBe(200);
  });

  it('changes only the fields sent, and GET answers the change', async () => {
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId, { breed: 'Collie', weightKg: 20 });
    const res = await staff.call(api.updatePatient, {
      params: { id: patient.id },
      body: { data: { weightKg: 22.25, speciesId: home.catSpeciesId } },
    });
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
    const res = await staff.call(api.setPatientDeceased, {
      params: { id: patient.id },
      body: { data: { deceasedOn: today, note: 'Peacefully at home' } },
    });
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

// Deleting and archiving: patient-archive.test.ts.

describe('POST /api/patient/{id}/deceased with appointments to cancel', () => {
  const future = (days: number, hour = 10) => {
    const d = new Date(Date.now() + days * 86_400_000);
    d.setUTCHours(hour, 0, 0, 0);
    return { startAt: d.toISOString(), endAt: new Date(d.getTime() + 30 * 60_000).toISOString() };
  };
  async function household() {
    const owner = await newClient(staff, home.locationId);
    const pet = await newPatient(staff, owner.id, home.speciesId, { name: 'Rex' });
    const book = async (days: number, hour?: number) => {
      const res = await staff.call(api.createAppointment, {
        body: { data: { locationId: home.locationId, clientId: owner.id, patientIds: [pet.id], ...future(days, hour) } },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as api.Appointment;
    };
    return { owner, pet, book };
  }
  const detail = async (id: string) => (await staff.call(api.getAppointment, { params: { id } })).json() as api.AppointmentDetail;
  const mark = (id: string, data: api.DeceasedInput, caller: Client = staff) =>
    caller.call(api.setPatientDeceased, { params: { id }, body: { data } });

  it('records the death and cancels the appointments named, each with the reason in its history, in one step', async () => {
    const { pet, book } = await household();
    const [first, second, kept] = [await book(3), await book(10), await book(20)];
    const res = await mark(pet.id, { deceasedOn: dateIn('UTC'), cancelAppointments: { ids: [first.id, second.id], reason: ' Patient deceased ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deceasedOn).toBe(dateIn('UTC'));
    for (const a of [first, second]) {
      const got = await detail(a.id);
      expect(got).toMatchObject({ status: 'Cancelled', cancellationReason: 'Patient deceased' });
      expect(got.statusHistory.at(-1)).toMatchObject({ fromStatus: 'Confirmed', toStatus: 'Cancelled', note: 'Patient deceased', correction: false });
    }
    expect((await detail(kept.id)).status).toBe('Confirmed');
  });

  it('changes nothing when one of them cannot be cancelled or is not the patient’s', async () => {
    const { pet, book } = await household();
    const upcoming = await book(4);
    const checkedIn = await book(5);
    expect((await staff.call(api.updateAppointment, { params: { id: checkedIn.id }, body: { data: { status: 'Checked In' } } })).statusCode).toBe(
      200,
    );
    const cannot = await mark(pet.id, {
      deceasedOn: dateIn('UTC'),
      cancelAppointments: { ids: [upcoming.id, checkedIn.id], reason: 'Patient deceased' },
    });
    expect(cannot.statusCode).toBe(400);
    expect(errorOf(cannot)).toBe('cancelAppointments.ids: cannot change from Checked In to Cancelled');

    const { book: bookOther } = await household();
    const notTheirs = await bookOther(6);
    const foreign = await mark(pet.id, {
      deceasedOn: dateIn('UTC'),
      cancelAppointments: { ids: [upcoming.id, notTheirs.id], reason: 'Patient deceased' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign)).toBe("cancelAppointments.ids: each appointment must be one of this patient's");

    expect((await detail(upcoming.id)).status).toBe('Confirmed');
    expect((await getPatient(pet.id)).json().deceasedOn).toBeNull();
  });

  it('answers 400 naming the field for a missing reason, no appointments, or cancelling while undoing', async () => {
    const { pet, book } = await household();
    const upcoming = await book(7);
    const cases: [api.DeceasedInput, string][] = [
      [{ deceasedOn: dateIn('UTC'), cancelAppointments: { ids: [upcoming.id], reason: ' ' } }, 'cancelAppointments.reason: is required'],
      [
        { deceasedOn: dateIn('UTC'), cancelAppointments: { ids: [], reason: 'Patient deceased' } },
        'cancelAppointments.ids: choose at least one appointment',
      ],
      [
        { deceasedOn: null, cancelAppointments: { ids: [upcoming.id], reason: 'Patient deceased' } },
        'cancelAppointments: only with the date of death',
      ],
    ];
    for (const [data, message] of cases) {
      const res = await mark(pet.id, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('answers 404 for another account’s patient, and 400 for another account’s appointment', async () => {
    const { pet, book } = await household();
    const upcoming = await book(8);
    const stranger = await mark(
      pet.id,
      { deceasedOn: dateIn('UTC'), cancelAppointments: { ids: [upcoming.id], reason: 'Patient deceased' } },
      other.admin,
    );
    expect(stranger.statusCode).toBe(404);
    const theirOwner = await newClient(other.admin, other.locationId);
    const theirPet = await newPatient(other.admin, theirOwner.id, other.speciesId);
    const res = await mark(
      theirPet.id,
      { deceasedOn: dateIn('UTC'), cancelAppointments: { ids: [upcoming.id], reason: 'Patient deceased' } },
      other.admin,
    );
    expect(res.statusCode).toBe(400);
    expect((await detail(upcoming.id)).status).toBe('Confirmed');
  });
});
