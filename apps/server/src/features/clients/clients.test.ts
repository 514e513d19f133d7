import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

type Page = { items: api.ClientSummary[]; total: number };
async function listClients(client: Client, query: Record<string, string | number>): Promise<Page> {
  const res = await client.call(api.listClients, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
const getClient = (client: Client, id: string) => client.call(api.getClient, { params: { id } });

/** Every relation a client has (patients, location, appointments, billing, …), with values that would do harm if any were taken. */
const relations = (t: TestAccount) => ({
  patients: [{ name: 'Smuggled', speciesId: t.speciesId }],
  location: { id: t.locationId, name: 'Elsewhere' },
  appointments: [{ status: 'Pending' }],
  documents: [{ fileName: 'x.pdf' }],
  communications: [{}],
  formSubmissions: [{}],
  invoices: [{ total: 1 }],
  estimates: [{ total: 1 }],
  paymentMethods: [{}],
  payments: [{ amount: 1 }],
  primaryVeterinarian: { id: t.accountId },
  account: { id: t.accountId },
  authentication: { password: 'hunter2hunter2' },
  accountId: t.accountId,
  id: '00000000-0000-4000-8000-000000000000',
});

describe('GET /api/client', () => {
  it('lists a location’s clients sorted by firstName whatever the case, with their patient counts', async () => {
    const locationId = await addLocation(ctx, home);
    const charlie = await newClient(staff, locationId, { firstName: 'charlie', lastName: 'Cole' });
    await newClient(staff, locationId, { firstName: 'Alpha', lastName: 'Ames' });
    await newClient(staff, locationId, { firstName: 'beta', lastName: 'Bell' });
    await newClient(staff, home.locationId, { firstName: 'Aaron', lastName: 'Elsewhere' });
    await newPatient(staff, charlie.id, home.speciesId);
    await newPatient(staff, charlie.id, home.speciesId, { name: 'Fido' });

    const page = await listClients(staff, { locationId });
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.firstName)).toEqual(['Alpha', 'beta', 'charlie']);
    expect(page.items.map((c) => c.patientCount)).toEqual([0, 0, 2]);
  });

  it('pages on the server with limit and offset, and counts the whole list', async () => {
    const locationId = await addLocation(ctx, home);
    for (const firstName of ['Eve', 'Dan', 'Cat', 'Bob', 'Ann']) await newClient(staff, locationId, { firstName });
    const first = await listClients(staff, { locationId, limit: 2 });
    expect(first).toMatchObject({ total: 5 });
    expect(first.items.map((c) => c.firstName)).toEqual(['Ann', 'Bob']);
    const last = await listClients(staff, { locationId, limit: 2, offset: 4 });
    expect(last.total).toBe(5);
    expect(last.items.map((c) => c.firstName)).toEqual(['Eve']);
  });

  it('searches as you type: every word must match a name, the email or a phone', async () => {
    const locationId = await addLocation(ctx, home);
    await newClient(staff, locationId, { firstName: 'Alice', lastName: 'Smith', email: 'alice@smith.example', phone: '+1 (530) 555-0142' });
    await newClient(staff, locationId, { firstName: 'Alice', lastName: 'Jones', email: 'aj@jones.example', phone: '530.555.0199' });
    await newClient(staff, locationId, { firstName: 'Bob', lastName: 'Smith', alternatePhone: '(916) 555-0100' });
    const names = async (search: string) => (await listClients(staff, { locationId, search })).items.map((c) => `${c.firstName} ${c.lastName}`);

    expect(await names('ali')).toEqual(['Alice Jones', 'Alice Smith']);
    expect(await names('ALICE smi')).toEqual(['Alice Smith']);
    expect(await names('smith')).toEqual(['Alice Smith', 'Bob Smith']);
    expect(await names('jones.example')).toEqual(['Alice Jones']);
    expect(await names('alice zed')).toEqual([]);
    // Phone punctuation is ignored, however the number is typed.
    expect(await names('555-0142')).toEqual(['Alice Smith']);
    expect(await names('(530) 555-0142')).toEqual(['Alice Smith']);
    expect(await names('530-555-0142')).toEqual(['Alice Smith']);
    expect(await names('5305550199')).toEqual(['Alice Jones']);
    expect(await names('916 555')).toEqual(['Bob Smith']);
    // LIKE wildcards are text like any other.
    expect(await names('%')).toEqual([]);
    const page = await listClients(staff, { locationId, search: 'smith', limit: 1 });
    expect(page.total).toBe(2);
  });

  it('answers 400 naming the field for a missing locationId or a bad limit', async () => {
    const res = await staff.call(api.listClients);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^locationId: /);
    const big = await staff.call(api.listClients, { query: { locationId: home.locationId, limit: 500 } });
    expect(big.statusCode).toBe(400);
    expect(errorOf(big)).toMatch(/^limit: /);
  });

  it('answers 404 for another account’s locationId and never shows their clients', async () => {
    await newClient(other.admin, other.locationId, { firstName: 'Hidden' });
    const res = await staff.call(api.listClients, { query: { locationId: other.locationId } });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/client', () => {
  it('creates a client, normalising the email, and GET answers it', async () => {
    const res = await staff.call(api.createClient, {
      body: {
        data: {
          locationId: home.locationId,
          firstName: '  Dana ',
          lastName: 'Diaz',
          email: 'Dana.Diaz@Example.COM',
          phone: '+1 (530) 555-0142',
          address: '1 Elm St',
          notes: 'Prefers mornings',
          primaryVeterinarianId: staff.userId,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as api.Client;
    expect(created).toMatchObject({
      locationId: home.locationId,
      firstName: 'Dana',
      lastName: 'Diaz',
      email: 'dana.diaz@example.com',
      phone: '+1 (530) 555-0142',
      alternatePhone: null,
      primaryVeterinarianId: staff.userId,
    });
    const got = await getClient(staff, created.id);
    expect(got.statusCode).toBe(200);
    // The client's page also learns whether they have history (Delete or Archive).
    expect(got.json()).toEqual({ ...created, archivedAt: null, hasHistory: false });
  });

  it('ignores every relation of a client sent in the body', async () => {
    const locationId = await addLocation(ctx, home);
    const res = await staff.call(api.createClient, {
      body: { data: { ...relations(other), locationId, firstName: 'Rel', lastName: 'Ations' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as api.Client;
    expect(created.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(created).toMatchObject({ locationId, primaryVeterinarianId: null });
    expect(Object.keys(created)).not.toContain('patients');
    const page = await listClients(staff, { locationId });
    expect(page.items).toMatchObject([{ id: created.id, patientCount: 0 }]);
    const patients = await staff.call(api.listPatients, { query: { clientId: created.id } });
    expect(patients.json()).toMatchObject({ total: 0 });
    // Still this account's: the other account cannot see it.
    expect((await getClient(other.admin, created.id)).statusCode).toBe(404);
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lastName: 'Doe' }, 'firstName: is required'],
      [{ firstName: '   ', lastName: 'Doe' }, 'firstName: is required'],
      [{ firstName: 'Jo', lastName: 'Doe', email: 'not-an-email' }, 'email: must be a valid email address'],
      [{ firstName: 'Jo', lastName: 'Doe', phone: '1'.repeat(41) }, 'phone: must be at most 40 characters'],
      [{ firstName: 'Jo', lastName: 'Doe', notes: 'x'.repeat(1000) }, 'Message must be less than 1000 characters'],
      [{ firstName: 'Jo', lastName: 'Doe', primaryVeterinarianId: 'nope' }, 'primaryVeterinarianId: must be a valid id'],
    ];
    for (const [data, message] of cases) {
      const res = await staff.call(api.createClient, { body: { data: { locationId: home.locationId, ...data } } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const noLocation = await staff.call(api.createClient, { body: { data: { firstName: 'Jo', lastName: 'Doe' } } });
    expect(noLocation.statusCode).toBe(400);
    expect(errorOf(noLocation)).toMatch(/^locationId: /);
  });

  it('refuses & in the first and last name with the exact message', async () => {
    for (const data of [
      { firstName: 'Tom & Jerry', lastName: 'Doe' },
      { firstName: 'Tom', lastName: 'Smith & Sons' },
    ]) {
      const res = await staff.call(api.createClient, { body: { data: { locationId: home.locationId, ...data } } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('The & character is not allowed in name fields. Please replace it with "and" instead.');
    }
  });

  it('answers 400 for another account’s location or veterinarian', async () => {
    const location = await staff.call(api.createClient, { body: { data: { locationId: other.locationId, firstName: 'Jo', lastName: 'Doe' } } });
    expect(location.statusCode).toBe(400);
    expect(errorOf(location)).toBe('locationId: unknown location');
    const theirVet = await createUser(ctx, other);
    const vet = await staff.call(api.createClient, {
      body: { data: { locationId: home.locationId, firstName: 'Jo', lastName: 'Doe', primaryVeterinarianId: theirVet.userId } },
    });
    expect(vet.statusCode).toBe(400);
    expect(errorOf(vet)).toBe('primaryVeterinarianId: unknown user');
  });

  it('keeps emails unique per location whatever the case, and allows the same email at another location', async () => {
    const locationId = await addLocation(ctx, home);
    const elsewhere = await addLocation(ctx, home);
    await newClient(staff, locationId, { email: 'pat@example.com' });
    const clash = await staff.call(api.createClient, {
      body: { data: { locationId, firstName: 'Pat', lastName: 'Two', email: 'PAT@Example.com' } },
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toBe('Email address already in use at this location');
    await newClient(staff, elsewhere, { email: 'Pat@example.com' });
    // Clients without an email never clash.
    await newClient(staff, locationId);
    await newClient(staff, locationId);
    expect((await listClients(staff, { locationId })).total).toBe(3);
  });
});

describe('POST /api/client/{id}', () => {
  it('changes only the fields sent, and GET answers the change', async () => {
    const created = await newClient(staff, home.locationId, { firstName: 'Gil', lastName: 'Gray', email: 'gil@example.com', phone: '555-0100' });
    const res = await staff.call(api.updateClient, { params: { id: created.id }, body: { data: { lastName: 'Green', phone: '' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Gil', lastName: 'Green', email: 'gil@example.com', phone: null });
    const got = (await getClient(staff, created.id)).json() as api.Client;
    expect(got).toMatchObject({ firstName: 'Gil', lastName: 'Green', email: 'gil@example.com', phone: null });
    expect(got.updatedAt >= created.updatedAt).toBe(true);
  });

  it('ignores every relation of a client sent in the body', async () => {
    const created = await newClient(staff, home.locationId, { firstName: 'Ria' });
    const res = await staff.call(api.updateClient, { params: { id: created.id }, body: { data: { ...relations(other), notes: 'kept' } } });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await getClient(staff, created.id)).json() as api.Client;
    expect(got).toEqual({ ...created, notes: 'kept', updatedAt: got.updatedAt, hasHistory: false });
    expect((await staff.call(api.listPatients, { query: { clientId: created.id } })).json()).toMatchObject({ total: 0 });
  });

  it('answers 400 naming the field, and 409 for an email taken at the location', async () => {
    const taken = await newClient(staff, home.locationId, { email: `taken-${Date.now()}@example.com` });
    const created = await newClient(staff, home.locationId);
    const amp = await staff.call(api.updateClient, { params: { id: created.id }, body: { data: { lastName: 'A & B' } } });
    expect(amp.statusCode).toBe(400);
    expect(errorOf(amp)).toBe('The & character is not allowed in name fields. Please replace it with "and" instead.');
    const email = await staff.call(api.updateClient, { params: { id: created.id }, body: { data: { email: 'nope' } } });
    expect(errorOf(email)).toBe('email: must be a valid email address');
    const location = await staff.call(api.updateClient, { params: { id: created.id }, body: { data: { locationId: other.locationId } } });
    expect(location.statusCode).toBe(400);
    expect(errorOf(location)).toBe('locationId: unknown location');
    const clash = await staff.call(api.updateClient, { params: { id: created.id }, body: { data: { email: taken.email!.toUpperCase() } } });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toBe('Email address already in use at this location');
    expect((await getClient(staff, created.id)).json()).toMatchObject({ email: null, lastName: 'Client' });
  });

  it('moves the client’s patients and care records with them to another location', async () => {
    const elsewhere = await addLocation(ctx, home);
    const created = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, created.id, home.speciesId);
    const rx = await staff.call(api.prescriptionOps.create, {
      body: { data: { patientId: patient.id, drug: 'Meloxicam', dose: '1 ml', frequency: 'daily', quantity: '10 ml', prescribedOn: '2025-01-02' } },
    });
    const vx = await staff.call(api.vaccinationOps.create, { body: { data: { patientId: patient.id, vaccine: 'Rabies', givenOn: '2025-01-02' } } });
    expect([rx.statusCode, vx.statusCode]).toEqual([201, 201]);

    const res = await staff.call(api.updateClient, { params: { id: created.id }, body: { data: { locationId: elsewhere } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await staff.call(api.getPatient, { params: { id: patient.id } })).json()).toMatchObject({ locationId: elsewhere });
    const rxs = ((await staff.call(api.prescriptionOps.list, { query: { locationId: elsewhere } })).json() as { items: api.Prescription[] }).items;
    expect(rxs.map((r) => r.id)).toEqual([rx.json().id]);
    const vxs = ((await staff.call(api.vaccinationOps.list, { query: { locationId: elsewhere } })).json() as { items: api.Vaccination[] }).items;
    expect(vxs.map((v) => v.id)).toEqual([vx.json().id]);
    expect((await listClients(staff, { locationId: elsewhere })).items.map((c) => c.id)).toEqual([created.id]);
  });

  it('answers 409 when moving to a location where the email is taken', async () => {
    const elsewhere = await addLocation(ctx, home);
    await newClient(staff, elsewhere, { email: 'mover@example.com' });
    const mover = await newClient(staff, home.locationId, { email: 'mover@example.com' });
    const res = await staff.call(api.updateClient, { params: { id: mover.id }, body: { data: { locationId: elsewhere } } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('Email address already in use at this location');
    expect((await getClient(staff, mover.id)).json()).toMatchObject({ locationId: home.locationId });
  });
});

// Deleting and archiving: client-archive.test.ts.
