// Walks every registered route: each declares an access rule, each permission-guarded route
// refuses a user without the permission before doing any work, and each route that takes an id
// answers 404 to another account's user for this account's ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import type { Operation } from '@willow/contracts';
import { fastifyPath } from '../src/platform/router.js';
import { anonymous, createAccount, createTestApp, createUser, uploadDocument, type TestAccount, type TestContext } from './harness.js';

const isOperation = (v: unknown): v is Operation =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v;
// Operations exported one by one, and those grouped by crudOperations().
const operations = [
  ...new Set(
    (Object.values(api) as unknown[]).flatMap((v) =>
      isOperation(v) ? [v] : typeof v === 'object' && v !== null ? Object.values(v).filter(isOperation) : [],
    ),
  ),
];

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp();
  home = await createAccount(ctx);
  other = await createAccount(ctx);
});
afterAll(() => ctx?.close());

/**
 * For each path with {id}: an entity of `home` to aim at. A new route with an id must add its
 * fixture here, or this test fails.
 */
const fixtures: Record<string, (t: TestAccount) => Promise<string>> = {
  '/api/location/{id}': async (t) => t.locationId,
  '/api/user/{id}': async (t) => {
    const u = await createUser(ctx, t);
    return u.userId;
  },
  '/api/user/{id}/toggleActivation': async (t) => (await createUser(ctx, t)).userId,
  '/api/role/{id}': async (t) => t.roles['Front Desk']!,
  '/api/account/{id}': async (t) => t.accountId,
  '/api/client/{id}': (t) => makeClient(t),
  '/api/patient/{id}': (t) => makePatient(t),
  '/api/patient/{id}/deceased': (t) => makePatient(t),
  '/api/prescription/{id}': async (t) => {
    const res = await t.admin.call(api.prescriptionOps.create, {
      body: { data: { patientId: await makePatient(t), drug: 'Meloxicam', dose: '1.5 mg/ml', frequency: 'daily', quantity: '10 ml', prescribedOn: '2026-11-01' } },
    });
    return res.json().id;
  },
  '/api/vaccination/{id}': async (t) => {
    const res = await t.admin.call(api.vaccinationOps.create, {
      body: { data: { patientId: await makePatient(t), vaccine: 'Rabies', givenOn: '2026-11-01' } },
    });
    return res.json().id;
  },
  '/api/contact/{id}': (t) => makeContact(t),
  '/api/contact/merge/{id}/undo': async (t) => {
    const res = await t.admin.call(api.mergeContacts, { body: { data: { survivorId: await makeContact(t), mergedIds: [await makeContact(t)] } } });
    return res.json().merge.id;
  },
  '/api/document/{id}': async (t) => (await uploadDocument(ctx, t.admin, { clientId: await makeClient(t) })).json().id,
  '/api/document/{id}/download': async (t) => (await uploadDocument(ctx, t.admin, { clientId: await makeClient(t) })).json().id,
  '/api/appointment/{id}': (t) => makeAppointment(t),
  '/api/appointment/{id}/cancel': (t) => makeAppointment(t),
  '/api/appointment/{id}/correct': async (t) => {
    const id = await makeAppointment(t);
    await t.admin.call(api.cancelAppointment, { params: { id }, body: { data: { reason: 'Owner called' } } });
    return id;
  },
  '/api/appointmentAddOn/{id}': async (t) => {
    const category = (await t.admin.call(api.addOnCategoryOps.create, { body: { data: { locationId: t.locationId, name: 'Memorials' } } })).json();
    const addOn = (await t.admin.call(api.addOnOps.create, { body: { data: { categoryId: category.id, name: 'Urn', price: 90 } } })).json();
    const res = await t.admin.call(api.createAppointmentAddOn, { body: { data: { appointmentId: await makeAppointment(t), addOnId: addOn.id } } });
    return res.json().id;
  },
  '/api/service/{id}': (t) => makeService(t),
  '/api/user/{id}/updateAvailability': async (t) => (await createUser(ctx, t)).userId,
  '/api/user/{id}/availability': async (t) => (await createUser(ctx, t)).userId,
  '/api/scheduleSlot/{id}': async (t) => {
    const res = await t.admin.call(api.createScheduleSlot, {
      body: { data: { locationId: t.locationId, startAt: '2026-11-02T14:00:00Z', endAt: '2026-11-02T15:00:00Z' } },
    });
    return res.json()[0].id;
  },
  '/api/scheduleNote/{id}': async (t) => {
    const res = await t.admin.call(api.scheduleNoteOps.create, { body: { data: { locationId: t.locationId, date: '2026-11-02', text: 'Closed' } } });
    return res.json().id;
  },
  '/api/addOnCategory/{id}': (t) => makeAddOnCategory(t),
  '/api/addOn/{id}': async (t) => {
    const res = await t.admin.call(api.addOnOps.create, { body: { data: { categoryId: await makeAddOnCategory(t), name: 'Paw print', price: 25 } } });
    return res.json().id;
  },
};

