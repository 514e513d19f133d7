// A request is as many SQL statements as the data it answers needs: the session is checked once
// and then reused (decision 0061), a page carries its count and filter check as subqueries (one
// statement; an empty page asks them in a second), and a week's
// location check runs beside its reads. Counted by the server itself (x-query-count).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, type Client, type TestAccount, type TestContext } from './harness.js';
import { newClient, newPatient } from './records.js';

let ctx: TestContext;
let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  account = await createAccount(ctx);
  other = await createAccount(ctx);
  const client = await newClient(account.admin, account.locationId, { firstName: 'Mara' });
  await newPatient(account.admin, client.id, account.speciesId);
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
});
