// A request is as many SQL statements as the data it answers needs: the session is checked once
// and then reused (decision 0061), a page carries its count and filter check as subqueries (one
// statement; an empty page asks them in a second), and a week's
// location check rides in its reads (only an empty week asks it alone), one statement per kind of
// row it answers. Counted by the server itself (x-query-count).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, type Client, type TestAccount, type TestContext } from './harness.js';
import { newClient, newPatient } from './records.js';
import { at, newService } from './scheduling-records.js';

let ctx: TestContext;
let account: TestAccount;
let other: TestAccount;
let client: api.Client;
let patient: api.Patient;

beforeAll(async () => {
  ctx = await createTestApp();
  account = await createAccount(ctx);
  other = await createAccount(ctx);
  client = await newClient(account.admin, account.locationId, { firstName: 'Mara' });
  patient = await newPatient(account.admin, client.id, account.speciesId);
});
afterAll(() => ctx?.close());

/** The statements the second of two identical requests runs (the first checks the session). */
async function statements(client: Client, op: api.Operation, query: Record<string, string>) {
  await client.call(op, { query });
  const res = await client.call(op, { query });
  return { status: res.statusCode, queries: Number(res.headers['x-query-count']) };
}

const week = { startDate: '2030-03-04T05:00:00.000Z', endDate: '2030-03-11T04:00:00.000Z' };

describe('statements per request', () => {
  it('a page of clients, searched or not, and of patients: one statement with its count', async () => {
    const q = { locationId: account.locationId, limit: '50' };
    expect(await statements(account.admin, api.listClients, q)).toEqual({ status: 200, queries: 1 });
    expect(await statements(account.admin, api.listClients, { ...q, search: 'mar' })).toEqual({ status: 200, queries: 1 });
    expect(await statements(account.admin, api.listPatients, q)).toEqual({ status: 200, queries: 1 });
  });

  it('the search box: its clients, and its patients by name and by microchip with their species and household in the same statements', async () => {
    const q = { q: patient.name.slice(0, 2) };
    expect(await statements(account.admin, api.globalSearch, q)).toEqual({ status: 200, queries: 3 });
    const found = (await account.admin.call(api.globalSearch, { query: q })).json() as api.SearchResult;
    expect(found.patients).toContainEqual(
      expect.objectContaining({ id: patient.id, clientName: `${client.firstName} ${client.lastName}`, speciesName: patient.speciesName }),
    );
  });

  it('a page of payments: the page, each with its client, type, currency and refunds beside it, then their allocations', async () => {
    const [type] = (await account.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[];
    const data = { locationId: account.locationId, clientId: client.id, paymentTypeId: type!.id, amount: 2_500, allocations: [] };
    expect((await account.admin.call(api.paymentOps.create, { body: { data } })).statusCode).toBe(201);
    expect(await statements(account.admin, api.paymentOps.list, { locationId: account.locationId, limit: '50' })).toEqual({ status: 200, queries: 2 });
  });

  it('an empty page asks its count and filter check in a second statement', async () => {
    const q = { locationId: account.locationId, limit: '50', offset: '50' };
    expect(await statements(account.admin, api.listClients, q)).toEqual({ status: 200, queries: 2 });
    const res = await account.admin.call(api.listClients, { query: q });
    expect(res.json()).toMatchObject({ items: [], total: 1 });
  });

  it('answers a page filtered by another account’s location 404, in two statements (its page is empty)', async () => {
    expect(await statements(account.admin, api.listClients, { locationId: other.locationId, limit: '50' })).toEqual({ status: 404, queries: 2 });
  });

  it('a week of appointments (none here) and a week of the schedule: the location checked beside the reads', async () => {
    expect(await statements(account.admin, api.listAppointments, { locationId: account.locationId, ...week, limit: '5000' })).toEqual({
      status: 200,
      queries: 2,
    });
    expect(await statements(account.admin, api.listSchedule, { locationId: account.locationId, ...week })).toEqual({ status: 200, queries: 3 });
    expect((await statements(account.admin, api.listSchedule, { locationId: other.locationId, ...week })).status).toBe(404);
  });

  it('a week with appointments and slots: one statement per kind of row (its filters checked in the first)', async () => {
    const day = '2030-04-02';
    const service = await newService(account.admin, account.locationId);
    const booked = await account.admin.call(api.createAppointment, {
      body: {
        data: {
          locationId: account.locationId,
          clientId: client.id,
          patientIds: [patient.id],
          serviceIds: [service.id],
          startAt: at('10:00', day),
          endAt: at('10:30', day),
        },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const slot = await account.admin.call(api.createScheduleSlot, {
      body: { data: { locationId: account.locationId, startAt: at('09:00', day), endAt: at('12:00', day) } },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    const busy = { startDate: at('00:00', '2030-04-01'), endDate: at('00:00', '2030-04-08') };
    // Appointments, then their clients, patients, services and add-ons side by side.
    expect(await statements(account.admin, api.listAppointments, { locationId: account.locationId, ...busy, limit: '5000' })).toEqual({
      status: 200,
      queries: 5,
    });
    expect(await statements(account.admin, api.listAppointments, { locationId: account.locationId, clientId: client.id, ...busy, limit: '5000' })).toEqual({
      status: 200,
      queries: 5,
    });
    // Slots (each with its providers) and notes.
    expect(await statements(account.admin, api.listSchedule, { locationId: account.locationId, ...busy })).toEqual({ status: 200, queries: 2 });
    // Filters naming another account's records are refused though the week holds rows.
    const theirs = await newClient(other.admin, other.locationId, { firstName: 'Theo' });
    expect((await statements(account.admin, api.listAppointments, { locationId: account.locationId, clientId: theirs.id, ...busy, limit: '5000' })).status).toBe(404);
    const theirService = await newService(other.admin, other.locationId);
    expect((await statements(account.admin, api.listAppointments, { locationId: account.locationId, serviceId: theirService.id, ...busy, limit: '5000' })).status).toBe(404);
    // Unassigned appointments show under any provider: the week has rows, and the check in their statement refuses.
    const theirVet = await createUser(ctx, other, ['appointments.primary_provider']);
    const refused = await statements(account.admin, api.listAppointments, { locationId: account.locationId, providerId: theirVet.userId, ...busy, limit: '5000' });
    expect(refused).toEqual({ status: 404, queries: 1 });
    const mine = await createUser(ctx, account, ['appointments.primary_provider']);
    const res = await account.admin.call(api.listAppointments, { query: { locationId: account.locationId, providerId: mine.userId, ...busy, limit: '5000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [{ id: booked.json().id }], total: 1 });
  });
});