async function makeService(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.serviceOps.create, {
    body: { data: { locationId: t.locationId, type: 'Consultation', name: 'Exam', duration: 30, price: 50 } },
  });
  return res.json().id;
}
async function makeAddOnCategory(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.addOnCategoryOps.create, { body: { data: { locationId: t.locationId, name: 'Keepsakes' } } });
  return res.json().id;
}

async function makeAppointment(t: TestAccount): Promise<string> {
  const service = (await t.admin.call(api.serviceOps.create, {
    body: { data: { locationId: t.locationId, type: 'Euthanasia', name: 'Home visit', duration: 30, price: 120 } },
  })).json();
  const res = await t.admin.call(api.createAppointment, {
    body: { data: { locationId: t.locationId, clientId: await makeClient(t), serviceIds: [service.id], startAt: '2026-11-02T14:00:00Z', endAt: '2026-11-02T14:30:00Z' } },
  });
  return res.json().id;
}
async function makeClient(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.createClient, { body: { data: { locationId: t.locationId, firstName: 'Cora', lastName: 'Client' } } });
  return res.json().id;
}
async function makePatient(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.createPatient, {
    body: { data: { clientId: await makeClient(t), name: 'Rex', speciesId: t.speciesId } },
  });
  return res.json().id;
}
async function makeContact(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.createContact, { body: { data: { name: 'Ivy Crematory', category: 'crematory' } } });
  return res.json().id;
}
/** Ids that are not owned by an account: guarded by system.admin instead. */
const globalIdPaths = new Set(['/api/role/system/{id}', '/api/subscriptionTier/{key}']);

const sampleBodies: Partial<Record<string, unknown>> = {
  '/api/location/{id}': { data: { name: 'Renamed' } },
  '/api/user/{id}': { data: { firstName: 'Renamed' } },
  '/api/user/{id}/toggleActivation': { data: { isActive: false } },
  '/api/role/{id}': { data: { permissions: [] } },
  '/api/account/{id}': { data: { name: 'Renamed' } },
  '/api/client/{id}': { data: { firstName: 'Renamed' } },
  '/api/patient/{id}': { data: { name: 'Renamed' } },
  '/api/patient/{id}/deceased': { data: { deceasedOn: null } },
  '/api/prescription/{id}': { data: { drug: 'Renamed' } },
  '/api/vaccination/{id}': { data: { vaccine: 'Renamed' } },
  '/api/contact/{id}': { data: { name: 'Renamed' } },
  '/api/document/{id}': { data: { description: 'Renamed' } },
  '/api/appointment/{id}': { data: { notes: 'Renamed' } },
  '/api/appointment/{id}/cancel': { data: { reason: 'Owner called' } },
  '/api/appointment/{id}/correct': { data: { status: 'Confirmed', reason: 'Called back' } },
  '/api/appointmentAddOn/{id}': { data: { values: {} } },
  '/api/service/{id}': { data: { name: 'Renamed' } },
  '/api/user/{id}/updateAvailability': {
    data: { type: 'veterinarianService', veterinarianId: '00000000-0000-4000-8000-000000000000', serviceId: '00000000-0000-4000-8000-000000000001', action: 'add' },
  },
  '/api/scheduleSlot/{id}': { data: { capacity: 2 } },
  '/api/scheduleNote/{id}': { data: { text: 'Renamed' } },
  '/api/addOnCategory/{id}': { data: { name: 'Renamed' } },
  '/api/addOn/{id}': { data: { name: 'Renamed' } },
};

describe('route table', () => {
  it('registers every contract operation, each with its access rule', () => {
    const table = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    for (const op of operations) {
      const route = table.find((r) => r.method === op.method && r.url === fastifyPath(op.path));
      expect(route, `${op.method} ${op.path} is not served`).toBeDefined();
      expect(route!.access).toEqual(op.access);
    }
    for (const route of ctx.app.routeTable) expect(route.access.kind).toMatch(/^(public|authenticated|anyOf)$/);
  });

  it('refuses unauthenticated calls to every non-public route with 401', async () => {
    for (const op of operations.filter((o) => o.access.kind !== 'public')) {
      const res = await anonymous(ctx).call(op, { params: { id: home.locationId, key: 'free' } });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it('refuses a user without the permission before any work', async () => {
    const nobody = await createUser(ctx, home, []);
    for (const op of operations.filter((o) => o.access.kind === 'anyOf')) {
      const res = await nobody.call(op, { params: { id: home.locationId, key: 'free' }, body: { data: {} } });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(op.deniedStatus ?? 403);
    }
  });

  it("answers 404 to another account's user for this account's ids", async () => {
    const stranger = other.admin;
    const withIds = operations.filter((o) => o.path.includes('{id}') || o.path.includes('{key}'));
    for (const op of withIds) {
      if (globalIdPaths.has(op.path)) continue;
      const fixture = fixtures[op.path];
      expect(fixture, `${op.method} ${op.path} needs a cross-account fixture`).toBeDefined();
      const id = await fixture!(home);
      const res = await stranger.call(op, { params: { id }, body: sampleBodies[op.path] ?? { data: {} } });
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(404);
    }
  });
});
