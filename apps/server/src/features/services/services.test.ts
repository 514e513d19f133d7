import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient } from '../../../test/records.js';
import { appointments } from '../appointments/appointments.table.js';
import { scheduleSlots } from '../schedule/schedule.table.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** holds locations.manage */
let manager: Client & { userId: string };
/** holds no permission */
let staff: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  manager = await createUser(ctx, home, ['locations.manage']);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

const serviceData = (locationId: string, extra: Record<string, unknown> = {}) => ({
  locationId,
  type: 'Consultation',
  name: 'Check-up',
  duration: 30,
  price: 55.5,
  ...extra,
});
async function createService(locationId: string, extra: Record<string, unknown> = {}, caller: Client = manager): Promise<api.Service> {
  const res = await caller.call(api.serviceOps.create, { body: { data: serviceData(locationId, extra) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Service;
}
async function listServices(query: Record<string, string | boolean>, caller: Client = staff): Promise<api.Service[]> {
  const res = await caller.call(api.serviceOps.list, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.Service[];
}
async function availabilityOf(userId: string, caller: Client = staff): Promise<api.ProviderAvailability> {
  const res = await caller.call(api.getAvailability, { params: { id: userId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.ProviderAvailability;
}

/** An appointment naming the services, written directly: appointment rules are not under test here. */
async function appointmentUsing(locationId: string, serviceIds: string[]) {
  const client = await newClient(home.admin, locationId);
  await ctx.database.db.insert(appointments).values({
    accountId: home.accountId,
    locationId,
    clientId: client.id,
    serviceIds,
    startAt: new Date('2026-11-02T14:00:00Z'),
    endAt: new Date('2026-11-02T14:30:00Z'),
    status: 'Confirmed',
  });
}

describe('services', () => {
  it('creates a service and lists it by location, sorted by type then name', async () => {
    const locationId = await addLocation(ctx, home);
    const created = await createService(locationId, { type: 'Surgery', name: 'Spay', duration: 90, price: 320 });
    expect(created).toMatchObject({ locationId, type: 'Surgery', name: 'Spay', duration: 90, price: 320, active: true });
    const other1 = await createService(locationId, { type: 'Other', name: 'Nail trim' });
    const vacc = await createService(locationId, { type: 'Vaccination', name: 'Rabies' });
    const consultB = await createService(locationId, { type: 'Consultation', name: 'second opinion' });
    const consultA = await createService(locationId, { type: 'Consultation', name: 'Annual exam' });
    const elsewhere = await createService(home.locationId);
    expect((await listServices({ locationId })).map((s) => s.id)).toEqual([consultA.id, consultB.id, vacc.id, created.id, other1.id]);
    expect((await listServices({})).map((s) => s.id)).toContain(elsewhere.id);
  });

  it('lists only active services when asked', async () => {
    const locationId = await addLocation(ctx, home);
    const active = await createService(locationId);
    const inactive = await createService(locationId, { name: 'Retired', active: false });
    expect((await listServices({ locationId, onlyActive: true })).map((s) => s.id)).toEqual([active.id]);
    expect((await listServices({ locationId, onlyActive: false })).map((s) => s.id).sort()).toEqual([active.id, inactive.id].sort());
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'Grooming' }, `type: must be one of ${api.SERVICE_TYPES.join(', ')}`],
      [{ name: ' ' }, 'name: is required'],
      [{ name: 'Cats & dogs' }, api.MESSAGES.ampersand],
      [{ duration: 3 }, 'duration: must be at least 5 minutes'],
      [{ duration: 30.5 }, 'duration: must be a whole number of minutes'],
      [{ price: -1 }, 'price: must be 0 or more'],
      [{ price: 1.234 }, 'price: must have at most two decimals'],
      [{ locationId: 'nope' }, 'locationId: must be a valid id'],
      [{ locationId: randomUUID() }, 'locationId: unknown location'],
      [{ locationId: other.locationId }, 'locationId: unknown location'],
    ];
    for (const [extra, message] of cases) {
      const res = await manager.call(api.serviceOps.create, { body: { data: serviceData(home.locationId, extra) } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('updates only the fields sent and keeps the service at its location', async () => {
    const service = await createService(home.locationId, { price: 40 });
    const res = await manager.call(api.serviceOps.update, { params: { id: service.id }, body: { data: { name: 'Recheck', locationId: home.locationId } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...service, name: 'Recheck', updatedAt: expect.any(String) });
    const move = await manager.call(api.serviceOps.update, { params: { id: service.id }, body: { data: { locationId: await addLocation(ctx, home) } } });
    expect(move.statusCode).toBe(400);
    expect(errorOf(move)).toBe('locationId: a service cannot move to another location');
  });

  it('refuses writes without locations.manage, but anyone may list', async () => {
    const service = await createService(home.locationId);
    for (const [op, opts] of [
      [api.serviceOps.create, { body: { data: serviceData(home.locationId) } }],
      [api.serviceOps.update, { params: { id: service.id }, body: { data: { name: 'X' } } }],
      [api.serviceOps.remove, { params: { id: service.id } }],
    ] as const) {
      const res = await staff.call(op, opts);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe('You do not have permission to do this');
    }
    expect((await listServices({ locationId: home.locationId })).map((s) => s.id)).toContain(service.id);
  });

  it("answers 404 for another account's service or location", async () => {
    const service = await createService(home.locationId);
    const them = other.admin;
    expect((await them.call(api.serviceOps.update, { params: { id: service.id }, body: { data: { name: 'Mine' } } })).statusCode).toBe(404);
    expect((await them.call(api.serviceOps.remove, { params: { id: service.id } })).statusCode).toBe(404);
    expect((await them.call(api.serviceOps.list, { query: { locationId: home.locationId } })).statusCode).toBe(404);
    expect((await them.call(api.serviceOps.list, {})).json()).toEqual([]);
    expect((await listServices({ locationId: home.locationId })).find((s) => s.id === service.id)).toEqual(service);
  });

  it('refuses to delete a service appointments use', async () => {
    const locationId = await addLocation(ctx, home);
    const used = await createService(locationId);
    await appointmentUsing(locationId, [randomUUID(), used.id]);
    const res = await manager.call(api.serviceOps.remove, { params: { id: used.id } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('This service is used by appointments. Make it inactive instead.');
    expect((await listServices({ locationId })).map((s) => s.id)).toEqual([used.id]);
  });

  it('deletes an unused service, takes it off slots and out of what providers offer', async () => {
    const locationId = await addLocation(ctx, home);
    const doomed = await createService(locationId);
    const kept = await createService(locationId, { name: 'Kept' });
    const slot = await manager.call(api.createScheduleSlot, {
      body: { data: { locationId, startAt: '2026-11-02T14:00:00Z', endAt: '2026-11-02T15:00:00Z', serviceIds: [doomed.id, kept.id] } },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    const vet = await createUser(ctx, home, ['appointments.primary_provider']);
    const offer = await vet.call(api.updateAvailability, {
      params: { id: vet.userId },
      body: { data: { type: 'veterinarianService', veterinarianId: vet.userId, serviceId: doomed.id, action: 'add' } },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const res = await manager.call(api.serviceOps.remove, { params: { id: doomed.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await listServices({ locationId })).map((s) => s.id)).toEqual([kept.id]);
    const [row] = await ctx.database.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, (slot.json() as api.ScheduleSlot[])[0]!.id));
    expect(row!.serviceIds).toEqual([kept.id]);
    expect((await availabilityOf(vet.userId)).serviceIds).toEqual([]);
  });

  it('keeps a history of changes', async () => {
    const service = await createService(home.locationId, { name: 'Before' });
    await manager.call(api.serviceOps.update, { params: { id: service.id }, body: { data: { name: 'After' } } });
    const res = await staff.call(api.listAuditEvents, { query: { entityType: 'service', entityId: service.id } });
    expect((res.json() as api.AuditEvent[]).map((e) => [e.action, e.changes.name])).toEqual([
      ['update', { from: 'Before', to: 'After' }],
      ['create', { from: null, to: 'Before' }],
    ]);
  });
});

describe('provider availability', () => {
  const serviceBody = (vetId: string, serviceId: string, action: 'add' | 'remove' = 'add') => ({
    data: { type: 'veterinarianService', veterinarianId: vetId, serviceId, action },
  });
  const slotBody = (vetId: string, startAt: string, action: 'add' | 'remove' = 'add') => ({
    data: { type: 'scheduleSlot', veterinarianId: vetId, startAt, action },
  });
  const future = (hours: number) => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + hours * 3_600_000).toISOString();

  it('lets providers add and remove services they offer, idempotently, in service-list order', async () => {
    const locationId = await addLocation(ctx, home);
    const surgery = await createService(locationId, { type: 'Surgery', name: 'Spay' });
    const consult = await createService(locationId, { type: 'Consultation', name: 'Exam' });
    const vet = await createUser(ctx, home, ['appointments.primary_provider']);
    for (const id of [surgery.id, consult.id, surgery.id]) {
      const res = await vet.call(api.updateAvailability, { params: { id: vet.userId }, body: serviceBody(vet.userId, id) });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await availabilityOf(vet.userId)).toEqual({ veterinarianId: vet.userId, serviceIds: [consult.id, surgery.id], slotStartTimes: [] });
    for (const _ of [1, 2]) {
      const res = await vet.call(api.updateAvailability, { params: { id: vet.userId }, body: serviceBody(vet.userId, surgery.id, 'remove') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ veterinarianId: vet.userId, serviceIds: [consult.id], slotStartTimes: [] });
    }
  });

  it('records slot start times; only upcoming ones are answered, earliest first', async () => {
    const vet = await createUser(ctx, home, ['appointments.primary_provider']);
    const [later, sooner, yesterdayish, old] = [future(48), future(2), future(-20), future(-72)];
    for (const t of [later, sooner, yesterdayish, old, sooner]) {
      const res = await vet.call(api.updateAvailability, { params: { id: vet.userId }, body: slotBody(vet.userId, t) });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await availabilityOf(vet.userId)).slotStartTimes).toEqual([yesterdayish, sooner, later]);
    // The same instant written with another offset is the same slot time.
    const offsetForm = new Date(Date.parse(later)).toISOString().replace('Z', '+00:00');
    const res = await vet.call(api.updateAvailability, { params: { id: vet.userId }, body: slotBody(vet.userId, offsetForm, 'remove') });
    expect(res.json()).toMatchObject({ slotStartTimes: [yesterdayish, sooner] });
  });

  it("needs users.manage to change someone else's availability", async () => {
    const service = await createService(home.locationId);
    const vet = await createUser(ctx, home, ['appointments.primary_provider']);
    const colleague = await createUser(ctx, home, ['appointments.primary_provider', 'locations.manage']);
    const denied = await colleague.call(api.updateAvailability, { params: { id: vet.userId }, body: serviceBody(vet.userId, service.id) });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied)).toBe('You do not have permission to do this');
    const userManager = await createUser(ctx, home, ['users.manage']);
    const allowed = await userManager.call(api.updateAvailability, { params: { id: vet.userId }, body: serviceBody(vet.userId, service.id) });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await availabilityOf(vet.userId, colleague)).serviceIds).toEqual([service.id]);
  });

  it('answers 400 naming the field', async () => {
    const vet = await createUser(ctx, home, ['appointments.primary_provider']);
    const service = await createService(home.locationId);
    const theirs = await createService(other.locationId, {}, other.admin);
    const cases: [unknown, string][] = [
      [serviceBody(randomUUID(), service.id), 'veterinarianId: must be the user in the path'],
      [serviceBody(vet.userId, randomUUID()), 'serviceId: unknown service'],
      [serviceBody(vet.userId, theirs.id), 'serviceId: unknown service'],
      [serviceBody(vet.userId, 'nope'), 'serviceId: must be a valid id'],
      [slotBody(vet.userId, '2026-11-02 09:00'), 'startAt: must be a date and time (ISO 8601)'],
      [{ data: { ...serviceBody(vet.userId, service.id).data, action: 'toggle' } }, 'action: Invalid option: expected one of "add"|"remove"'],
    ];
    for (const [body, message] of cases) {
      const res = await vet.call(api.updateAvailability, { params: { id: vet.userId }, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await availabilityOf(vet.userId)).toMatchObject({ serviceIds: [], slotStartTimes: [] });
  });

  it("answers 404 for another account's user", async () => {
    const vet = await createUser(ctx, home, ['appointments.primary_provider']);
    const service = await createService(other.locationId, {}, other.admin);
    const them = other.admin;
    expect((await them.call(api.getAvailability, { params: { id: vet.userId } })).statusCode).toBe(404);
    const res = await them.call(api.updateAvailability, { params: { id: vet.userId }, body: serviceBody(vet.userId, service.id) });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Not found');
    expect((await staff.call(api.getAvailability, { params: { id: randomUUID() } })).statusCode).toBe(404);
  });
});
