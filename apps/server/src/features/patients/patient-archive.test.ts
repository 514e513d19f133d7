// Deleting a patient for good and archiving them (docs/decisions/0058, 0059): who may do which,
// what history keeps a patient from being deleted, and where an archived patient is left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, uploadDocument, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** Front Desk, as every account has it: no permissions. */
let desk: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
});
afterAll(() => ctx?.close());

const getPatient = (caller: Client, id: string) => caller.call(api.getPatient, { params: { id } });
const archive = (caller: Client, id: string) => caller.call(api.archivePatient, { params: { id } });
const restore = (caller: Client, id: string) => caller.call(api.restorePatient, { params: { id } });
const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

async function listed(query: Record<string, string>): Promise<api.PatientWithClient[]> {
  const res = await desk.call(api.listPatients, { query: { limit: 200, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: api.PatientWithClient[] }).items;
}

/** A client with one patient. */
async function household(locationId = home.locationId) {
  const client = await newClient(desk, locationId);
  const patient = await newPatient(desk, client.id, home.speciesId, { name: `Pip${Math.random().toString(36).slice(2, 9)}` });
  return { client, patient };
}

/** An appointment of the patient starting `days` from now. */
async function appointmentOf(clientId: string, patientIds: string[], days: number) {
  const start = new Date(Date.now() + days * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const res = await desk.call(api.createAppointment, {
    body: { data: { locationId: home.locationId, clientId, patientIds, startAt: start.toISOString(), endAt: new Date(start.getTime() + 1_800_000).toISOString() } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Appointment;
}

describe('DELETE /api/patient/{id}', () => {
  it('deletes for good a patient without history, for an Administrator (records.delete)', async () => {
    const { client, patient } = await household();
    expect((await getPatient(desk, patient.id)).json()).toMatchObject({ hasHistory: false, archivedAt: null, clientName: 'Cora Client' });
    const res = await home.admin.call(api.deletePatient, { params: { id: patient.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await getPatient(desk, patient.id)).statusCode).toBe(404);
    expect(await listed({ clientId: client.id, includeArchived: 'true' })).toEqual([]);
    expect((await home.admin.call(api.deletePatient, { params: { id: patient.id } })).statusCode).toBe(404);
  });

  it('refuses Front Desk (403) before anything is deleted', async () => {
    const { patient } = await household();
    const res = await desk.call(api.deletePatient, { params: { id: patient.id } });
    expect(res.statusCode).toBe(403);
    expect((await getPatient(desk, patient.id)).statusCode).toBe(200);
  });

  it('answers 409 for a patient with history (a care record, a document, an appointment), and keeps them on it', async () => {
    const withVaccination = await household();
    await desk.call(api.vaccinationOps.create, { body: { data: { patientId: withVaccination.patient.id, vaccine: 'Rabies', givenOn: '2025-01-01' } } });
    const withDocument = await household();
    await uploadDocument(ctx, desk, { clientId: withDocument.client.id, patientId: withDocument.patient.id });
    const onAppointment = await household();
    const appointment = await appointmentOf(onAppointment.client.id, [onAppointment.patient.id], -2);

    for (const { patient } of [withVaccination, withDocument, onAppointment]) {
      expect((await getPatient(desk, patient.id)).json()).toMatchObject({ hasHistory: true });
      const res = await home.admin.call(api.deletePatient, { params: { id: patient.id } });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toBe(api.PATIENT_HAS_HISTORY);
      expect((await getPatient(desk, patient.id)).statusCode).toBe(200);
    }
    expect((await desk.call(api.getAppointment, { params: { id: appointment.id } })).json()).toMatchObject({ patientIds: [onAppointment.patient.id] });
  });

  it('answers 404 for another account’s patient', async () => {
    const theirs = await newPatient(other.admin, (await newClient(other.admin, other.locationId)).id, other.speciesId);
    expect((await home.admin.call(api.deletePatient, { params: { id: theirs.id } })).statusCode).toBe(404);
    expect((await getPatient(other.admin, theirs.id)).statusCode).toBe(200);
  });
});

describe('POST /api/patient/{id}/archive and /restore', () => {
  it('lets Front Desk archive and restore: archived patients leave lists and search, and show with includeArchived', async () => {
    const locationId = await addLocation(ctx, home);
    const { client, patient } = await household(locationId);
    const sibling = await newPatient(desk, client.id, home.catSpeciesId, { name: 'Zed' });

    const archived = await archive(desk, patient.id);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ id: patient.id, archivedAt: expect.any(String) });
    expect(idsOf(await listed({ locationId }))).toEqual([sibling.id]);
    expect(idsOf(await listed({ clientId: client.id }))).toEqual([sibling.id]);
    expect(await listed({ clientId: client.id, includeArchived: 'true' })).toMatchObject([
      { id: patient.id, archivedAt: archived.json().archivedAt },
      { id: sibling.id, archivedAt: null },
    ]);
    expect((await desk.call(api.globalSearch, { query: { q: patient.name } })).json()).toMatchObject({ patients: [] });
    // The client stays active.
    expect((await desk.call(api.getClient, { params: { id: client.id } })).json()).toMatchObject({ archivedAt: null });

    const restored = await restore(desk, patient.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ archivedAt: null });
    expect(idsOf(await listed({ locationId }))).toEqual([patient.id, sibling.id]);
    expect(idsOf((await desk.call(api.globalSearch, { query: { q: patient.name } })).json().patients)).toEqual([patient.id]);
  });

  it('refuses to restore a patient while their client is archived (409)', async () => {
    const { client, patient } = await household();
    expect((await desk.call(api.archiveClient, { params: { id: client.id } })).statusCode).toBe(200);
    const res = await restore(desk, patient.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.PATIENT_CLIENT_ARCHIVED);
    expect((await getPatient(desk, patient.id)).json()).toMatchObject({ archivedAt: expect.any(String) });
  });

  it('refuses to archive a patient with an appointment to come (409); an archived patient takes no new booking, but stays on the old ones', async () => {
    const { client, patient } = await household();
    const past = await appointmentOf(client.id, [patient.id], -3);
    const upcoming = await appointmentOf(client.id, [patient.id], 3);
    const refused = await archive(desk, patient.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(api.PATIENT_HAS_UPCOMING);

    await desk.call(api.cancelAppointment, { params: { id: upcoming.id }, body: { data: { reason: 'Rehomed' } } });
    expect((await archive(desk, patient.id)).statusCode).toBe(200);
    const start = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const booking = await desk.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: client.id, patientIds: [patient.id], startAt: start, endAt: new Date(Date.parse(start) + 1_800_000).toISOString() } },
    });
    expect(booking.statusCode).toBe(400);
    expect(errorOf(booking)).toBe(`patientIds: ${api.PATIENT_ARCHIVED}`);
    // An appointment that had the patient keeps them when its patients are sent again.
    const edited = await desk.call(api.updateAppointment, { params: { id: past.id }, body: { data: { patientIds: [patient.id], notes: 'Seen' } } });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('answers 404 for another account’s patient, which stays as it was', async () => {
    const theirs = await newPatient(other.admin, (await newClient(other.admin, other.locationId)).id, other.speciesId);
    expect((await archive(desk, theirs.id)).statusCode).toBe(404);
    expect((await restore(desk, theirs.id)).statusCode).toBe(404);
    expect((await getPatient(other.admin, theirs.id)).json()).toMatchObject({ archivedAt: null });
  });
});
