import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { localDate, localMinutes } from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { seriesTimes } from './schedule.service.js';

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

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

async function createSlots(data: Record<string, unknown>, caller: Client = staff): Promise<api.ScheduleSlot[]> {
  const res = await caller.call(api.createScheduleSlot, { body: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.ScheduleSlot[];
}
async function createSlot(locationId: string, startAt: string, endAt: string, extra: Record<string, unknown> = {}): Promise<api.ScheduleSlot> {
  return (await createSlots({ locationId, startAt, endAt, ...extra }))[0]!;
}
async function listRange(query: Record<string, string>, caller: Client = staff): Promise<api.ScheduleRange> {
  const res = await caller.call(api.listSchedule, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.ScheduleRange;
}
async function createService(locationId: string, extra: Record<string, unknown> = {}): Promise<api.Service> {
  const res = await home.admin.call(api.serviceOps.create, {
    body: { data: { locationId, type: 'Consultation', name: 'Exam', duration: 30, price: 50, ...extra } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Service;
}
async function createNote(data: Record<string, unknown>, caller: Client = staff): Promise<api.ScheduleNote> {
  const res = await caller.call(api.scheduleNoteOps.create, { body: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.ScheduleNote;
}
/** A provider working at `locationIds` (assigned by an administrator, as the users screen does). */
async function providerAt(locationIds: string[], permissions: api.Permission[] = ['appointments.primary_provider'], firstName?: string) {
  const user = await createUser(ctx, home, permissions, firstName ? { firstName } : {});
  const res = await home.admin.call(api.updateUser, { params: { id: user.userId }, body: { data: { locationIds } } });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}
async function markAvailable(user: Client & { userId: string }, startAt: string) {
  const res = await user.call(api.updateAvailability, {
    params: { id: user.userId },
    body: { data: { type: 'scheduleSlot', veterinarianId: user.userId, startAt, action: 'add' } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('schedule slots', () => {
  it('creates one slot and lists it in its range', async () => {
    const locationId = await addLocation(ctx, home);
    const service = await createService(locationId);
    const [slot, ...rest] = await createSlots({
      locationId,
      startAt: '2026-11-02T14:00:00.000Z',
      endAt: '2026-11-02T15:00:00-00:00',
      serviceIds: [service.id, service.id],
      capacity: 2,
    });
    expect(rest).toEqual([]);
    expect(slot).toMatchObject({
      locationId,
      startAt: '2026-11-02T14:00:00.000Z',
      endAt: '2026-11-02T15:00:00.000Z',
      serviceIds: [service.id],
      capacity: 2,
      seriesId: null,
      veterinarianIds: [],
    });
    expect(await listRange({ startDate: '2026-11-02T00:00:00Z', endDate: '2026-11-03T00:00:00Z', locationId })).toEqual({
      scheduleSlots: [slot],
      scheduleNotes: [],
    });
  });

  it('answers slots overlapping [start, end) once, and none that only touch its edges', async () => {
    const locationId = await addLocation(ctx, home);
    const acrossStart = await createSlot(locationId, '2026-11-02T13:00:00Z', '2026-11-02T15:00:00Z');
    await createSlot(locationId, '2026-11-02T12:00:00Z', '2026-11-02T14:00:00Z'); // ends exactly at the start
    const inside = await createSlot(locationId, '2026-11-02T16:00:00Z', '2026-11-02T17:00:00Z');
    const acrossEnd = await createSlot(locationId, '2026-11-02T19:30:00Z', '2026-11-02T21:00:00Z');
    await createSlot(locationId, '2026-11-02T20:00:00Z', '2026-11-02T21:00:00Z'); // starts exactly at the end
    const range = await listRange({ startDate: '2026-11-02T14:00:00Z', endDate: '2026-11-02T20:00:00Z', locationId });
    expect(range.scheduleSlots.map((s) => s.id)).toEqual([acrossStart.id, inside.id, acrossEnd.id]);
  });

  it('lists every location of the account when no location is given, and no other account’s', async () => {
    const [a, b] = [await addLocation(ctx, home), await addLocation(ctx, home, { timezone: LA })];
    const sa = await createSlot(a, '2027-03-01T14:00:00Z', '2027-03-01T15:00:00Z');
    const sb = await createSlot(b, '2027-03-01T17:00:00Z', '2027-03-01T18:00:00Z');
    const theirs = await createSlots({ locationId: other.locationId, startAt: '2027-03-01T14:00:00Z', endAt: '2027-03-01T15:00:00Z' }, other.admin);
    const range = await listRange({ startDate: '2027-03-01T00:00:00Z', endDate: '2027-03-02T00:00:00Z' });
    expect(range.scheduleSlots.map((s) => s.id)).toEqual([sa.id, sb.id]);
    expect(range.scheduleSlots.map((s) => s.id)).not.toContain(theirs[0]!.id);
  });

  it('repeats a series on local weekdays across a daylight-saving change, keeping 09:00', async () => {
    const locationId = await addLocation(ctx, home, { timezone: NY });
    // Monday 26 October 2026, 09:00–09:45 in New York (EDT); the clocks go back on 1 November.
    const slots = await createSlots({
      locationId,
      startAt: '2026-10-26T13:00:00Z',
      endAt: '2026-10-26T13:45:00Z',
      repeat: { weekdays: [5, 1, 2, 3, 4], weeks: 3 },
    });
    expect(slots).toHaveLength(15);
    const seriesId = slots[0]!.seriesId;
    expect(seriesId).toEqual(expect.any(String));
    expect(new Set(slots.map((s) => s.seriesId))).toEqual(new Set([seriesId]));
    expect(slots.map((s) => localDate(s.startAt, NY))).toEqual([
      ...['26', '27', '28', '29', '30'].map((d) => `2026-10-${d}`),
      ...['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((d) => `2026-11-${d}`),
    ]);
    for (const s of slots) {
      expect(localMinutes(s.startAt, NY), s.startAt).toBe(9 * 60);
      expect(localMinutes(s.endAt, NY), s.endAt).toBe(9 * 60 + 45);
    }
    expect(slots[4]!.startAt).toBe('2026-10-30T13:00:00.000Z');
    expect(slots[5]!.startAt).toBe('2026-11-02T14:00:00.000Z');
    const listed = await listRange({ startDate: '2026-10-25T00:00:00Z', endDate: '2026-11-15T00:00:00Z', locationId });
    expect(listed.scheduleSlots.map((s) => s.id)).toEqual(slots.map((s) => s.id));
  });

  it('starts a series with the first slot: chosen days earlier in its week are skipped', async () => {
    // Wednesday 28 October 2026, Mon/Wed/Fri for two weeks: the Monday before is not created.
    const times = seriesTimes(new Date('2026-10-28T13:00:00Z'), new Date('2026-10-28T14:00:00Z'), { weekdays: [1, 3, 5], weeks: 2 }, NY);
    expect(times.map((t) => localDate(t.startAt, NY))).toEqual(['2026-10-28', '2026-10-30', '2026-11-02', '2026-11-04', '2026-11-06']);
    // A slot past local midnight keeps ending on the next day; on the spring-forward night 02:00
    // does not exist, so that one ends at 03:00.
    const late = seriesTimes(new Date('2026-03-07T04:00:00Z'), new Date('2026-03-07T07:00:00Z'), { weekdays: [5, 6], weeks: 2 }, NY);
    expect(late.map((t) => [localDate(t.startAt, NY), localMinutes(t.startAt, NY), localDate(t.endAt, NY), localMinutes(t.endAt, NY)])).toEqual([
      ['2026-03-06', 23 * 60, '2026-03-07', 2 * 60],
      ['2026-03-07', 23 * 60, '2026-03-08', 3 * 60],
      ['2026-03-13', 23 * 60, '2026-03-14', 2 * 60],
      ['2026-03-14', 23 * 60, '2026-03-15', 2 * 60],
    ]);
  });

  it('answers 400 naming the field, creating nothing', async () => {
    const locationId = await addLocation(ctx, home);
    const elsewhere = await createService(home.locationId);
    const valid = { locationId, startAt: '2026-12-01T14:00:00Z', endAt: '2026-12-01T15:00:00Z' };
    const cases: [Record<string, unknown>, string][] = [
      [{ endAt: '2026-12-01T14:00:00Z' }, 'endAt: must be after the start'],
      [{ startAt: '2026-12-01 14:00' }, 'startAt: must be a date and time (ISO 8601)'],
      [{ capacity: 0 }, 'capacity: must be at least 1'],
      [{ locationId: other.locationId }, 'locationId: unknown location'],
      [{ serviceIds: [elsewhere.id] }, 'serviceIds: unknown service'],
      [{ serviceIds: [randomUUID()] }, 'serviceIds: unknown service'],
      [{ repeat: { weekdays: [], weeks: 2 } }, 'repeat.weekdays: choose at least one weekday'],
      [{ repeat: { weekdays: [7], weeks: 2 } }, 'repeat.weekdays.0: must be a weekday from 0 (Sunday) to 6 (Saturday)'],
      [{ repeat: { weekdays: [1], weeks: 53 } }, 'repeat.weeks: must be at most 52'],
      // Tuesday start, Mondays only, one week: nothing falls in the series.
      [{ repeat: { weekdays: [1], weeks: 1 } }, 'repeat.weekdays: none of the chosen weekdays falls within the series'],
    ];
    for (const [extra, message] of cases) {
      const res = await staff.call(api.createScheduleSlot, { body: { data: { ...valid, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await listRange({ startDate: '2026-11-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z', locationId })).scheduleSlots).toEqual([]);
  });

  it('answers 400 for a bad range', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ startDate: '2026-11-02T00:00:00Z', endDate: '2026-11-02T00:00:00Z' }, 'endDate: must be after startDate'],
      [{ startDate: '2026-11-01T00:00:00Z', endDate: '2027-01-03T00:00:00Z' }, 'endDate: must be at most 62 days after startDate'],
      [{ startDate: 'yesterday', endDate: '2026-11-02T00:00:00Z' }, 'startDate: must be a date and time (ISO 8601)'],
    ];
    for (const [query, message] of cases) {
      const res = await staff.call(api.listSchedule, { query });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('updates only the fields sent and checks the result', async () => {
    const locationId = await addLocation(ctx, home);
    const service = await createService(locationId);
    const slot = await createSlot(locationId, '2026-12-02T14:00:00Z', '2026-12-02T15:00:00Z');
    const res = await staff.call(api.updateScheduleSlot, { params: { id: slot.id }, body: { data: { capacity: 3, serviceIds: [service.id] } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...slot, capacity: 3, serviceIds: [service.id], updatedAt: expect.any(String) });
    const cases: [Record<string, unknown>, string][] = [
      [{ startAt: '2026-12-02T15:00:00Z' }, 'endAt: must be after the start'],
      [{ startAt: '2026-12-02T16:00:00Z', endAt: '2026-12-02T15:30:00Z' }, 'endAt: must be after the start'],
      [{ serviceIds: [(await createService(home.locationId)).id] }, 'serviceIds: unknown service'],
      [{ capacity: 101 }, 'capacity: must be at most 100'],
    ];
    for (const [data, message] of cases) {
      const bad = await staff.call(api.updateScheduleSlot, { params: { id: slot.id }, body: { data } });
      expect(bad.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorOf(bad)).toBe(message);
    }
    const moved = await staff.call(api.updateScheduleSlot, { params: { id: slot.id }, body: { data: { startAt: '2026-12-02T14:30:00Z' } } });
    expect(moved.json()).toMatchObject({ startAt: '2026-12-02T14:30:00.000Z', endAt: '2026-12-02T15:00:00.000Z', capacity: 3 });
  });

  it('deletes one slot, or it and the later slots of its series', async () => {
    const locationId = await addLocation(ctx, home);
    const series = await createSlots({ locationId, startAt: '2027-01-04T14:00:00Z', endAt: '2027-01-04T15:00:00Z', repeat: { weekdays: [1], weeks: 6 } });
    const lone = await createSlot(locationId, '2027-01-05T14:00:00Z', '2027-01-05T15:00:00Z');
    const following = await staff.call(api.deleteScheduleSlot, { params: { id: series[3]!.id }, query: { series: 'following' } });
    expect(following.statusCode, following.body).toBe(200);
    expect(following.json()).toEqual({ ok: true, deleted: 3 });
    const one = await staff.call(api.deleteScheduleSlot, { params: { id: series[1]!.id } });
    expect(one.json()).toEqual({ ok: true, deleted: 1 });
    const alone = await staff.call(api.deleteScheduleSlot, { params: { id: lone.id }, query: { series: 'following' } });
    expect(alone.json()).toEqual({ ok: true, deleted: 1 });
    const left = await listRange({ startDate: '2027-01-01T00:00:00Z', endDate: '2027-03-01T00:00:00Z', locationId });
    expect(left.scheduleSlots.map((s) => s.id)).toEqual([series[0]!.id, series[2]!.id]);
    const bad = await staff.call(api.deleteScheduleSlot, { params: { id: series[0]!.id }, query: { series: 'all' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('series: Invalid option: expected one of "one"|"following"');
  });

  it("answers 404 for another account's slot or location", async () => {
    const slot = await createSlot(home.locationId, '2026-12-03T14:00:00Z', '2026-12-03T15:00:00Z');
    const them = other.admin;
    expect((await them.call(api.updateScheduleSlot, { params: { id: slot.id }, body: { data: { capacity: 5 } } })).statusCode).toBe(404);
    expect((await them.call(api.deleteScheduleSlot, { params: { id: slot.id } })).statusCode).toBe(404);
    const range = { startDate: '2026-12-03T00:00:00Z', endDate: '2026-12-04T00:00:00Z' };
    expect((await them.call(api.listSchedule, { query: { ...range, locationId: home.locationId } })).statusCode).toBe(404);
    expect((await them.call(api.listSchedule, { query: range })).json()).toEqual({ scheduleSlots: [], scheduleNotes: [] });
    expect((await listRange({ ...range, locationId: home.locationId })).scheduleSlots).toEqual([slot]);
  });

  it('keeps a history of slot changes', async () => {
    const slot = await createSlot(home.locationId, '2026-12-04T14:00:00Z', '2026-12-04T15:00:00Z');
    await staff.call(api.updateScheduleSlot, { params: { id: slot.id }, body: { data: { capacity: 4 } } });
    await staff.call(api.deleteScheduleSlot, { params: { id: slot.id } });
    const res = await staff.call(api.listAuditEvents, { query: { entityType: 'scheduleSlot', entityId: slot.id } });
    expect((res.json() as api.AuditEvent[]).map((e) => [e.action, e.changes.capacity])).toEqual([
      ['delete', { from: 4, to: null }],
      ['update', { from: 1, to: 4 }],
      ['create', { from: null, to: 1 }],
    ]);
  });

  it('names the providers available at each slot’s start who work at its location', async () => {
    const locationId = await addLocation(ctx, home);
    const elsewhere = await addLocation(ctx, home);
    const bea = await providerAt([locationId], ['appointments.primary_provider'], 'Bea');
    const al = await providerAt([locationId, elsewhere], ['appointments.secondary_provider'], 'Al');
    const away = await providerAt([elsewhere]);
    const nine = await createSlot(locationId, '2026-12-07T14:00:00Z', '2026-12-07T15:00:00Z');
    const ten = await createSlot(locationId, '2026-12-07T15:00:00Z', '2026-12-07T16:00:00Z');
    for (const who of [bea, al, away]) await markAvailable(who, '2026-12-07T14:00:00Z');
    await markAvailable(bea, '2026-12-07T15:00:00+00:00');
    const range = await listRange({ startDate: '2026-12-07T00:00:00Z', endDate: '2026-12-08T00:00:00Z', locationId });
    expect(range.scheduleSlots.map((s) => [s.id, s.veterinarianIds])).toEqual([
      [nine.id, [al.userId, bea.userId]],
      [ten.id, [bea.userId]],
    ]);
  });
});

describe('schedule notes', () => {
  it('creates, updates and deletes a note', async () => {
    const provider = await createUser(ctx, home, ['appointments.primary_provider']);
    const note = await createNote({ locationId: home.locationId, date: '2026-12-10', text: '  Staff meeting at noon ' });
    expect(note).toMatchObject({ locationId: home.locationId, date: '2026-12-10', providerId: null, text: 'Staff meeting at noon', createdById: staff.userId });
    const res = await staff.call(api.scheduleNoteOps.update, { params: { id: note.id }, body: { data: { providerId: provider.userId, date: '2026-12-11' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...note, providerId: provider.userId, date: '2026-12-11', updatedAt: expect.any(String) });
    const gone = await staff.call(api.scheduleNoteOps.remove, { params: { id: note.id } });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ ok: true });
    expect((await listRange({ startDate: '2026-12-09T00:00:00Z', endDate: '2026-12-13T00:00:00Z', locationId: home.locationId })).scheduleNotes).toEqual([]);
    const history = await staff.call(api.listAuditEvents, { query: { entityType: 'scheduleNote', entityId: note.id } });
    expect((history.json() as api.AuditEvent[]).map((e) => e.action)).toEqual(['delete', 'update', 'create']);
  });

  it('answers 400 naming the field', async () => {
    const theirUser = await createUser(ctx, other);
    const valid = { locationId: home.locationId, date: '2026-12-10', text: 'Closed early' };
    const cases: [Record<string, unknown>, string][] = [
      [{ date: '10/12/2026' }, 'date: must be a date (YYYY-MM-DD)'],
      [{ text: '   ' }, 'text: is required'],
      [{ text: 'x'.repeat(1000) }, api.MESSAGES.messageTooLong],
      [{ locationId: other.locationId }, 'locationId: unknown location'],
      [{ providerId: theirUser.userId }, 'providerId: unknown user'],
    ];
    for (const [extra, message] of cases) {
      const res = await staff.call(api.scheduleNoteOps.create, { body: { data: { ...valid, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const note = await createNote(valid);
    const bad = await staff.call(api.scheduleNoteOps.update, { params: { id: note.id }, body: { data: { providerId: theirUser.userId } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('providerId: unknown user');
  });

  it("answers 404 for another account's note", async () => {
    const note = await createNote({ locationId: home.locationId, date: '2026-12-12', text: 'Inventory' });
    expect((await other.admin.call(api.scheduleNoteOps.update, { params: { id: note.id }, body: { data: { text: 'Mine' } } })).statusCode).toBe(404);
    expect((await other.admin.call(api.scheduleNoteOps.remove, { params: { id: note.id } })).statusCode).toBe(404);
    const range = await listRange({ startDate: '2026-12-12T05:00:00Z', endDate: '2026-12-13T05:00:00Z', locationId: home.locationId });
    expect(range.scheduleNotes).toEqual([note]);
  });

  it("answers the notes of the range's local days in the location's time zone", async () => {
    const locationId = await addLocation(ctx, home, { timezone: LA });
    const nyLocation = await addLocation(ctx, home, { timezone: NY });
    const [before, on, after] = await Promise.all(
      ['2026-11-01', '2026-11-02', '2026-11-03'].map((date) => createNote({ locationId, date, text: `Note ${date}` })),
    );
    const nyOn = await createNote({ locationId: nyLocation, date: '2026-11-02', text: 'New York' });
    const nyAfter = await createNote({ locationId: nyLocation, date: '2026-11-03', text: 'New York later' });
    // Monday 2 November in Los Angeles: 08:00Z to 08:00Z the next day, which touches 3 November in UTC.
    const day = { startDate: '2026-11-02T08:00:00Z', endDate: '2026-11-03T08:00:00Z' };
    expect((await listRange({ ...day, locationId })).scheduleNotes.map((n) => n.id)).toEqual([on!.id]);
    // Without a location each location's notes are by its own local days (03:00 on the 3rd in New York).
    const all = (await listRange(day)).scheduleNotes.map((n) => n.id);
    expect(all).toEqual(expect.arrayContaining([on!.id, nyOn.id, nyAfter.id]));
    expect(all).not.toContain(before!.id);
    expect(all).not.toContain(after!.id);
  });
});

describe('calendar sidebar', () => {
  it('lists the providers working at the location with the services they offer, and its services', async () => {
    const locationId = await addLocation(ctx, home);
    const elsewhere = await addLocation(ctx, home);
    const dental = await createService(locationId, { type: 'Dental', name: 'Scale and polish' });
    const exam = await createService(locationId, { type: 'Consultation', name: 'Exam' });
    const retired = await createService(locationId, { type: 'Other', name: 'Retired', active: false });
    const farAway = await createService(elsewhere);
    const vet = await providerAt([locationId], ['appointments.primary_provider'], 'Vera');
    const assistant = await providerAt([locationId], ['appointments.secondary_provider'], 'Ann');
    const both = await providerAt([locationId, elsewhere], ['appointments.primary_provider', 'appointments.secondary_provider'], 'Bo');
    await providerAt([locationId], ['users.manage'], 'Desk');
    await providerAt([elsewhere], ['appointments.primary_provider'], 'Away');
    const superAdmin = await createUser(ctx, home, [], { system: ['system.admin'], firstName: 'Sue' });
    await home.admin.call(api.updateUser, { params: { id: superAdmin.userId }, body: { data: { locationIds: [locationId] } } });
    const gone = await providerAt([locationId], ['appointments.primary_provider'], 'Gone');
    expect((await home.admin.call(api.toggleUserActivation, { params: { id: gone.userId }, body: { data: { isActive: false } } })).statusCode).toBe(200);
    for (const [who, serviceId] of [
      [vet, dental.id],
      [vet, exam.id],
      [vet, retired.id],
      [both, farAway.id],
    ] as const) {
      const res = await who.call(api.updateAvailability, {
        params: { id: who.userId },
        body: { data: { type: 'veterinarianService', veterinarianId: who.userId, serviceId, action: 'add' } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await staff.call(api.getScheduleSidebar, { query: { locationId }, headers: { 'x-pwa': 'true' } });
    expect(res.statusCode, res.body).toBe(200);
    const sidebar = res.json() as api.Sidebar;
    expect(sidebar.providers).toEqual([
      { id: assistant.userId, firstName: 'Ann', lastName: 'User', isPrimaryProvider: false, isSecondaryProvider: true, serviceIds: [] },
      { id: both.userId, firstName: 'Bo', lastName: 'User', isPrimaryProvider: true, isSecondaryProvider: true, serviceIds: [] },
      { id: vet.userId, firstName: 'Vera', lastName: 'User', isPrimaryProvider: true, isSecondaryProvider: false, serviceIds: [exam.id, dental.id, retired.id] },
    ]);
    expect(sidebar.services.map((s) => s.id)).toEqual([exam.id, dental.id, retired.id]);
    const active = (await staff.call(api.getScheduleSidebar, { query: { locationId, onlyActive: true } })).json() as api.Sidebar;
    expect(active.services.map((s) => s.id)).toEqual([exam.id, dental.id]);
    expect(active.providers.find((p) => p.id === vet.userId)!.serviceIds).toEqual([exam.id, dental.id]);
    // Without a location: every provider of the account and every service.
    const everywhere = (await staff.call(api.getScheduleSidebar, { query: {} })).json() as api.Sidebar;
    expect(everywhere.providers.map((p) => p.firstName)).toEqual(expect.arrayContaining(['Ann', 'Away', 'Bo', 'Vera']));
    expect(everywhere.providers.find((p) => p.id === both.userId)!.serviceIds).toEqual([farAway.id]);
    expect(everywhere.services.map((s) => s.id)).toEqual(expect.arrayContaining([exam.id, farAway.id]));
    expect(everywhere.providers.map((p) => p.firstName)).not.toContain('Sue');
  });

  it("answers 404 for another account's location and 400 for a bad one", async () => {
    const res = await other.admin.call(api.getScheduleSidebar, { query: { locationId: home.locationId } });
    expect(res.statusCode).toBe(404);
    const bad = await staff.call(api.getScheduleSidebar, { query: { locationId: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('locationId: must be a valid id');
  });
});

describe('providers available at slots', () => {
  const PRIMARY: api.Permission[] = ['appointments.primary_provider'];
  async function slotTimesOf(user: { userId: string }): Promise<string[]> {
    const res = await home.admin.call(api.getAvailability, { params: { id: user.userId } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as api.ProviderAvailability).slotStartTimes;
  }
  async function moveSlot(id: string, data: Record<string, unknown>): Promise<api.ScheduleSlot> {
    const res = await staff.call(api.updateScheduleSlot, { params: { id }, body: { data } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as api.ScheduleSlot;
  }
  async function deleteSlot(id: string, series: 'one' | 'following' = 'one') {
    const res = await staff.call(api.deleteScheduleSlot, { params: { id }, query: { series } });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('creates a series with its providers in one request', async () => {
    const locationId = await addLocation(ctx, home);
    const bea = await providerAt([locationId], PRIMARY, 'Bea');
    const al = await providerAt([locationId], ['appointments.secondary_provider'], 'Al');
    // Monday 1 April 2030, 09:00 in New York, Mondays and Wednesdays for two weeks.
    const slots = await createSlots(
      { locationId, startAt: '2030-04-01T13:00:00Z', endAt: '2030-04-01T14:00:00Z', repeat: { weekdays: [1, 3], weeks: 2 }, veterinarianIds: [bea.userId, al.userId, bea.userId] },
      home.admin,
    );
    expect(slots.map((s) => s.startAt)).toEqual(['2030-04-01', '2030-04-03', '2030-04-08', '2030-04-10'].map((d) => `${d}T13:00:00.000Z`));
    for (const s of slots) expect(s.veterinarianIds).toEqual([al.userId, bea.userId]);
    expect(await slotTimesOf(bea)).toEqual(slots.map((s) => s.startAt));
    expect(await slotTimesOf(al)).toEqual(slots.map((s) => s.startAt));
    const listed = await listRange({ startDate: '2030-04-01T00:00:00Z', endDate: '2030-04-11T00:00:00Z', locationId });
    expect(listed.scheduleSlots).toEqual(slots);
    // Providers may make themselves available without users.manage.
    const [own] = await createSlots({ locationId, startAt: '2030-04-02T13:00:00Z', endAt: '2030-04-02T14:00:00Z', veterinarianIds: [bea.userId] }, bea);
    expect(own!.veterinarianIds).toEqual([bea.userId]);
  });

  it('refuses providers who cannot be, and someone else without users.manage, creating nothing', async () => {
    const locationId = await addLocation(ctx, home);
    const bea = await providerAt([locationId], PRIMARY, 'Bea');
    const gone = await providerAt([locationId], PRIMARY, 'Gone');
    expect((await home.admin.call(api.toggleUserActivation, { params: { id: gone.userId }, body: { data: { isActive: false } } })).statusCode).toBe(200);
    const theirs = await createUser(ctx, other, PRIMARY);
    const valid = { locationId, startAt: '2030-04-15T13:00:00Z', endAt: '2030-04-15T14:00:00Z', repeat: { weekdays: [1], weeks: 2 } };
    const cases: [unknown, string][] = [
      [[randomUUID()], 'veterinarianIds: unknown user'],
      [[bea.userId, theirs.userId], 'veterinarianIds: unknown user'],
      [[gone.userId], 'veterinarianIds: this user is not active'],
      [[staff.userId], 'veterinarianIds: this user cannot be a provider'],
      [['nope'], 'veterinarianIds.0: must be a valid id'],
      [Array.from({ length: 21 }, () => randomUUID()), 'veterinarianIds: must have at most 20 providers'],
    ];
    for (const [veterinarianIds, message] of cases) {
      const res = await home.admin.call(api.createScheduleSlot, { body: { data: { ...valid, veterinarianIds } } });
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const forbidden = await staff.call(api.createScheduleSlot, { body: { data: { ...valid, veterinarianIds: [bea.userId] } } });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden)).toBe('You do not have permission to do this');
    expect((await listRange({ startDate: '2030-04-14T00:00:00Z', endDate: '2030-04-30T00:00:00Z', locationId })).scheduleSlots).toEqual([]);
    expect(await slotTimesOf(bea)).toEqual([]);
  });

  it('moves the providers with a slot whose start changes, and keeps them at a start another slot still has', async () => {
    const locationId = await addLocation(ctx, home);
    const bea = await providerAt([locationId], PRIMARY, 'Bea');
    const at = (hour: number) => `2030-05-06T${hour}:00:00.000Z`;
    const [alone] = await createSlots({ locationId, startAt: at(13), endAt: at(14), veterinarianIds: [bea.userId] }, bea);
    const moved = await moveSlot(alone!.id, { startAt: at(14), endAt: at(15) });
    expect(moved.veterinarianIds).toEqual([bea.userId]);
    expect(await slotTimesOf(bea)).toEqual([at(14)]);

    // Two slots start at 16:00; moving one leaves the other's providers where they are.
    const [shared] = await createSlots({ locationId, startAt: at(16), endAt: at(17), veterinarianIds: [bea.userId] }, bea);
    const sibling = await createSlot(locationId, at(16), at(18));
    expect(sibling.veterinarianIds).toEqual([bea.userId]);
    expect((await moveSlot(shared!.id, { startAt: at(18), endAt: at(19) })).veterinarianIds).toEqual([bea.userId]);
    expect(await slotTimesOf(bea)).toEqual([at(14), at(16), at(18)]);
    const day = await listRange({ startDate: '2030-05-06T00:00:00Z', endDate: '2030-05-07T00:00:00Z', locationId });
    expect(day.scheduleSlots.map((s) => [s.id, s.veterinarianIds])).toEqual([
      [alone!.id, [bea.userId]],
      [sibling.id, [bea.userId]],
      [shared!.id, [bea.userId]],
    ]);
    // Other changes leave availability alone.
    await moveSlot(alone!.id, { endAt: at(16), capacity: 2 });
    expect(await slotTimesOf(bea)).toEqual([at(14), at(16), at(18)]);
  });

  it('deletes the availability at start times no slot has any more', async () => {
    const locationId = await addLocation(ctx, home);
    const bea = await providerAt([locationId], PRIMARY, 'Bea');
    const mondays = ['2030-06-03', '2030-06-10', '2030-06-17', '2030-06-24'].map((d) => `${d}T13:00:00.000Z`);
    const series = await createSlots(
      { locationId, startAt: mondays[0], endAt: '2030-06-03T14:00:00Z', repeat: { weekdays: [1], weeks: 4 }, veterinarianIds: [bea.userId] },
      bea,
    );
    expect(series.map((s) => s.startAt)).toEqual(mondays);
    // Another slot at the third Monday's start time keeps that time's providers.
    const lone = await createSlot(locationId, mondays[2]!, '2030-06-17T15:00:00Z');
    await deleteSlot(series[0]!.id);
    expect(await slotTimesOf(bea)).toEqual(mondays.slice(1));
    await deleteSlot(series[1]!.id, 'following');
    expect(await slotTimesOf(bea)).toEqual([mondays[2]]);
    const left = await listRange({ startDate: '2030-06-01T00:00:00Z', endDate: '2030-06-30T00:00:00Z', locationId });
    expect(left.scheduleSlots.map((s) => [s.id, s.veterinarianIds])).toEqual([[lone.id, [bea.userId]]]);
    await deleteSlot(lone.id);
    expect(await slotTimesOf(bea)).toEqual([]);
  });
});
