// What the appointment test files share: two accounts with their staff and an appointment in the
// other account (to try across accounts), and the calls the tests make. Each test file calls
// setUpAppointments() once; the bindings below are filled in its beforeAll, and as ES module
// bindings the importing files see them once they are, so the tests read them as plain names.
// Each test file runs in its own module graph and database, so nothing leaks between files.
import { afterAll, beforeAll, expect } from 'vitest';
import * as api from '@willow/contracts';
import { addDays } from '@willow/contracts';
import { createAccount, createTestApp, createUser, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { at, DAY, newHousehold, newService } from '../../../test/scheduling-records.js';

export type Provider = Client & { userId: string; name: string };

export let ctx: TestContext;
export let home: TestAccount;
export let other: TestAccount;
export let desk: Client & { userId: string };
export let vet: Provider;
export let vet2: Provider;
export let assistant: Provider;
export let service: api.Service;
export let theirs: { service: api.Service; vet: string; client: string; patient: string; appointment: api.Appointment };

export async function provider(t: TestAccount, permission: api.Permission, firstName: string): Promise<Provider> {
  const user = await createUser(ctx, t, [permission], { firstName });
  return Object.assign(user, { name: `${firstName} User` });
}

export function setUpAppointments() {
  beforeAll(async () => {
    ctx = await createTestApp();
    [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
    desk = await createUser(ctx, home, [], { firstName: 'Dana' });
    vet = await provider(home, 'appointments.primary_provider', 'Vera');
    vet2 = await provider(home, 'appointments.primary_provider', 'Victor');
    assistant = await provider(home, 'appointments.secondary_provider', 'Asha');
    service = await newService(home.admin, home.locationId);

    const theirVet = await provider(other, 'appointments.primary_provider', 'Olga');
    const theirService = await newService(other.admin, other.locationId);
    const household = await newHousehold(other.admin, other);
    const res = await other.admin.call(api.createAppointment, {
      body: {
        data: {
          locationId: other.locationId,
          clientId: household.client.id,
          patientIds: [household.patients[0]!.id],
          serviceIds: [theirService.id],
          primaryProviderId: theirVet.userId,
          startAt: at('09:00'),
          endAt: at('09:30'),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    theirs = { service: theirService, vet: theirVet.userId, client: household.client.id, patient: household.patients[0]!.id, appointment: res.json() };
  });
  afterAll(() => ctx?.close());
}

/** A booking for a new household, times on DAY in New York, with the changes given. */
export async function bookingFor(extra: Partial<api.AppointmentInput> = {}, opts: { patients?: string[]; lastName?: string } = {}) {
  const household = await newHousehold(desk, home, opts);
  const data: api.AppointmentInput = {
    locationId: home.locationId,
    clientId: household.client.id,
    patientIds: household.patients.map((p) => p.id),
    serviceIds: [service.id],
    startAt: at('10:00'),
    endAt: at('10:30'),
    ...extra,
  };
  return { household, data };
}

export async function book(data: api.AppointmentInput, caller: Client = desk): Promise<api.Appointment> {
  const res = await caller.call(api.createAppointment, { body: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Appointment;
}

export async function update(id: string, data: api.AppointmentUpdateInput, caller: Client = desk) {
  return caller.call(api.updateAppointment, { params: { id }, body: { data } });
}

export async function detail(id: string, caller: Client = desk): Promise<api.AppointmentDetail> {
  const res = await caller.call(api.getAppointment, { params: { id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.AppointmentDetail;
}

export async function list(query: Record<string, string | number>, caller: Client = desk) {
  const res = await caller.call(api.listAppointments, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: api.Appointment[]; total: number };
}

/** A day of its own per test, so appointments of one test never clash with another's. */
let dayCounter = 0;
export const nextDay = () => addDays(DAY, ++dayCounter * 2);
/** startAt/endAt on a day of their own. */
export const times = (start: string, end: string, day = nextDay()) => ({ startAt: at(start, day), endAt: at(end, day) });
