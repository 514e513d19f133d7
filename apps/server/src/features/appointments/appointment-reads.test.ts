// Reading appointments: the list and calendar range with their filters, one appointment, the
// pending badge, and that none of it answers without a session.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { addDays, type Operation } from '@willow/contracts';
import { anonymous, createAccount, errorOf } from '../../../test/harness.js';
import { addLocation, newPatient } from '../../../test/records.js';
import { at, newHousehold, newService } from '../../../test/scheduling-records.js';
import { appointmentsRepository } from './appointments.repository.js';
import { assistant, book, bookingFor, ctx, desk, detail, home, list, nextDay, other, service, setUpAppointments, theirs, times, vet } from './appointments.fixtures.js';

setUpAppointments();

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

  it('answers the same timestamps in the week and the list as one appointment read through Dates', async () => {
    // The week and the list slice each timestamp from the driver's text (decision 0237); one
    // appointment's read still makes Dates and writes them out: the characters must agree,
    // microseconds of now() cut to milliseconds alike, a confirmed email's time among them.
    const { data } = await bookingFor(times('11:00', '11:45'), { lastName: 'Stamps' });
    const booked = await book(data);
    await appointmentsRepository.confirmEmail(ctx.database.db, { accountId: home.accountId }, booked.id);
    const one = await detail(booked.id);
    expect(one.emailConfirmedAt).not.toBeNull();
    const stamps = (a: api.Appointment) => [a.startAt, a.endAt, a.emailConfirmedAt, a.createdAt, a.updatedAt];
    const week = await list({ locationId: home.locationId, startDate: data.startAt, endDate: data.endAt });
    const paged = await list({ clientId: data.clientId });
    for (const answer of [week, paged]) {
      const found = answer.items.find((a) => a.id === booked.id)!;
      expect(stamps(found)).toEqual(stamps(one));
      expect(found.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
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
