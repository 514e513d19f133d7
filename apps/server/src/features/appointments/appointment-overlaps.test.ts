// A booking or change that overlaps another appointment of the same provider or patient: refused
// with a message naming the clash, or kept with a reason.
import { describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { addDays } from '@willow/contracts';
import { errorOf } from '../../../test/harness.js';
import { at } from '../../../test/scheduling-records.js';
import { assistant, book, bookingFor, desk, detail, list, home, nextDay, setUpAppointments, update, vet, vet2 } from './appointments.fixtures.js';

setUpAppointments();

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
