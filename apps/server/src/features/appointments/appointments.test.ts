import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { addDays, type Operation } from '@willow/contracts';
import { holdTransaction, onPostgres, settledFlag, waitForLockWaiters } from '../../../test/concurrency.js';
import {
  anonymous,
  createAccount,
  createTestApp,
  createUser,
  errorOf,
  type Client,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { at, DAY, newAddOn, newHousehold, newService } from '../../../test/scheduling-records.js';
import { clients } from '../clients/clients.table.js';
import { usersRepository } from '../users/users.repository.js';
import { appointmentsRepository } from './appointments.repository.js';
import { appointmentAddOns, appointmentStatusChanges } from './appointments.table.js';

type Provider = Client & { userId: string; name: string };

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let desk: Client & { userId: string };
let vet: Provider;
let vet2: Provider;
let assistant: Provider;
let service: api.Service;
let theirs: { service: api.Service; vet: string; client: string; patient: string; appointment: api.Appointment };

async function provider(t: TestAccount, permission: api.Permission, firstName: string): Promise<Provider> {
  const user = await createUser(ctx, t, [permission], { firstName });
  return Object.assign(user, { name: `${firstName} User` });
}

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

/** A booking for a new household, times on DAY in New York, with the changes given. */
async function bookingFor(extra: Partial<api.AppointmentInput> = {}, opts: { patients?: string[]; lastName?: string } = {}) {
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

async function book(data: api.AppointmentInput, caller: Client = desk): Promise<api.Appointment> {
  const res = await caller.call(api.createAppointment, { body: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Appointment;
}

async function update(id: string, data: api.AppointmentUpdateInput, caller: Client = desk) {
  return caller.call(api.updateAppointment, { params: { id }, body: { data } });
}

async function detail(id: string, caller: Client = desk): Promise<api.AppointmentDetail> {
  const res = await caller.call(api.getAppointment, { params: { id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.AppointmentDetail;
}

async function list(query: Record<string, string | number>, caller: Client = desk) {
  const res = await caller.call(api.listAppointments, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: api.Appointment[]; total: number };
}

/** A day of its own per test, so appointments of one test never clash with another's. */
let dayCounter = 0;
const nextDay = () => addDays(DAY, ++dayCounter * 2);
/** startAt/endAt on a day of their own. */
const times = (start: string, end: string, day = nextDay()) => ({ startAt: at(start, day), endAt: at(end, day) });

describe('access', () => {
  it('refuses every appointment route to a caller without a session', async () => {
    const ops: Operation[] = [
      api.listAppointments,
      api.getAppointment,
      api.createAppointment,
      api.updateAppointment,
      api.cancelAppointment,
      api.deleteAppointment,
      api.countPendingAppointments,
      api.createAppointmentAddOn,
      api.updateAppointmentAddOn,
      api.deleteAppointmentAddOn,
    ];
    for (const op of ops) {
      const res = await anonymous(ctx).call(op, { params: { id: theirs.appointment.id }, body: { data: {} } });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
    }
  });
});

describe('POST /api/appointment', () => {
  it('creates a Confirmed appointment with its client, patients, services and first history row', async () => {
    const day = nextDay();
    const { household, data } = await bookingFor(
      {
        primaryProviderId: vet.userId,
        secondaryProviderId: assistant.userId,
        startAt: at('10:00', day),
        endAt: at('10:45', day),
        address: '12 Elm Street',
        notes: 'Quiet room please',
      },
      { patients: ['Max', 'Bella'] },
    );
    const created = await book(data);
    expect(created).toMatchObject({
      locationId: home.locationId,
      status: 'Confirmed',
      startAt: at('10:00', day),
      endAt: at('10:45', day),
      clientId: household.client.id,
      client: { id: household.client.id, firstName: 'Cora', lastName: 'Smith', email: null, phone: null },
      patientIds: household.patients.map((p) => p.id),
      patients: [
        { id: household.patients[0]!.id, name: 'Max', speciesName: 'Dog', deceasedOn: null, alerts: [] },
        { id: household.patients[1]!.id, name: 'Bella', speciesName: 'Dog', deceasedOn: null, alerts: [] },
      ],
      serviceIds: [service.id],
      services: [{ id: service.id, name: 'Home euthanasia', type: 'Euthanasia', duration: 30, price: 120 }],
      primaryProviderId: vet.userId,
      secondaryProviderId: assistant.userId,
      address: '12 Elm Street',
      notes: 'Quiet room please',
      cancellationReason: null,
      overlapReason: null,
      source: 'staff',
      requestedTimes: [],
      addOns: [],
    });
    const got = await detail(created.id);
    expect(got.statusHistory).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'Confirmed', note: null, changedBy: { id: desk.userId, name: 'Dana User' } }),
    ]);
    const { statusHistory, ...rest } = got;
    expect(rest).toEqual(created);
    expect(statusHistory).toHaveLength(1);
  });

  it('creates a Pending appointment when asked, and counts it in the pending badge', async () => {
    const { data } = await bookingFor({ status: 'Pending', ...times('08:00', '08:30') });
    const before = (await desk.call(api.countPendingAppointments)).json().count as number;
    const created = await book(data);
    expect(created.status).toBe('Pending');
    expect((await desk.call(api.countPendingAppointments)).json()).toEqual({ count: before + 1 });
  });

  it('answers 400 naming the field', async () => {
    const { data } = await bookingFor();
    const cases: [Partial<Record<keyof api.AppointmentInput, unknown>>, string][] = [
      [{ clientId: undefined }, 'clientId: is required'],
      [{ startAt: 'tomorrow' }, 'startAt: must be a date and time (ISO 8601)'],
      [{ endAt: data.startAt }, 'endAt: must be after the start'],
      [{ endAt: new Date(Date.parse(data.startAt) + 25 * 3_600_000).toISOString() }, 'endAt: must be at most 24 hours after the start'],
      [{ status: 'Checked In' }, 'status: Invalid option: expected one of "Pending"|"Confirmed"'],
      [{ notes: 'x'.repeat(1000) }, 'Message must be less than 1000 characters'],
      [{ patientIds: ['nope'] }, 'patientIds.0: must be a valid id'],
    ];
    for (const [extra, message] of cases) {
      const res = await desk.call(api.createAppointment, { body: { data: { ...data, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await list({ clientId: data.clientId })).items).toEqual([]);
  });

  it('answers 400 "unknown" for another account’s location, client, patient, service or provider', async () => {
    const { data } = await bookingFor(times('11:00', '11:30'));
    const cases: [Partial<api.AppointmentInput>, string][] = [
      [{ locationId: other.locationId }, 'locationId: unknown location'],
      [{ clientId: theirs.client }, 'clientId: unknown client'],
      [{ patientIds: [theirs.patient] }, 'patientIds: unknown patient'],
      [{ serviceIds: [theirs.service.id] }, 'serviceIds: unknown service'],
      [{ primaryProviderId: theirs.vet }, 'primaryProviderId: unknown user'],
      [{ secondaryProviderId: theirs.vet }, 'secondaryProviderId: unknown user'],
      [{ serviceIds: [randomUUID()] }, 'serviceIds: unknown service'],
    ];
    for (const [extra, message] of cases) {
      const res = await desk.call(api.createAppointment, { body: { data: { ...data, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await list({ clientId: data.clientId })).items).toEqual([]);
  });

  it('refuses references that do not fit together', async () => {
    const day = nextDay();
    const branch = await addLocation(ctx, home);
    const { data } = await bookingFor({ startAt: at('12:00', day), endAt: at('12:30', day) });
    const elsewhere = await newClient(desk, branch);
    const otherHousehold = await newHousehold(desk, home, { patients: ['Stray'] });
    const branchService = await newService(home.admin, branch);
    const retired = await newService(home.admin, home.locationId, { name: 'Retired', active: false });
    const inactive = await provider(home, 'appointments.primary_provider', 'Ivan');
    await usersRepository.update(ctx.database.db, home, inactive.userId, { isActive: false });
    const cases: [Partial<api.AppointmentInput>, string][] = [
      [{ clientId: elsewhere.id, patientIds: [] }, 'clientId: this client is not at this location'],
      [{ patientIds: [otherHousehold.patients[0]!.id] }, 'patientIds: each patient must belong to the client'],
      [{ serviceIds: [branchService.id] }, 'serviceIds: this service is not offered at this location'],
      [{ serviceIds: [retired.id] }, 'serviceIds: this service is no longer offered'],
      [{ primaryProviderId: desk.userId }, 'primaryProviderId: this user cannot be a primary provider'],
      [{ primaryProviderId: assistant.userId }, 'primaryProviderId: this user cannot be a primary provider'],
      [{ secondaryProviderId: vet.userId }, 'secondaryProviderId: this user cannot be a secondary provider'],
      [{ primaryProviderId: inactive.userId }, 'primaryProviderId: this user is not active'],
      [{ primaryProviderId: vet.userId, secondaryProviderId: vet.userId }, 'secondaryProviderId: must differ from the primary provider'],
    ];
    for (const [extra, message] of cases) {
      const res = await desk.call(api.createAppointment, { body: { data: { ...data, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await list({ clientId: data.clientId })).items).toEqual([]);
    // The administrator's role holds every account permission, providers' included.
    const adminId = (await home.admin.call(api.getProfile)).json().id as string;
    expect((await desk.call(api.createAppointment, { body: { data: { ...data, primaryProviderId: adminId } } })).statusCode).toBe(201);
  });

  it('attaches add-ons in the same transaction, copying name and price and checking values', async () => {
    const day = nextDay();
    const urn = await newAddOn(home.admin, home.locationId, {
      name: 'Urn',
      price: 89.5,
      options: [
        { name: 'Colour', choices: ['Oak', 'Walnut'] },
        { name: 'Engraving', choices: [] },
      ],
    });
    const { data } = await bookingFor({ startAt: at('13:00', day), endAt: at('13:30', day) });
    const refused: [api.AddOnAttachInput, string][] = [
      [{ addOnId: urn.id, values: { Colour: 'Pink' } }, 'addOns.0.values.Colour: must be one of Oak, Walnut'],
      [{ addOnId: urn.id, values: { Size: 'L' } }, 'addOns.0.values: unknown option "Size"'],
      [{ addOnId: randomUUID() }, 'addOns.0.addOnId: unknown add-on'],
    ];
    for (const [addOn, message] of refused) {
      const res = await desk.call(api.createAppointment, { body: { data: { ...data, addOns: [addOn] } } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await list({ clientId: data.clientId })).items).toEqual([]);

    const created = await book({ ...data, addOns: [{ addOnId: urn.id, values: { colour: 'Oak', Engraving: ' Max 2016–2030 ' } }] });
    expect(created.addOns).toEqual([
      {
        id: expect.any(String),
        appointmentId: created.id,
        addOnId: urn.id,
        name: 'Urn',
        price: 89.5,
        values: { Colour: 'Oak', Engraving: 'Max 2016–2030' },
      },
    ]);
  });
});

describe('overlaps', () => {
  it('refuses a clash with a provider’s appointment, naming it in the location’s time zone', async () => {
    const day = nextDay();
    const { data: first } = await bookingFor(
      { primaryProviderId: vet.userId, startAt: at('10:00', day), endAt: at('10:30', day) },
      { lastName: 'Smith' },
    );
    await book(first);
    const { data } = await bookingFor(
      { primaryProviderId: vet.userId, startAt: at('10:15', day), endAt: at('10:45', day) },
      { lastName: 'Jones', patients: ['Rex'] },
    );
    const res = await desk.call(api.createAppointment, { body: { data } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('Overlaps Vera User’s appointment 10:00–10:30 with Max (Smith). Give a reason to book anyway.');

    // Either role counts: the secondary provider of one is the same person as the other's.
    const { data: asSecondary } = await bookingFor(
      { secondaryProviderId: assistant.userId, startAt: at('14:00', day), endAt: at('15:00', day) },
      { lastName: 'Lee' },
    );
    await book(asSecondary);
    const { data: clash } = await bookingFor(
      { primaryProviderId: vet2.userId, secondaryProviderId: assistant.userId, startAt: at('14:30', day), endAt: at('14:45', day) },
      { lastName: 'Kim' },
    );
    const second = await desk.call(api.createAppointment, { body: { data: clash } });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toBe('Overlaps Asha User’s appointment 14:00–15:00 with Max (Lee). Give a reason to book anyway.');
  });

  it('refuses a clash with the same patient, and books anyway with a reason, keeping it', async () => {
    const day = nextDay();
    const { household, data } = await bookingFor(
      { primaryProviderId: vet.userId, startAt: at('09:00', day), endAt: at('10:00', day) },
      { patients: ['Max', 'Bella'] },
    );
    await book(data);
    const again = {
      ...data,
      primaryProviderId: vet2.userId,
      patientIds: [household.patients[1]!.id],
      startAt: at('09:30', day),
      endAt: at('10:30', day),
    };
    const res = await desk.call(api.createAppointment, { body: { data: again } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('Overlaps Bella’s appointment 09:00–10:00 with Vera User. Give a reason to book anyway.');

    const booked = await book({ ...again, overlapReason: 'Second opinion in the same visit' });
    expect(booked.overlapReason).toBe('Second opinion in the same visit');
    expect((await detail(booked.id)).overlapReason).toBe('Second opinion in the same visit');
  });

  it('ignores cancelled and rejected appointments and ones that merely touch', async () => {
    const day = nextDay();
    const { data } = await bookingFor({ primaryProviderId: vet.userId, startAt: at('10:00', day), endAt: at('11:00', day) });
    const cancelled = await book(data);
    expect((await desk.call(api.cancelAppointment, { params: { id: cancelled.id }, body: { data: { reason: 'Owner called' } } })).statusCode).toBe(
      200,
    );
    const rejected = await book({ ...data, status: 'Pending' });
    expect((await update(rejected.id, { status: 'Rejected' })).statusCode).toBe(200);
    const kept = await book(data);
    expect(kept.overlapReason).toBeNull();
    const touching = await book({ ...data, startAt: at('11:00', day), endAt: at('11:30', day) });
    const before = await book({ ...data, startAt: at('09:30', day), endAt: at('10:00', day) });
    expect([touching.overlapReason, before.overlapReason]).toEqual([null, null]);
  });

  it('names the day when the clash starts on another local day', async () => {
    const day = nextDay();
    const { data } = await bookingFor({ primaryProviderId: vet.userId, startAt: at('23:00', day), endAt: at('01:00', addDays(day, 1)) });
    await book(data);
    const { data: early } = await bookingFor({
      primaryProviderId: vet.userId,
      startAt: at('00:30', addDays(day, 1)),
      endAt: at('02:00', addDays(day, 1)),
    });
    const res = await desk.call(api.createAppointment, { body: { data: early } });
    expect(res.statusCode).toBe(409);
    const label = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric' }).format(new Date(data.startAt));
    expect(errorOf(res)).toBe(`Overlaps Vera User’s appointment ${label} 23:00–01:00 with Max (Smith). Give a reason to book anyway.`);
  });

  it('lets only one of two simultaneous bookings for the same provider through', async () => {
    const day = nextDay();
    const a = await bookingFor({ primaryProviderId: vet2.userId, startAt: at('16:00', day), endAt: at('16:30', day) });
    const b = await bookingFor({ primaryProviderId: vet2.userId, startAt: at('16:10', day), endAt: at('16:40', day) });
    const results = await Promise.all([a, b].map(({ data }) => desk.call(api.createAppointment, { body: { data } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const listed = await list({ locationId: home.locationId, providerId: vet2.userId, startDate: at('00:00', day), endDate: at('23:59', day) });
    expect(listed.items).toHaveLength(1);
  });

  it('checks a move again (not itself), and refuses moving onto a clash', async () => {
    const day = nextDay();
    const { data } = await bookingFor({ primaryProviderId: vet.userId, startAt: at('10:00', day), endAt: at('10:30', day) });
    await book(data);
    const { data: later } = await bookingFor(
      { primaryProviderId: vet.userId, startAt: at('11:00', day), endAt: at('11:30', day) },
      { lastName: 'Park' },
    );
    const moving = await book(later);

    // Longer, overlapping only itself.
    expect((await update(moving.id, { endAt: at('11:45', day) })).statusCode).toBe(200);
    const onto = await update(moving.id, { startAt: at('10:15', day), endAt: at('10:45', day) });
    expect(onto.statusCode).toBe(409);
    expect(errorOf(onto)).toBe('Overlaps Vera User’s appointment 10:00–10:30 with Max (Smith). Give a reason to book anyway.');
    expect((await detail(moving.id)).startAt).toBe(at('11:00', day));
    // Handing it to a provider who is busy then is a clash too.
    const { data: busy } = await bookingFor(
      { primaryProviderId: vet2.userId, startAt: at('11:00', day), endAt: at('12:00', day) },
      { lastName: 'Busy' },
    );
    await book(busy);
    expect((await update(moving.id, { primaryProviderId: vet2.userId })).statusCode).toBe(409);

    const forced = await update(moving.id, { startAt: at('10:15', day), endAt: at('10:45', day), overlapReason: 'Owner insists' });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().overlapReason).toBe('Owner insists');
    // Changes that cannot create a clash are not checked again, and keep the reason.
    const noted = await update(moving.id, { notes: 'Bring the forms' });
    expect(noted.statusCode).toBe(200);
    expect(noted.json()).toMatchObject({ notes: 'Bring the forms', overlapReason: 'Owner insists', startAt: at('10:15', day) });
    // Moved clear of everything, the reason no longer applies.
    const clear = await update(moving.id, { startAt: at('15:00', day), endAt: at('15:30', day) });
    expect(clear.json().overlapReason).toBeNull();
  });

  it('checks a request again when it is confirmed', async () => {
    const day = nextDay();
    const { data } = await bookingFor(
      { status: 'Pending', primaryProviderId: vet.userId, startAt: at('10:00', day), endAt: at('10:30', day) },
      { lastName: 'Asking' },
    );
    const request = await book(data);
    // Booked over the request on purpose; the request itself never agreed to the clash.
    const { data: urgent } = await bookingFor(
      { primaryProviderId: vet.userId, startAt: at('10:15', day), endAt: at('10:45', day), overlapReason: 'Emergency' },
      { lastName: 'Urgent', patients: ['Rex'] },
    );
    await book(urgent);
    const confirm = await update(request.id, { status: 'Confirmed' });
    expect(confirm.statusCode).toBe(409);
    expect(errorOf(confirm)).toBe('Overlaps Vera User’s appointment 10:15–10:45 with Rex (Urgent). Give a reason to book anyway.');
    expect((await detail(request.id)).status).toBe('Pending');
    const confirmed = await update(request.id, { status: 'Confirmed', overlapReason: 'Two vets on site' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'Confirmed', overlapReason: 'Two vets on site' });

    // A clash accepted with a reason when it was booked is not asked about again.
    const { data: accepted } = await bookingFor(
      { status: 'Pending', primaryProviderId: vet.userId, startAt: at('10:00', day), endAt: at('10:20', day), overlapReason: 'Quick check' },
      { lastName: 'Known' },
    );
    const known = await book(accepted);
    const again = await update(known.id, { status: 'Confirmed' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().overlapReason).toBe('Quick check');
  });
});

describe('GET /api/appointment', () => {
  it('answers the appointments overlapping a range once each, oldest first', async () => {
    const location = await addLocation(ctx, home);
    const locService = await newService(home.admin, location);
    const household = await newHousehold(desk, home, { locationId: location, lastName: 'Range' });
    const make = (start: string, end: string) =>
      // No patient: these overlap one another on purpose.
      book({ locationId: location, clientId: household.client.id, patientIds: [], serviceIds: [locService.id], startAt: start, endAt: end });
    const day = nextDay();
    const spanning = await make(at('23:00', addDays(day, -1)), at('01:00', day));
    const endingAtStart = await make(at('22:00', addDays(day, -1)), at('00:00', day));
    const inside = await make(at('09:00', day), at('09:30', day));
    const longest = await make(at('00:30', addDays(day, -1)), at('00:30', day));
    const startingAtEnd = await make(at('00:00', addDays(day, 1)), at('00:30', addDays(day, 1)));
    const page = await list({ locationId: location, startDate: at('00:00', day), endDate: at('00:00', addDays(day, 1)) });
    expect(page.items.map((a) => a.id)).toEqual([longest.id, spanning.id, inside.id]);
    expect(page.total).toBe(3);
    expect(page.items.map((a) => a.id)).not.toContain(endingAtStart.id);
    expect(page.items.map((a) => a.id)).not.toContain(startingAtEnd.id);
    // Without a location: every location of the account.
    const all = await list({ startDate: at('00:00', day), endDate: at('00:00', addDays(day, 1)), limit: 5000 });
    expect(all.items.map((a) => a.id)).toEqual(expect.arrayContaining([longest.id, spanning.id, inside.id]));
    expect((await list({ locationId: location, startDate: at('00:00', day), endDate: at('00:00', addDays(day, 1)), limit: 2 })).items).toHaveLength(
      2,
    );
  });

  it("answers each patient's alerts, for the calendar to show", async () => {
    const household = await newHousehold(desk, home, { lastName: 'Alerting' });
    const biter = await newPatient(desk, household.client.id, home.speciesId, { name: 'Fang', alerts: ['bites', 'anxious at the vet'] });
    const day = nextDay();
    const made = await book({
      locationId: home.locationId,
      clientId: household.client.id,
      patientIds: [biter.id, household.patients[0]!.id],
      serviceIds: [service.id],
      startAt: at('07:00', day),
      endAt: at('07:30', day),
    });
    const page = await list({ locationId: home.locationId, startDate: at('00:00', day), endDate: at('00:00', addDays(day, 1)), limit: 5000 });
    const found = page.items.find((a) => a.id === made.id);
    expect(found?.patients.map((p) => p.alerts)).toEqual([['bites', 'anxious at the vet'], []]);
  });

  it('answers from startDate on, oldest first, when the range has no end', async () => {
    const location = await addLocation(ctx, home);
    const locService = await newService(home.admin, location);
    const household = await newHousehold(desk, home, { locationId: location, lastName: 'Onwards' });
    const make = (start: string, end: string) =>
      book({ locationId: location, clientId: household.client.id, patientIds: [], serviceIds: [locService.id], startAt: start, endAt: end });
    const day = nextDay();
    const before = await make(at('09:00', addDays(day, -1)), at('09:30', addDays(day, -1)));
    const later = await make(at('09:00', addDays(day, 60)), at('09:30', addDays(day, 60)));
    const today = await make(at('09:00', day), at('09:30', day));
    const page = await list({ locationId: location, startDate: at('00:00', day) });
    expect(page.items.map((a) => a.id)).toEqual([today.id, later.id]);
    expect(page.items.map((a) => a.id)).not.toContain(before.id);
    expect(page.total).toBe(2);
    // The same with the list's search: the client's name.
    const searched = await list({ locationId: location, startDate: at('00:00', day), search: 'Onwards' });
    expect(searched.items.map((a) => a.id)).toEqual([today.id, later.id]);
  });

  it('says when a range holds more than the page: total goes past what is shown', async () => {
    const location = await addLocation(ctx, home);
    const locService = await newService(home.admin, location);
    const household = await newHousehold(desk, home, { locationId: location });
    const day = nextDay();
    const made = [];
    for (const hour of ['08:00', '09:00', '10:00']) {
      made.push(
        await book({
          locationId: location,
          clientId: household.client.id,
          patientIds: [],
          serviceIds: [locService.id],
          startAt: at(hour, day),
          endAt: at(hour.replace(':00', ':30'), day),
        }),
      );
    }
    const range = { locationId: location, startDate: at('00:00', day), endDate: at('00:00', addDays(day, 1)) };
    const cut = await list({ ...range, limit: 2 });
    expect(cut.items.map((a) => a.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(cut.total).toBeGreaterThan(cut.items.length);
    const exact = await list({ ...range, limit: 3 });
    expect(exact).toMatchObject({ total: 3 });
    expect(exact.items).toHaveLength(3);
    const rest = await list({ ...range, limit: 2, offset: 2 });
    expect(rest.items.map((a) => a.id)).toEqual([made[2]!.id]);
    expect(rest.total).toBe(3);
  });

  it('filters by status, provider, service, client, patient and name', async () => {
    const location = await addLocation(ctx, home);
    const [cut, clip] = [await newService(home.admin, location, { name: 'Cut' }), await newService(home.admin, location, { name: 'Clip' })];
    const smith = await newHousehold(desk, home, { locationId: location, lastName: 'Smithers', patients: ['Biscuit'] });
    const jones = await newHousehold(desk, home, { locationId: location, firstName: 'Jo', lastName: 'Jones', patients: ['Pepper', 'Salt'] });
    const day = nextDay();
    const a = await book({
      locationId: location,
      clientId: smith.client.id,
      patientIds: [smith.patients[0]!.id],
      serviceIds: [cut.id],
      primaryProviderId: vet.userId,
      startAt: at('09:00', day),
      endAt: at('09:30', day),
    });
    const b = await book({
      locationId: location,
      clientId: jones.client.id,
      patientIds: jones.patients.map((p) => p.id),
      serviceIds: [clip.id],
      secondaryProviderId: assistant.userId,
      status: 'Pending',
      startAt: at('10:00', day),
      endAt: at('10:30', day),
    });
    const range = { locationId: location, startDate: at('00:00', day), endDate: at('00:00', addDays(day, 1)) };
    const ids = async (q: Record<string, string>) => (await list({ ...range, ...q })).items.map((x) => x.id);
    expect(await ids({})).toEqual([a.id, b.id]);
    expect(await ids({ status: 'Pending' })).toEqual([b.id]);
    expect(await ids({ status: 'Pending,Confirmed' })).toEqual([a.id, b.id]);
    expect(await ids({ providerId: vet.userId })).toEqual([a.id]);
    expect(await ids({ providerId: `${vet.userId},${assistant.userId}` })).toEqual([a.id, b.id]);
    expect(await ids({ serviceId: clip.id })).toEqual([b.id]);
    expect(await ids({ clientId: smith.client.id })).toEqual([a.id]);
    expect(await ids({ patientId: jones.patients[1]!.id })).toEqual([b.id]);
    expect(await ids({ search: 'smither' })).toEqual([a.id]);
    expect(await ids({ search: 'SALT' })).toEqual([b.id]);
    expect(await ids({ search: 'jo pepper' })).toEqual([b.id]);
    expect(await ids({ search: '100%' })).toEqual([]);
    // The list (no range) filters the same way.
    expect((await list({ locationId: location, search: 'biscuit' })).items.map((x) => x.id)).toEqual([a.id]);

    // Nobody's yet: an appointment without providers shows under any provider filter.
    const c = await book({
      locationId: location,
      clientId: jones.client.id,
      patientIds: [jones.patients[0]!.id],
      serviceIds: [cut.id],
      startAt: at('11:00', day),
      endAt: at('11:30', day),
    });
    expect(await ids({ providerId: vet.userId })).toEqual([a.id, c.id]);
    expect(await ids({ providerId: assistant.userId })).toEqual([b.id, c.id]);
  });

  it('pages the list newest first with the total', async () => {
    const location = await addLocation(ctx, home);
    const locService = await newService(home.admin, location);
    const household = await newHousehold(desk, home, { locationId: location });
    const made = [];
    for (const hour of ['08:00', '09:00', '10:00']) {
      made.push(
        await book({
          locationId: location,
          clientId: household.client.id,
          patientIds: [],
          serviceIds: [locService.id],
          ...times(hour, hour.replace(':00', ':30')),
        }),
      );
    }
    const newestFirst = [...made].reverse().map((a) => a.id);
    expect(await list({ locationId: location })).toMatchObject({ total: 3 });
    expect((await list({ locationId: location })).items.map((a) => a.id)).toEqual(newestFirst);
    const first = await list({ locationId: location, limit: 2 });
    expect(first.items.map((a) => a.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.total).toBe(3);
    const second = await list({ locationId: location, limit: 2, offset: 2 });
    expect(second).toEqual({ items: [expect.objectContaining({ id: newestFirst[2] })], total: 3 });
    expect(await list({ locationId: location, limit: 2, offset: 4 })).toEqual({ items: [], total: 3 });
  });

  it('never answers another account’s appointments: a filter naming their records is not found', async () => {
    const filters: Record<string, string>[] = [
      { locationId: other.locationId },
      { clientId: theirs.client },
      { patientId: theirs.patient },
      { providerId: theirs.vet },
      { serviceId: theirs.service.id },
    ];
    for (const query of filters) expect((await desk.call(api.listAppointments, { query })).statusCode, JSON.stringify(query)).toBe(404);
    const range = await list({ startDate: at('00:00'), endDate: at('23:59'), limit: 5000 });
    expect(range.items.map((a) => a.id)).not.toContain(theirs.appointment.id);
  });

  it('answers 400 for a range without its start or backwards, or too large a limit', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ endDate: at('10:00') }, 'startDate: is required with endDate'],
      [{ startDate: at('10:00'), endDate: at('09:00') }, 'endDate: must be after startDate'],
      [{ limit: 5001 }, 'limit: Too big: expected number to be <=5000'],
      [{ status: 'Lost' }, expect.stringMatching(/^status\.0: Invalid option/) as unknown as string],
    ];
    for (const [query, message] of cases) {
      const res = await desk.call(api.listAppointments, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorOf(res)).toEqual(message);
    }
  });
});

describe('GET /api/appointment/{id}', () => {
  it('answers 404 for another account’s appointment or an unknown id', async () => {
    for (const id of [theirs.appointment.id, randomUUID()]) {
      const res = await desk.call(api.getAppointment, { params: { id } });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Not found');
    }
  });
});

describe('status changes', () => {
  it('walks the cremation path, keeping each change in order with who made it', async () => {
    const { data } = await bookingFor({ status: 'Pending', ...times('07:00', '07:30') });
    const appointment = await book(data);
    const path: [api.AppointmentStatus, Client & { userId: string }][] = [
      ['Confirmed', desk],
      ['Checked In', vet],
      ['Checked Out', vet],
      ['Submitted For Cremation', assistant],
      ['Cremated', desk],
      ['Ashes Spread', desk],
    ];
    for (const [status, who] of path) {
      const res = await update(appointment.id, { status, statusNote: `to ${status}` }, who);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const names = new Map([desk, vet, assistant].map((u) => [u.userId, u === desk ? 'Dana User' : (u as Provider).name]));
    const history = (await detail(appointment.id)).statusHistory;
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.note, h.changedBy?.name])).toEqual([
      [null, 'Pending', null, 'Dana User'],
      ...path.map(([status, who], i) => [i === 0 ? 'Pending' : path[i - 1]![0], status, `to ${status}`, names.get(who.userId)]),
    ]);
    const changedAt = history.map((h) => Date.parse(h.changedAt));
    expect(changedAt).toEqual([...changedAt].sort((x, y) => x - y));
  });

  it('enters the cremation path only with an end-of-life service, and says which service is missing', async () => {
    const wellness = await newService(home.admin, home.locationId, { type: 'Consultation', name: 'Wellness exam' });
    const { data } = await bookingFor({ serviceIds: [wellness.id], ...times('05:00', '05:30') });
    const appointment = await book(data);
    for (const status of ['Checked In', 'Checked Out'] as const) expect((await update(appointment.id, { status }, vet)).statusCode).toBe(200);
    const refused = await update(appointment.id, { status: 'Submitted For Cremation' }, vet);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('status: Submitted For Cremation needs a euthanasia, cremation or aftercare service on the appointment');
    expect((await detail(appointment.id)).status).toBe('Checked Out');
    // Adding the cremation service in the same change is enough.
    const cremation = await newService(home.admin, home.locationId, { type: 'Cremation', name: 'Private cremation' });
    const accepted = await update(appointment.id, { status: 'Submitted For Cremation', serviceIds: [wellness.id, cremation.id] }, vet);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('lets only one of two simultaneous changes from the same status through', async () => {
    const { data } = await bookingFor({ status: 'Pending', ...times('04:00', '04:30') });
    const request = await book(data);
    // On PostgreSQL the two requests run side by side: hold them at the row until both have read it.
    const gate = onPostgres
      ? await holdTransaction(ctx, (tx) => appointmentsRepository.findForUpdate(tx, home, request.id).then(() => undefined))
      : undefined;
    const changes = [update(request.id, { status: 'Confirmed' }), update(request.id, { status: 'Rejected' })];
    if (gate) {
      await waitForLockWaiters(ctx, 2);
      await gate.commit();
    }
    const results = await Promise.all(changes);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const won = (results.find((r) => r.statusCode === 200)!.json() as api.Appointment).status;
    const lost = won === 'Confirmed' ? 'Rejected' : 'Confirmed';
    expect(errorOf(results.find((r) => r.statusCode === 400)!)).toBe(`status: cannot change from ${won} to ${lost}`);
    const got = await detail(request.id);
    expect(got.status).toBe(won);
    expect(got.statusHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'Pending'],
      ['Pending', won],
    ]);
  });

  it('refuses an illegal move naming both statuses, and Cancelled through update', async () => {
    const { data } = await bookingFor({ ...times('06:00', '06:30') });
    const appointment = await book(data);
    const illegal = await update(appointment.id, { status: 'Cremated' });
    expect(illegal.statusCode).toBe(400);
    expect(errorOf(illegal)).toBe('status: cannot change from Confirmed to Cremated');
    const back = await update(appointment.id, { status: 'Pending' });
    expect(errorOf(back)).toBe('status: cannot change from Confirmed to Pending');
    const cancel = await update(appointment.id, { status: 'Cancelled' });
    expect(cancel.statusCode).toBe(400);
    expect(errorOf(cancel)).toBe('status: use Cancel to cancel an appointment');
    const got = await detail(appointment.id);
    expect(got.status).toBe('Confirmed');
    expect(got.statusHistory).toHaveLength(1);
    // The same status again is no change at all.
    expect((await update(appointment.id, { status: 'Confirmed' })).statusCode).toBe(200);
    expect((await detail(appointment.id)).statusHistory).toHaveLength(1);
  });

  it('updates only what is sent, checking the references sent', async () => {
    const day = nextDay();
    const { household, data } = await bookingFor(
      { startAt: at('13:00', day), endAt: at('13:30', day), notes: 'First' },
      { patients: ['Max', 'Bella'] },
    );
    const appointment = await book(data);
    const res = await update(appointment.id, { patientIds: [household.patients[1]!.id], secondaryProviderId: assistant.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      patientIds: [household.patients[1]!.id],
      secondaryProviderId: assistant.userId,
      notes: 'First',
      startAt: at('13:00', day),
      serviceIds: [service.id],
    });
    const cases: [api.AppointmentUpdateInput, string][] = [
      [{ clientId: theirs.client }, 'clientId: unknown client'],
      [{ patientIds: [theirs.patient] }, 'patientIds: unknown patient'],
      [{ serviceIds: [theirs.service.id] }, 'serviceIds: unknown service'],
      [{ primaryProviderId: theirs.vet }, 'primaryProviderId: unknown user'],
      [{ clientId: (await newClient(desk, home.locationId)).id }, 'patientIds: each patient must belong to the client'],
      [{ endAt: at('12:00', day) }, 'endAt: must be after the start'],
      [{ startAt: at('13:00', addDays(day, -2)) }, 'endAt: must be at most 24 hours after the start'],
      [{ status: 'Done' as api.AppointmentStatus }, expect.stringMatching(/^status: Invalid option/) as unknown as string],
    ];
    for (const [patch, message] of cases) {
      const r = await update(appointment.id, patch);
      expect(r.statusCode, JSON.stringify(patch)).toBe(400);
      expect(errorOf(r)).toEqual(message);
    }
    // Another household's client with its own patient together is fine.
    const moved = await newHousehold(desk, home, { lastName: 'Moved' });
    const ok = await update(appointment.id, { clientId: moved.client.id, patientIds: [moved.patients[0]!.id] });
    expect(ok.json()).toMatchObject({ clientId: moved.client.id, client: { lastName: 'Moved' }, patients: [{ name: 'Max' }] });
  });

  it('answers 404 for another account’s appointment', async () => {
    const res = await update(theirs.appointment.id, { notes: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).notes).toBeNull();
  });
});

describe('POST /api/appointment/{id}/cancel', () => {
  it('cancels with the reason, kept on the appointment and in the history', async () => {
    const { data } = await bookingFor({ ...times('17:00', '17:30') });
    const appointment = await book(data);
    const res = await vet.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: ' Owner called ' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', cancellationReason: 'Owner called' });
    const history = (await detail(appointment.id)).statusHistory;
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'Confirmed',
      toStatus: 'Cancelled',
      note: 'Owner called',
      changedBy: { id: vet.userId, name: 'Vera User' },
    });
  });

  it('refuses cancelling from a status that cannot be cancelled, and an empty reason', async () => {
    const { data } = await bookingFor({ ...times('18:00', '18:30') });
    const appointment = await book(data);
    const empty = await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: '  ' } } });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toBe('reason: is required');
    expect((await update(appointment.id, { status: 'Checked In' })).statusCode).toBe(200);
    const checkedIn = await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Too late' } } });
    expect(checkedIn.statusCode).toBe(400);
    expect(errorOf(checkedIn)).toBe('status: cannot change from Checked In to Cancelled');

    const { data: second } = await bookingFor({ ...times('19:00', '19:30') });
    const once = await book(second);
    expect((await desk.call(api.cancelAppointment, { params: { id: once.id }, body: { data: { reason: 'Owner called' } } })).statusCode).toBe(200);
    const twice = await desk.call(api.cancelAppointment, { params: { id: once.id }, body: { data: { reason: 'Again' } } });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice)).toBe('status: cannot change from Cancelled to Cancelled');
    // A final status cannot be left through update either.
    expect(errorOf(await update(once.id, { status: 'Confirmed' }))).toBe('status: cannot change from Cancelled to Confirmed');
  });

  it('answers 404 for another account’s appointment', async () => {
    const res = await desk.call(api.cancelAppointment, { params: { id: theirs.appointment.id }, body: { data: { reason: 'Mine' } } });
    expect(res.statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).status).toBe('Confirmed');
  });
});

describe('DELETE /api/appointment/{id}', () => {
  it('deletes the appointment with its history and add-ons, and records it in the audit trail', async () => {
    const addOn = await newAddOn(home.admin, home.locationId);
    const { data } = await bookingFor({ ...times('20:00', '20:30'), addOns: [{ addOnId: addOn.id }] });
    const appointment = await book(data);
    const res = await desk.call(api.deleteAppointment, { params: { id: appointment.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await desk.call(api.getAppointment, { params: { id: appointment.id } })).statusCode).toBe(404);
    const db = ctx.database.db;
    expect(await db.$count(appointmentStatusChanges, eq(appointmentStatusChanges.appointmentId, appointment.id))).toBe(0);
    expect(await db.$count(appointmentAddOns, eq(appointmentAddOns.appointmentId, appointment.id))).toBe(0);
    const audit = (
      await home.admin.call(api.listAuditEvents, { query: { entityType: 'appointment', entityId: appointment.id } })
    ).json() as api.AuditEvent[];
    expect(audit.map((e) => [e.action, e.actor?.id])).toEqual([
      ['delete', desk.userId],
      ['create', desk.userId],
    ]);
    expect((await desk.call(api.deleteAppointment, { params: { id: appointment.id } })).statusCode).toBe(404);
  });

  it('answers 404 for another account’s appointment', async () => {
    expect((await desk.call(api.deleteAppointment, { params: { id: theirs.appointment.id } })).statusCode).toBe(404);
    expect((await other.admin.call(api.getAppointment, { params: { id: theirs.appointment.id } })).statusCode).toBe(200);
  });
});

describe('audit trail', () => {
  it('records updates and cancellations with what changed', async () => {
    const day = nextDay();
    const { data } = await bookingFor({ startAt: at('21:00', day), endAt: at('21:30', day) });
    const appointment = await book(data);
    await update(appointment.id, { notes: 'Gate code 1234' });
    await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Weather' } } });
    const audit = (
      await home.admin.call(api.listAuditEvents, { query: { entityType: 'appointment', entityId: appointment.id } })
    ).json() as api.AuditEvent[];
    expect(audit.map((e) => [e.action, Object.keys(e.changes).sort()])).toEqual([
      ['update', ['cancellationReason', 'status']],
      ['update', ['notes']],
      ['create', expect.arrayContaining(['clientId', 'startAt', 'status'])],
    ]);
  });
});

describe('GET /api/appointment/pendingCount', () => {
  it('counts Pending appointments, at the location when one is given', async () => {
    const fresh = await createAccount(ctx);
    const branch = await addLocation(ctx, fresh);
    const [mainService, branchService] = [await newService(fresh.admin, fresh.locationId), await newService(fresh.admin, branch)];
    const mainHousehold = await newHousehold(fresh.admin, fresh);
    const branchHousehold = await newHousehold(fresh.admin, fresh, { locationId: branch });
    const make = (locationId: string, clientId: string, serviceId: string, status: 'Pending' | 'Confirmed', hour: string) =>
      book({ locationId, clientId, serviceIds: [serviceId], status, startAt: at(hour), endAt: at(hour.replace(':00', ':30')) }, fresh.admin);
    expect((await fresh.admin.call(api.countPendingAppointments)).json()).toEqual({ count: 0 });
    await make(fresh.locationId, mainHousehold.client.id, mainService.id, 'Pending', '08:00');
    await make(fresh.locationId, mainHousehold.client.id, mainService.id, 'Confirmed', '09:00');
    const pendingThere = await make(branch, branchHousehold.client.id, branchService.id, 'Pending', '10:00');
    await make(branch, branchHousehold.client.id, branchService.id, 'Pending', '11:00');
    expect((await fresh.admin.call(api.countPendingAppointments)).json()).toEqual({ count: 3 });
    expect((await fresh.admin.call(api.countPendingAppointments, { query: { locationId: fresh.locationId } })).json()).toEqual({ count: 1 });
    expect((await fresh.admin.call(api.countPendingAppointments, { query: { locationId: branch } })).json()).toEqual({ count: 2 });
    await fresh.admin.call(api.updateAppointment, { params: { id: pendingThere.id }, body: { data: { status: 'Confirmed' } } });
    expect((await fresh.admin.call(api.countPendingAppointments, { query: { locationId: branch } })).json()).toEqual({ count: 1 });
    // Another account's location is not found.
    expect((await fresh.admin.call(api.countPendingAppointments, { query: { locationId: home.locationId } })).statusCode).toBe(404);
    const bad = await fresh.admin.call(api.countPendingAppointments, { query: { locationId: 'nope' } });
    expect(errorOf(bad)).toBe('locationId: must be a valid id');
  });
});

describe('add-ons on an appointment', () => {
  let appointment: api.Appointment;
  let urn: api.AddOn;
  beforeAll(async () => {
    urn = await newAddOn(home.admin, home.locationId, {
      name: 'Urn',
      price: 90,
      options: [
        { name: 'Colour', choices: ['Oak', 'Walnut'] },
        { name: 'Engraving', choices: [] },
      ],
    });
    const { data } = await bookingFor({ ...times('05:00', '05:30') });
    appointment = await book(data);
  });

  it('attaches, changes the values of and removes an add-on', async () => {
    const res = await desk.call(api.createAppointmentAddOn, {
      body: { data: { appointmentId: appointment.id, addOnId: urn.id, values: { Colour: 'Oak' } } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const attached = res.json() as api.AppointmentAddOn;
    expect(attached).toEqual({
      id: expect.any(String),
      appointmentId: appointment.id,
      addOnId: urn.id,
      name: 'Urn',
      price: 90,
      values: { Colour: 'Oak' },
    });

    // Later catalogue changes leave the attached copy as it was.
    expect((await home.admin.call(api.addOnOps.update, { params: { id: urn.id }, body: { data: { price: 120 } } })).statusCode).toBe(200);
    const changed = await desk.call(api.updateAppointmentAddOn, {
      params: { id: attached.id },
      body: { data: { values: { Colour: 'Walnut', Engraving: 'Max' } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ...attached, values: { Colour: 'Walnut', Engraving: 'Max' } });
    expect((await detail(appointment.id)).addOns).toEqual([{ ...attached, values: { Colour: 'Walnut', Engraving: 'Max' } }]);

    const removed = await desk.call(api.deleteAppointmentAddOn, { params: { id: attached.id } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await detail(appointment.id)).addOns).toEqual([]);
    expect((await desk.call(api.deleteAppointmentAddOn, { params: { id: attached.id } })).statusCode).toBe(404);
  });

  it('checks values against the add-on’s options', async () => {
    const attached = (
      await desk.call(api.createAppointmentAddOn, { body: { data: { appointmentId: appointment.id, addOnId: urn.id } } })
    ).json() as api.AppointmentAddOn;
    expect(attached.values).toEqual({});
    const cases: [Record<string, string>, string][] = [
      [{ Colour: 'Pink' }, 'values.Colour: must be one of Oak, Walnut'],
      [{ Size: 'Large' }, 'values: unknown option "Size"'],
      [{ Engraving: 'x'.repeat(201) }, 'values.Engraving: must be at most 200 characters'],
    ];
    for (const [values, message] of cases) {
      const res = await desk.call(api.updateAppointmentAddOn, { params: { id: attached.id }, body: { data: { values } } });
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(errorOf(res)).toBe(message);
      const create = await desk.call(api.createAppointmentAddOn, { body: { data: { appointmentId: appointment.id, addOnId: urn.id, values } } });
      expect(create.statusCode).toBe(400);
    }
    expect((await detail(appointment.id)).addOns.find((a) => a.id === attached.id)?.values).toEqual({});
  });

  it('refuses an add-on of another location or account, or no longer offered', async () => {
    const branch = await addLocation(ctx, home);
    const branchAddOn = await newAddOn(home.admin, branch);
    const retired = await newAddOn(home.admin, home.locationId, { name: 'Old', active: false });
    const theirAddOn = await newAddOn(other.admin, other.locationId);
    const cases: [string, string][] = [
      [branchAddOn.id, 'addOnId: this add-on is not offered at this location'],
      [retired.id, 'addOnId: this add-on is no longer offered'],
      [theirAddOn.id, 'addOnId: unknown add-on'],
    ];
    for (const [addOnId, message] of cases) {
      const res = await desk.call(api.createAppointmentAddOn, { body: { data: { appointmentId: appointment.id, addOnId } } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('attaches add-ons with an update, in its transaction: a refused add-on leaves the appointment as it was', async () => {
    const { data } = await bookingFor({ ...times('07:00', '07:30') });
    const booked = await book(data);
    const branch = await addLocation(ctx, home);
    const branchAddOn = await newAddOn(home.admin, branch);
    const theirAddOn = await newAddOn(other.admin, other.locationId);
    const refused: [api.AddOnAttachInput, string][] = [
      [{ addOnId: urn.id, values: { Colour: 'Pink' } }, 'addOns.1.values.Colour: must be one of Oak, Walnut'],
      [{ addOnId: branchAddOn.id }, 'addOns.1.addOnId: this add-on is not offered at this location'],
      [{ addOnId: theirAddOn.id }, 'addOns.1.addOnId: unknown add-on'],
    ];
    for (const [bad, message] of refused) {
      const res = await update(booked.id, { notes: 'Changed', ...times('08:00', '08:30'), addOns: [{ addOnId: urn.id }, bad] });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const unchanged = await detail(booked.id);
    expect([unchanged.notes, unchanged.startAt, unchanged.addOns]).toEqual([null, booked.startAt, []]);

    const res = await update(booked.id, {
      notes: 'Changed',
      addOns: [
        { addOnId: urn.id, values: { colour: 'Oak' } },
        { addOnId: urn.id, values: { Engraving: 'Max' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as api.Appointment;
    expect(saved.notes).toBe('Changed');
    expect(saved.addOns.map((a) => [a.name, a.values])).toEqual(
      expect.arrayContaining([
        ['Urn', { Colour: 'Oak' }],
        ['Urn', { Engraving: 'Max' }],
      ]),
    );
    expect(saved.addOns).toHaveLength(2);
    // Only add-ons: attached to what is there, which stays.
    const more = await update(booked.id, { addOns: [{ addOnId: urn.id }] });
    expect(more.statusCode, more.body).toBe(200);
    expect((await detail(booked.id)).addOns).toHaveLength(3);
    // Another account's appointment is not found, whatever is attached.
    expect((await update(theirs.appointment.id, { addOns: [{ addOnId: urn.id }] })).statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).addOns.every((a) => a.addOnId !== urn.id)).toBe(true);
  });

  it('answers 404 across accounts', async () => {
    const theirAddOn = await newAddOn(other.admin, other.locationId);
    const onTheirs = await desk.call(api.createAppointmentAddOn, { body: { data: { appointmentId: theirs.appointment.id, addOnId: urn.id } } });
    expect(onTheirs.statusCode).toBe(404);
    const attached = (
      await other.admin.call(api.createAppointmentAddOn, {
        body: { data: { appointmentId: theirs.appointment.id, addOnId: theirAddOn.id } },
      })
    ).json() as api.AppointmentAddOn;
    expect((await desk.call(api.updateAppointmentAddOn, { params: { id: attached.id }, body: { data: { values: {} } } })).statusCode).toBe(404);
    expect((await desk.call(api.deleteAppointmentAddOn, { params: { id: attached.id } })).statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).addOns).toHaveLength(1);
  });
});

describe.runIf(onPostgres)('a booking meeting a delete', () => {
  it('answers 409 when the client is deleted while the booking is written', async () => {
    const { household, data } = await bookingFor(times('02:00', '02:30'));
    // The delete has removed the client (and, with it, its patients) but not committed yet.
    const deleting = await holdTransaction(ctx, async (tx) => {
      await tx.delete(clients).where(eq(clients.id, household.client.id));
    });
    const booking = desk.call(api.createAppointment, { body: { data } });
    await waitForLockWaiters(ctx, 1, settledFlag(booking));
    await deleting.commit();
    const res = await booking;
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe('Something this refers to was changed at the same time. Please reload and try again.');
    // The client is gone (a filter naming it answers 404), and no appointment of theirs was written.
    expect((await desk.call(api.listAppointments, { query: { clientId: household.client.id } })).statusCode).toBe(404);
    expect((await list({ limit: 500 })).items.filter((a) => a.clientId === household.client.id)).toEqual([]);
  });

  it('makes a service delete wait for a booking with it and then refuse', async () => {
    const doomed = await newService(home.admin, home.locationId, { name: 'Short-lived' });
    const { data } = await bookingFor({ ...times('03:00', '03:30'), serviceIds: [doomed.id], primaryProviderId: vet2.userId });
    // The booking stops at its overlap lock, after checking its services, until the test lets it go.
    const gate = await holdTransaction(ctx, (tx) => appointmentsRepository.lockKeys(tx, [`appointment-provider:${vet2.userId}`]));
    const booking = desk.call(api.createAppointment, { body: { data } });
    await waitForLockWaiters(ctx, 1, settledFlag(booking));
    const deleting = home.admin.call(api.serviceOps.remove, { params: { id: doomed.id } });
    // The delete either finishes at once (nothing holds it back) or waits for the booking.
    await waitForLockWaiters(ctx, 2, settledFlag(deleting));
    await gate.commit();
    const [booked, deleted] = await Promise.all([booking, deleting]);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(errorOf(deleted)).toBe('This service is used by appointments. Make it inactive instead.');
    expect((await detail(booked.json().id)).services.map((s) => s.id)).toEqual([doomed.id]);
  });
});

describe('deleting a patient', () => {
  it('removes the patient from the appointments it was on', async () => {
    const day = nextDay();
    const { household, data } = await bookingFor({ startAt: at('09:00', day), endAt: at('09:30', day) }, { patients: ['Max', 'Bella'] });
    const appointment = await book(data);
    const res = await desk.call(api.deletePatient, { params: { id: household.patients[0]!.id } });
    expect(res.statusCode, res.body).toBe(200);
    const got = await detail(appointment.id);
    expect(got.patientIds).toEqual([household.patients[1]!.id]);
    expect(got.patients.map((p) => p.name)).toEqual(['Bella']);
    // The patient is gone: a list filtered by it is not found.
    expect((await desk.call(api.listAppointments, { query: { patientId: household.patients[0]!.id } })).statusCode).toBe(404);
  });
});

describe('a euthanasia appointment done', () => {
  const getPatient = async (id: string) => (await desk.call(api.getPatient, { params: { id } })).json() as api.PatientWithClient;
  async function walk(id: string, last: api.AppointmentUpdateInput) {
    for (const status of ['Checked In', 'Checked Out'] as const) expect((await update(id, { status }, vet)).statusCode).toBe(200);
    return update(id, last, vet);
  }

  it('marks the patients chosen deceased on the appointment’s local date, in the history of each', async () => {
    const day = nextDay();
    // 23:30 in New York is already the next day in UTC: the date is the location's.
    const { household, data } = await bookingFor({ startAt: at('23:00', day), endAt: at('23:30', day) }, { patients: ['Max', 'Bella'] });
    const appointment = await book(data);
    const [max, bella] = household.patients;
    const res = await walk(appointment.id, { status: 'Completed', deceasedPatientIds: [max!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getPatient(max!.id)).deceasedOn).toBe(day);
    expect((await getPatient(bella!.id)).deceasedOn).toBeNull();
    const audit = (await home.admin.call(api.listAuditEvents, { query: { entityType: 'patient', entityId: max!.id } })).json() as api.AuditEvent[];
    expect(audit[0]).toMatchObject({ action: 'update', changes: { deceasedOn: expect.anything() } });
    // Going on into the cremation path offers the other one again; [] leaves everyone as they are.
    expect((await update(appointment.id, { status: 'Submitted For Cremation', deceasedPatientIds: [] }, vet)).statusCode).toBe(200);
    expect((await getPatient(bella!.id)).deceasedOn).toBeNull();
  });

  it('marks all of them when the change does not say, and leaves one already deceased as it was', async () => {
    const day = nextDay();
    const { household, data } = await bookingFor({ startAt: at('10:00', day), endAt: at('10:30', day) }, { patients: ['Max', 'Bella'] });
    const appointment = await book(data);
    const [max, bella] = household.patients;
    await desk.call(api.setPatientDeceased, { params: { id: bella!.id }, body: { data: { deceasedOn: '2025-01-02', note: 'At home' } } });
    expect((await walk(appointment.id, { status: 'Submitted For Cremation' })).statusCode).toBe(200);
    expect((await getPatient(max!.id)).deceasedOn).toBe(day);
    expect(await getPatient(bella!.id)).toMatchObject({ deceasedOn: '2025-01-02', deceasedNote: 'At home' });
  });

  it('marks nobody for another kind of visit, and refuses a patient not on the appointment with nothing changed', async () => {
    const wellness = await newService(home.admin, home.locationId, { type: 'Consultation', name: 'Check-up' });
    const { household, data } = await bookingFor({ serviceIds: [wellness.id], ...times('10:00', '10:30') });
    const visit = await book(data);
    expect((await walk(visit.id, { status: 'Completed' })).statusCode).toBe(200);
    expect((await getPatient(household.patients[0]!.id)).deceasedOn).toBeNull();

    const { household: second, data: euthanasia } = await bookingFor({ ...times('11:00', '11:30') });
    const appointment = await book(euthanasia);
    const refused = await walk(appointment.id, { status: 'Completed', deceasedPatientIds: [household.patients[0]!.id] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('deceasedPatientIds: each patient must be on the appointment');
    // One transaction: the status stays too.
    expect((await detail(appointment.id)).status).toBe('Checked Out');
    expect((await getPatient(second.patients[0]!.id)).deceasedOn).toBeNull();
  });
});

describe('POST /api/appointment/{id}/correct', () => {
  const correct = (id: string, data: api.CorrectStatusInput, caller: Client = vet) =>
    caller.call(api.correctAppointmentStatus, { params: { id }, body: { data } });

  it('moves a finished appointment to another status, kept in the history as a correction with its reason', async () => {
    const { data } = await bookingFor({ ...times('08:00', '08:30') });
    const appointment = await book(data);
    for (const status of ['Checked In', 'Checked Out', 'Completed'] as const)
      expect((await update(appointment.id, { status }, vet)).statusCode).toBe(200);
    const res = await correct(appointment.id, { status: 'Checked Out', reason: ' Completed by mistake ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('Checked Out');
    const last = (await detail(appointment.id)).statusHistory.at(-1);
    expect(last).toMatchObject({
      fromStatus: 'Completed',
      toStatus: 'Checked Out',
      note: 'Completed by mistake',
      correction: true,
      changedBy: { id: vet.userId },
    });
    // The usual path goes on from there, and ordinary changes are not corrections.
    expect((await update(appointment.id, { status: 'Completed' }, vet)).statusCode).toBe(200);
    expect((await detail(appointment.id)).statusHistory.at(-1)).toMatchObject({ toStatus: 'Completed', correction: false });
  });

  it('brings a cancelled appointment back, clearing the reason, and asks about a clash with what was booked since', async () => {
    const day = nextDay();
    const { data } = await bookingFor({ startAt: at('09:00', day), endAt: at('09:30', day), primaryProviderId: vet.userId });
    const appointment = await book(data);
    await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Owner called' } } });
    const { data: other } = await bookingFor(
      { startAt: at('09:00', day), endAt: at('09:30', day), primaryProviderId: vet.userId },
      { lastName: 'Later' },
    );
    await book(other);
    const clash = await correct(appointment.id, { status: 'Confirmed', reason: 'Owner called back' }, home.admin);
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toMatch(/^Overlaps Vera User’s appointment 09:00–09:30/);
    const res = await correct(appointment.id, { status: 'Confirmed', reason: 'Owner called back', overlapReason: 'Two rooms' }, home.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Confirmed', cancellationReason: null, overlapReason: 'Two rooms' });
  });

  it('answers 400 without a reason, for an unfinished appointment, the same status, or cremation without the service', async () => {
    const { data } = await bookingFor({ ...times('12:00', '12:30') });
    const appointment = await book(data);
    const unfinished = await correct(appointment.id, { status: 'Pending', reason: 'Mistake' });
    expect(unfinished.statusCode).toBe(400);
    expect(errorOf(unfinished)).toBe('status: only a finished appointment is corrected; change the status of this Confirmed one instead');
    await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Owner called' } } });
    const cases: [api.CorrectStatusInput, string][] = [
      [{ status: 'Confirmed', reason: '  ' }, 'reason: is required'],
      [{ status: 'Cancelled', reason: 'Again' }, 'status: the appointment is already Cancelled'],
    ];
    for (const [input, message] of cases) {
      const r = await correct(appointment.id, input);
      expect(r.statusCode).toBe(400);
      expect(errorOf(r)).toBe(message);
    }
    const wellness = await newService(home.admin, home.locationId, { type: 'Consultation', name: 'Recheck' });
    const { data: visitData } = await bookingFor({ serviceIds: [wellness.id], ...times('13:00', '13:30') });
    const visit = await book(visitData);
    await desk.call(api.cancelAppointment, { params: { id: visit.id }, body: { data: { reason: 'Owner called' } } });
    const cremated = await correct(visit.id, { status: 'Cremated', reason: 'Wrong one' });
    expect(errorOf(cremated)).toBe('status: Cremated needs a euthanasia, cremation or aftercare service on the appointment');
    expect((await detail(visit.id)).status).toBe('Cancelled');
  });

  it('answers 403 with what is needed to those who may not correct', async () => {
    const { data } = await bookingFor({ ...times('14:00', '14:30') });
    const appointment = await book(data);
    await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Owner called' } } });
    for (const caller of [desk, assistant]) {
      const res = await correct(appointment.id, { status: 'Confirmed', reason: 'Mistake' }, caller);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(api.CORRECT_STATUS_DENIED);
    }
    expect((await detail(appointment.id)).status).toBe('Cancelled');
  });

  it('answers 404 for another account’s appointment', async () => {
    const res = await correct(theirs.appointment.id, { status: 'Cancelled', reason: 'Mine' }, home.admin);
    expect(res.statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).status).toBe('Confirmed');
  });
});
