import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, dateIn, newClient, newPatient } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client & { userId: string };
let theirUserId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  // Front Desk, as practices set it up: no permissions.
  staff = await createUser(ctx, home, [], { role: 'Front Desk' });
  theirUserId = (await createUser(ctx, other)).userId;
});
afterAll(() => ctx?.close());

/** A client with one patient at `locationId`. */
async function patientAt(locationId = home.locationId, t: TestAccount = home, caller: Client = staff) {
  const owner = await newClient(caller, locationId);
  return newPatient(caller, owner.id, t.speciesId);
}

const rxData = (patientId: string, extra: Record<string, unknown> = {}) => ({
  patientId,
  drug: 'Meloxicam',
  dose: '1.5 mg/ml',
  frequency: 'once daily',
  quantity: '10 ml',
  prescribedOn: '2025-06-01',
  ...extra,
});
async function createRx(patientId: string, extra: Record<string, unknown> = {}): Promise<api.Prescription> {
  const res = await staff.call(api.prescriptionOps.create, { body: { data: rxData(patientId, extra) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Prescription;
}
async function listRx(query: Record<string, string>): Promise<api.Prescription[]> {
  const res = await staff.call(api.prescriptionOps.list, { query });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: api.Prescription[] }).items;
}
async function createVx(patientId: string, extra: Record<string, unknown> = {}): Promise<api.Vaccination> {
  const res = await staff.call(api.vaccinationOps.create, { body: { data: { patientId, vaccine: 'Rabies', givenOn: '2025-06-01', ...extra } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Vaccination;
}
async function listVx(query: Record<string, string>): Promise<api.Vaccination[]> {
  const res = await staff.call(api.vaccinationOps.list, { query });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: api.Vaccination[] }).items;
}

describe('prescriptions', () => {
  it('creates a prescription whose patient decides the client and location, and lists it', async () => {
    const locationId = await addLocation(ctx, home);
    const patient = await patientAt(locationId);
    const res = await staff.call(api.prescriptionOps.create, {
      body: {
        data: {
          ...rxData(patient.id, { refills: 2, prescriberId: staff.userId, expiresOn: '2025-12-01', instructions: 'With food' }),
          // Sent by a confused client: the patient decides these.
          clientId: (await newClient(staff, home.locationId)).id,
          locationId: home.locationId,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rx = res.json() as api.Prescription;
    expect(rx).toMatchObject({
      patientId: patient.id,
      clientId: patient.clientId,
      locationId,
      drug: 'Meloxicam',
      refills: 2,
      prescriberId: staff.userId,
      prescribedOn: '2025-06-01',
      expiresOn: '2025-12-01',
      instructions: 'With food',
    });
    expect(await listRx({ patientId: patient.id })).toEqual([rx]);
  });

  it('lists by location, patient and client, newest first', async () => {
    const locationId = await addLocation(ctx, home);
    const a = await patientAt(locationId);
    const b = await patientAt(locationId);
    const older = await createRx(a.id, { prescribedOn: '2025-01-01' });
    const newer = await createRx(a.id, { prescribedOn: '2025-02-01' });
    const theirs = await createRx(b.id);
    const elsewhere = await createRx((await patientAt()).id);
    expect((await listRx({ locationId })).map((r) => r.id)).toEqual([theirs.id, newer.id, older.id]);
    expect((await listRx({ patientId: a.id })).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect((await listRx({ clientId: b.clientId })).map((r) => r.id)).toEqual([theirs.id]);
    expect((await listRx({ locationId, clientId: b.clientId })).map((r) => r.id)).toEqual([theirs.id]);
    expect((await listRx({ locationId })).map((r) => r.id)).not.toContain(elsewhere.id);
    // Pages of it, with how many there are in all: nothing is cut off.
    const second = (await staff.call(api.prescriptionOps.list, { query: { locationId, limit: '2', offset: '2' } })).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: older.id })], total: 3 });
  });

  it('answers 400 naming the field', async () => {
    const patient = await patientAt();
    const cases: [Record<string, unknown>, string][] = [
      [{ drug: '  ' }, 'drug: is required'],
      [{ dose: undefined }, 'dose: is required'],
      [{ refills: 1.5 }, 'refills: must be a whole number'],
      [{ prescribedOn: '01/06/2025' }, 'prescribedOn: must be a date (YYYY-MM-DD)'],
      [{ instructions: 'x'.repeat(1000) }, 'Message must be less than 1000 characters'],
      [{ patientId: 'nope' }, 'patientId: must be a valid id'],
    ];
    for (const [extra, message] of cases) {
      const res = await staff.call(api.prescriptionOps.create, { body: { data: rxData(patient.id, extra) } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await listRx({ patientId: patient.id })).toEqual([]);
  });

  it('answers 400 for another account’s patient or prescriber', async () => {
    const theirPatient = await patientAt(other.locationId, other, other.admin);
    const patient = await staff.call(api.prescriptionOps.create, { body: { data: rxData(theirPatient.id) } });
    expect(patient.statusCode).toBe(400);
    expect(errorOf(patient)).toBe('patientId: unknown patient');
    const mine = await patientAt();
    const prescriber = await staff.call(api.prescriptionOps.create, { body: { data: rxData(mine.id, { prescriberId: theirUserId }) } });
    expect(prescriber.statusCode).toBe(400);
    expect(errorOf(prescriber)).toBe('prescriberId: unknown user');
    expect(await listRx({ patientId: mine.id })).toEqual([]);
    expect((await other.admin.call(api.prescriptionOps.list, { query: { patientId: theirPatient.id } })).json()).toEqual({ items: [], total: 0 });
  });

  it('updates only the fields sent; a new patient brings their client and location', async () => {
    const elsewhere = await addLocation(ctx, home);
    const first = await patientAt();
    const second = await patientAt(elsewhere);
    const rx = await createRx(first.id, { refills: 3, instructions: 'With food' });
    const res = await staff.call(api.prescriptionOps.update, { params: { id: rx.id }, body: { data: { dose: '2 mg/ml', patientId: second.id } } });
    expect(res.statusCode, res.body).toBe(200);
    const [got] = await listRx({ patientId: second.id });
    expect(got).toEqual({
      ...rx,
      dose: '2 mg/ml',
      patientId: second.id,
      clientId: second.clientId,
      locationId: elsewhere,
      patient: { ...rx.patient, id: second.id, clientId: second.clientId },
    });
    expect(await listRx({ patientId: first.id })).toEqual([]);
  });

  it('refuses an update to another account’s patient or prescriber, changing nothing', async () => {
    const rx = await createRx((await patientAt()).id);
    const theirPatient = await patientAt(other.locationId, other, other.admin);
    const patient = await staff.call(api.prescriptionOps.update, { params: { id: rx.id }, body: { data: { patientId: theirPatient.id } } });
    expect(patient.statusCode).toBe(400);
    expect(errorOf(patient)).toBe('patientId: unknown patient');
    const prescriber = await staff.call(api.prescriptionOps.update, { params: { id: rx.id }, body: { data: { prescriberId: theirUserId } } });
    expect(prescriber.statusCode).toBe(400);
    expect(errorOf(prescriber)).toBe('prescriberId: unknown user');
    expect(await listRx({ patientId: rx.patientId })).toEqual([rx]);
  });

  it('deletes a prescription for good only with records.delete: Front Desk is refused (403)', async () => {
    const rx = await createRx((await patientAt()).id);
    const refused = await staff.call(api.prescriptionOps.remove, { params: { id: rx.id } });
    expect(refused.statusCode).toBe(403);
    expect(await listRx({ patientId: rx.patientId })).toEqual([rx]);
    const res = await home.admin.call(api.prescriptionOps.remove, { params: { id: rx.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await listRx({ patientId: rx.patientId })).toEqual([]);
    expect((await home.admin.call(api.prescriptionOps.remove, { params: { id: rx.id } })).statusCode).toBe(404);
  });
});

describe('vaccinations', () => {
  it('creates a vaccination whose patient decides the client and location, and lists it', async () => {
    const locationId = await addLocation(ctx, home);
    const patient = await patientAt(locationId);
    const vx = await createVx(patient.id, { providerId: staff.userId, lotNumber: 'L-1', serialNumber: 'S-1', notes: 'Left leg' });
    expect(vx).toMatchObject({
      patientId: patient.id,
      clientId: patient.clientId,
      locationId,
      vaccine: 'Rabies',
      givenOn: '2025-06-01',
      nextDueOn: null,
      providerId: staff.userId,
      lotNumber: 'L-1',
      status: 'noBooster',
    });
    expect(await listVx({ locationId })).toEqual([vx]);
    expect(await listVx({ clientId: patient.clientId })).toEqual([vx]);
  });

  it('never shows a deceased patient as overdue or due soon', async () => {
    const timezone = 'America/New_York';
    const locationId = await addLocation(ctx, home, { timezone });
    const patient = await patientAt(locationId);
    await createVx(patient.id, { nextDueOn: dateIn(timezone, -10) });
    expect((await listVx({ patientId: patient.id }))[0]!.status).toBe('overdue');
    const res = await home.admin.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: { deceasedOn: dateIn(timezone, -1) } } });
    expect(res.statusCode, res.body).toBe(200);
    const [vx] = await listVx({ patientId: patient.id });
    expect(vx!.status).toBe('noBooster');
    expect(vx!.patient.deceasedOn).toBe(dateIn(timezone, -1));
    const overdue = await staff.call(api.vaccinationOps.list, { query: { patientId: patient.id, status: 'overdue' } });
    expect(overdue.json()).toEqual({ items: [], total: 0 });
  });

  it('computes overdue, dueSoon (within 30 days), current and noBooster against today at the location', async () => {
    const timezone = 'America/New_York';
    const locationId = await addLocation(ctx, home, { timezone });
    const patient = await patientAt(locationId);
    const due = async (days: number | null) =>
      (await createVx(patient.id, { nextDueOn: days === null ? null : dateIn(timezone, days), vaccine: `V${days}` })).status;
    expect(await due(-1)).toBe('overdue');
    expect(await due(0)).toBe('dueSoon');
    expect(await due(30)).toBe('dueSoon');
    expect(await due(31)).toBe('current');
    expect(await due(null)).toBe('noBooster');
    const listed = await listVx({ patientId: patient.id });
    expect(Object.fromEntries(listed.map((v) => [v.vaccine, v.status]))).toEqual({
      'V-1': 'overdue',
      V0: 'dueSoon',
      V30: 'dueSoon',
      V31: 'current',
      Vnull: 'noBooster',
    });
    // The same rule in the list's filter: what the quick filters show, counted over every page.
    const filtered = async (status: 'overdue' | 'dueSoon') =>
      (await staff.call(api.vaccinationOps.list, { query: { patientId: patient.id, status, limit: '1' } })).json() as { items: api.Vaccination[]; total: number };
    expect(await filtered('overdue')).toMatchObject({ total: 1, items: [{ vaccine: 'V-1' }] });
    const soon = await filtered('dueSoon');
    expect(soon.total).toBe(2);
    expect(soon.items).toHaveLength(1);
    expect(soon.items[0]!.status).toBe('dueSoon');
  });

  it('uses the location’s calendar, not the server’s', async () => {
    // At any moment at least one of these two zones is on a different date from UTC.
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const patient = await patientAt(await addLocation(ctx, home, { timezone }));
      expect((await createVx(patient.id, { nextDueOn: dateIn(timezone, -1) })).status, timezone).toBe('overdue');
      expect((await createVx(patient.id, { nextDueOn: dateIn(timezone, 0) })).status, timezone).toBe('dueSoon');
    }
  });

  it('answers 400 naming the field, and for another account’s patient or provider', async () => {
    const patient = await patientAt();
    const cases: [Record<string, unknown>, string][] = [
      [{ vaccine: '' }, 'vaccine: is required'],
      [{ givenOn: 'soon' }, 'givenOn: must be a date (YYYY-MM-DD)'],
      [{ nextDueOn: '2025-02-30' }, 'nextDueOn: must be a date (YYYY-MM-DD)'],
      [{ lotNumber: 'x'.repeat(61) }, 'lotNumber: must be at most 60 characters'],
      [{ providerId: theirUserId }, 'providerId: unknown user'],
      [{ patientId: (await patientAt(other.locationId, other, other.admin)).id }, 'patientId: unknown patient'],
    ];
    for (const [extra, message] of cases) {
      const res = await staff.call(api.vaccinationOps.create, {
        body: { data: { patientId: patient.id, vaccine: 'Rabies', givenOn: '2025-06-01', ...extra } },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await listVx({ patientId: patient.id })).toEqual([]);
  });

  it('refuses dates that cannot be true: given in the future, next due before given (today is allowed everywhere)', async () => {
    const patient = await patientAt();
    const cases: [Record<string, unknown>, string][] = [
      [{ givenOn: dateIn('Pacific/Kiritimati', 1) }, 'givenOn: must not be in the future'],
      [{ givenOn: '2025-06-01', nextDueOn: '2025-05-31' }, 'nextDueOn: must not be before the date given'],
    ];
    for (const [extra, message] of cases) {
      const res = await staff.call(api.vaccinationOps.create, { body: { data: { patientId: patient.id, vaccine: 'Rabies', ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await listVx({ patientId: patient.id })).toEqual([]);
    // Today in the zones furthest behind and ahead of UTC, and a booster due the same day, all pass.
    for (const timezone of ['Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
      const today = dateIn(timezone, 0);
      expect((await createVx(patient.id, { givenOn: today, nextDueOn: today, vaccine: timezone })).givenOn).toBe(today);
    }
  });

  it('checks a changed date against the stored other one', async () => {
    const patient = await patientAt();
    const vx = await createVx(patient.id, { givenOn: '2025-06-01', nextDueOn: '2026-06-01' });
    const early = await staff.call(api.vaccinationOps.update, { params: { id: vx.id }, body: { data: { nextDueOn: '2025-01-01' } } });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early)).toBe('nextDueOn: must not be before the date given');
    const late = await staff.call(api.vaccinationOps.update, { params: { id: vx.id }, body: { data: { givenOn: '2026-07-01' } } });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toBe('nextDueOn: must not be before the date given');
    const future = await staff.call(api.vaccinationOps.update, { params: { id: vx.id }, body: { data: { givenOn: '2999-01-01', nextDueOn: null } } });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future)).toBe('givenOn: must not be in the future');
    expect(await listVx({ patientId: patient.id })).toEqual([vx]);
  });

  it('updates only the fields sent, recomputing the status', async () => {
    const patient = await patientAt();
    const vx = await createVx(patient.id, { lotNumber: 'L-9', givenOn: '1999-06-01' });
    const res = await staff.call(api.vaccinationOps.update, { params: { id: vx.id }, body: { data: { nextDueOn: '2000-01-01' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listVx({ patientId: patient.id })).toEqual([{ ...vx, nextDueOn: '2000-01-01', status: 'overdue' }]);
    const provider = await staff.call(api.vaccinationOps.update, { params: { id: vx.id }, body: { data: { providerId: theirUserId } } });
    expect(provider.statusCode).toBe(400);
    expect(errorOf(provider)).toBe('providerId: unknown user');
  });

  it('deletes a vaccination for good only with records.delete: Front Desk is refused (403)', async () => {
    const vx = await createVx((await patientAt()).id);
    expect((await staff.call(api.vaccinationOps.remove, { params: { id: vx.id } })).statusCode).toBe(403);
    expect(await listVx({ patientId: vx.patientId })).toHaveLength(1);
    const res = await home.admin.call(api.vaccinationOps.remove, { params: { id: vx.id } });
    expect(res.statusCode).toBe(200);
    expect(await listVx({ patientId: vx.patientId })).toEqual([]);
    expect((await other.admin.call(api.vaccinationOps.remove, { params: { id: vx.id } })).statusCode).toBe(404);
  });

  it('never lists another account’s records: a filter naming their location or patient is not found', async () => {
    const theirPatient = await patientAt(other.locationId, other, other.admin);
    const res = await other.admin.call(api.vaccinationOps.create, {
      body: { data: { patientId: theirPatient.id, vaccine: 'Rabies', givenOn: '2025-06-01' } },
    });
    expect(res.statusCode).toBe(201);
    const filters: Record<string, string>[] = [{ locationId: other.locationId }, { patientId: theirPatient.id }, { clientId: theirPatient.clientId }];
    for (const query of filters) {
      expect((await staff.call(api.vaccinationOps.list, { query })).statusCode, JSON.stringify(query)).toBe(404);
    }
  });
});
