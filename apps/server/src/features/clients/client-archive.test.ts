// Deleting a client for good and archiving them (docs/decisions/0058, 0059): who may do which,
// what history keeps a client from being deleted, and where an archived client is left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, uploadDocument, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient, newPatient } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** Front Desk, as every account has it: no permissions. */
let desk: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk', firstName: 'Fran' });
});
afterAll(() => ctx?.close());

const getClient = (caller: Client, id: string) => caller.call(api.getClient, { params: { id } });
const archive = (caller: Client, id: string) => caller.call(api.archiveClient, { params: { id } });
const restore = (caller: Client, id: string) => caller.call(api.restoreClient, { params: { id } });
const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

async function listed(query: Record<string, string>): Promise<api.ClientSummary[]> {
  const res = await desk.call(api.listClients, { query: { locationId: home.locationId, limit: 200, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: api.ClientSummary[] }).items;
}
async function searched(q: string): Promise<api.SearchResult> {
  const res = await desk.call(api.globalSearch, { query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.SearchResult;
}
/** A unique surname, so lists and search can be asked about this test's clients only. */
const surname = () => `Arc${Math.random().toString(36).slice(2, 10)}`;

/** An appointment of the client (and patients) starting `days` from now. */
async function appointmentOf(clientId: string, patientIds: string[], days: number) {
  const start = new Date(Date.now() + days * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const res = await home.admin.call(api.createAppointment, {
    body: { data: { locationId: home.locationId, clientId, patientIds, startAt: start.toISOString(), endAt: new Date(start.getTime() + 1_800_000).toISOString() } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Appointment;
}

/** History of each kind a client can have: an appointment (even cancelled), a care record of a patient, a document. */
const histories: [string, (client: api.Client) => Promise<unknown>][] = [
  [
    'a cancelled appointment',
    async (c) => {
      const appointment = await appointmentOf(c.id, [], 3);
      await home.admin.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Moved away' } } });
    },
  ],
  [
    'a patient’s vaccination',
    async (c) => {
      const patient = await newPatient(desk, c.id, home.speciesId);
      await desk.call(api.vaccinationOps.create, { body: { data: { patientId: patient.id, vaccine: 'Rabies', givenOn: '2025-01-01' } } });
    },
  ],
  ['a document', (c) => uploadDocument(ctx, desk, { clientId: c.id })],
];

describe('DELETE /api/client/{id}', () => {
  it('deletes for good a client without history, with their patients, for an Administrator (records.delete)', async () => {
    const client = await newClient(desk, home.locationId);
    const patient = await newPatient(desk, client.id, home.speciesId);
    expect((await getClient(home.admin, client.id)).json()).toMatchObject({ hasHistory: false, archivedAt: null });
    const res = await home.admin.call(api.deleteClient, { params: { id: client.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await getClient(desk, client.id)).statusCode).toBe(404);
    expect((await desk.call(api.getPatient, { params: { id: patient.id } })).statusCode).toBe(404);
    expect((await home.admin.call(api.deleteClient, { params: { id: client.id } })).statusCode).toBe(404);
  });

  it('refuses Front Desk (403) before anything is deleted', async () => {
    const client = await newClient(desk, home.locationId);
    const res = await desk.call(api.deleteClient, { params: { id: client.id } });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(api.MESSAGES.permissionDenied);
    expect((await getClient(desk, client.id)).statusCode).toBe(200);
  });

  it.each(histories)('answers 409 for a client with %s, offering Archive, and keeps them', async (_kind, addHistory) => {
    const client = await newClient(desk, home.locationId);
    await addHistory(client);
    expect((await getClient(desk, client.id)).json()).toMatchObject({ hasHistory: true });
    const res = await home.admin.call(api.deleteClient, { params: { id: client.id } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.CLIENT_HAS_HISTORY);
    expect((await getClient(desk, client.id)).json()).toMatchObject({ id: client.id, archivedAt: null });
  });

  it('answers 404 for another account’s client, which stays', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    expect((await home.admin.call(api.deleteClient, { params: { id: theirs.id } })).statusCode).toBe(404);
    expect((await getClient(other.admin, theirs.id)).statusCode).toBe(200);
  });
});

describe('POST /api/client/{id}/archive and /restore', () => {
  it('lets Front Desk archive and restore: archived clients leave the list and search, and show with includeArchived', async () => {
    const last = surname();
    const client = await newClient(desk, home.locationId, { firstName: 'Ada', lastName: last });
    await histories[1]![1](client);

    const archived = await archive(desk, client.id);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ id: client.id, archivedAt: expect.any(String) });
    expect((await getClient(desk, client.id)).json()).toMatchObject({ archivedAt: archived.json().archivedAt, hasHistory: true });
    expect(idsOf(await listed({ search: last }))).toEqual([]);
    expect(idsOf(await listed({ search: last, includeArchived: 'false' }))).toEqual([]);
    expect(await listed({ search: last, includeArchived: 'true' })).toMatchObject([{ id: client.id, archivedAt: archived.json().archivedAt }]);
    // The global search, which the client pickers (appointments, contacts) are built on.
    const found = await searched(last);
    expect(found.clients).toEqual([]);
    expect(found.patients).toEqual([]);

    const restored = await restore(desk, client.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: client.id, archivedAt: null });
    expect(idsOf(await listed({ search: last }))).toEqual([client.id]);
    expect(idsOf((await searched(last)).clients)).toEqual([client.id]);
  });

  it('archives the household with the client; restoring brings back those patients, not one archived before', async () => {
    const last = surname();
    const client = await newClient(desk, home.locationId, { lastName: last });
    const [rex, bella, old] = [
      await newPatient(desk, client.id, home.speciesId, { name: `Rex${last}` }),
      await newPatient(desk, client.id, home.catSpeciesId, { name: `Bella${last}` }),
      await newPatient(desk, client.id, home.speciesId, { name: `Old${last}` }),
    ];
    expect((await desk.call(api.archivePatient, { params: { id: old.id } })).statusCode).toBe(200);
    expect((await archive(desk, client.id)).statusCode).toBe(200);

    const household = async (includeArchived?: 'true') => {
      const res = await desk.call(api.listPatients, { query: { clientId: client.id, ...(includeArchived && { includeArchived }) } });
      return (res.json() as { items: api.PatientWithClient[] }).items;
    };
    expect(await household()).toEqual([]);
    expect((await household('true')).map((p) => [p.name, Boolean(p.archivedAt)])).toEqual([
      [`Bella${last}`, true],
      [`Old${last}`, true],
      [`Rex${last}`, true],
    ]);
    expect((await searched(`Rex${last}`)).patients).toEqual([]);

    expect((await restore(desk, client.id)).statusCode).toBe(200);
    expect((await household()).map((p) => p.id).sort()).toEqual([rex.id, bella.id].sort());
    expect(idsOf((await searched(`Rex${last}`)).patients)).toEqual([rex.id]);
  });

  it('refuses to archive a client with an appointment to come (409); an archived client takes no new booking or patient (400)', async () => {
    const client = await newClient(desk, home.locationId);
    const patient = await newPatient(desk, client.id, home.speciesId);
    const upcoming = await appointmentOf(client.id, [patient.id], 2);
    const refused = await archive(desk, client.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(api.CLIENT_HAS_UPCOMING);
    expect((await getClient(desk, client.id)).json()).toMatchObject({ archivedAt: null });

    // Once the visit is cancelled, the client can be archived; the appointment stays in their history.
    await desk.call(api.cancelAppointment, { params: { id: upcoming.id }, body: { data: { reason: 'Moving away' } } });
    expect((await archive(desk, client.id)).statusCode).toBe(200);
    const booking = await desk.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: client.id, startAt: '2031-03-03T15:00:00Z', endAt: '2031-03-03T15:30:00Z' } },
    });
    expect(booking.statusCode).toBe(400);
    expect(errorOf(booking)).toBe(`clientId: ${api.CLIENT_ARCHIVED}`);
    const addPatient = await desk.call(api.createPatient, { body: { data: { clientId: client.id, name: 'Newbie', speciesId: home.speciesId } } });
    expect(addPatient.statusCode).toBe(400);
    expect(errorOf(addPatient)).toBe(`clientId: ${api.CLIENT_ARCHIVED}`);
    // Their details can still be corrected.
    const edited = await desk.call(api.updateClient, { params: { id: client.id }, body: { data: { phone: '555-0199' } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ phone: '555-0199', archivedAt: expect.any(String) });
    expect((await desk.call(api.getAppointment, { params: { id: upcoming.id } })).json()).toMatchObject({ status: 'Cancelled' });
  });

  it('changes nothing on a second archive or a restore of an active client', async () => {
    const client = await newClient(desk, home.locationId);
    const first = (await archive(desk, client.id)).json() as api.Client;
    const again = await archive(desk, client.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ archivedAt: first.archivedAt });
    expect((await restore(desk, client.id)).json()).toMatchObject({ archivedAt: null });
    expect((await restore(desk, client.id)).json()).toMatchObject({ archivedAt: null });
  });

  it('answers 404 for another account’s client, which stays as it was', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    expect((await archive(desk, theirs.id)).statusCode).toBe(404);
    expect((await archive(other.admin, theirs.id)).statusCode).toBe(200);
    expect((await restore(desk, theirs.id)).statusCode).toBe(404);
    expect((await getClient(other.admin, theirs.id)).json()).toMatchObject({ archivedAt: expect.any(String) });
  });
});
