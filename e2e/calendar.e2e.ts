// The calendar's time grid: creating an appointment by dragging over empty time, moving and resizing
// one by dragging it, the overlap question a move can raise, and a day the clocks go forward. Times
// are checked as wall-clock times at the location, which may be in another zone than the browser.
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { pickOption, toast, toastText } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import {
  apiAppointment,
  apiAppointmentsOf,
  apiCreateAppointment,
  apiHousehold,
  appointmentDialog,
  calendarEvent,
  dayColumn,
  dragMouse,
  elapsedMinutes,
  fieldClock,
  GRID_PX_PER_MINUTE,
  type Household,
  instantAt,
  newPageInZone,
  nextSpringForward,
  openCalendar,
  ownerAt,
  pickClient,
  expectPatientPicked,
  pickFromAutocomplete,
  pointAt,
  providerNamed,
  scrollGridToMidnight,
  serviceNamed,
  shownClock,
  upcomingWednesday,
} from './scheduling.ts';

/** An event block's top and height in its column match a start (elapsed minutes into the day) and a length. */
async function expectPlaced(column: Locator, event: Locator, startMinutes: number, lengthMinutes: number) {
  await expect
    .poll(async () => {
      const c = (await column.boundingBox())!;
      const e = (await event.boundingBox())!;
      return { top: Math.round(e.y - c.y), height: Math.round(e.height) };
    })
    .toEqual({ top: Math.round(startMinutes * GRID_PX_PER_MINUTE), height: Math.round(lengthMinutes * GRID_PX_PER_MINUTE - 1) });
}

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside, with one veterinarian. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Calendar ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.wellness, SERVICES.dental, SERVICES.homeVisit],
    providers: [{ firstName: 'Cora', lastName: 'Calloway' }],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('calendar', () => {
  it('creates an appointment by dragging over empty time in the week view', async () => {
    // Ten o'clock in New York is already the next day in Tokyo: the grid and the dialog go by the location.
    const { context, page } = await newPageInZone(browser, 'Asia/Tokyo');
    try {
      const location = await ownerAt(page, own.name);
      const tz = location.timezone;
      const household = await apiHousehold(context, location, unique(), 'Dragger', 'Biscuit');
      const date = upcomingWednesday(tz);
      const dental = await serviceNamed(context, location.id, 'Dental cleaning');
      const vet = await providerNamed(context, location.id, own.providers[0]!.name);

      await openCalendar(page, 'week', date, tz);
      const wednesday = dayColumn(page, date);
      // Selections round outwards to quarter hours: 10:05 → 11:25 selects 10:00 – 11:30.
      const from = await pointAt(wednesday, date, '10:00', tz, 5);
      const to = await pointAt(wednesday, date, '11:30', tz, -5);
      const label = `${await shownClock(page, '10:00')} – ${await shownClock(page, '11:30')}`;
      await dragMouse(page, from, to, async () => {
        await expect.poll(() => page.getByTestId('calendar-drag-preview').innerText()).toBe(label);
      });

      const dialog = appointmentDialog(page, 'New appointment');
      await dialog.waitFor();
      expect(await dialog.getByTestId('appointment-time-zone').innerText()).toBe(`Times are in ${tz}`);
      expect(await dialog.getByRole('textbox', { name: 'Date', exact: true }).inputValue()).toBe(date);
      expect(await dialog.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe(await fieldClock(page, '10:00'));
      expect(await dialog.getByRole('textbox', { name: 'End', exact: true }).inputValue()).toBe(await fieldClock(page, '11:30'));
      await pickClient(dialog, household);
      await expectPatientPicked(dialog, household);
      // A 90-minute service: the end follows the services and stays where the drag put it.
      await pickFromAutocomplete(dialog, 'Services', 'Dental cleaning (90 min)');
      expect(await dialog.getByRole('textbox', { name: 'End', exact: true }).inputValue()).toBe(await fieldClock(page, '11:30'));
      // The owner is not one of the location's providers: the visit is given to its vet by hand.
      await pickOption(dialog, 'Primary provider', own.providers[0]!.name);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await toastText(page, 'Appointment created').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // It sits where it was dragged: from 10:00 and 90 minutes tall.
      const event = wednesday.locator('[data-appointment-id]').filter({ hasText: household.clientName });
      await event.waitFor();
      expect(await event.innerText()).toContain(label);
      expect(await event.innerText()).toContain(household.patient.name);
      await expectPlaced(wednesday, event, elapsedMinutes(date, '10:00', tz), 90);

      // The server has the wall-clock times at the location, whatever the browser's zone.
      const [saved] = await apiAppointmentsOf(context, household.client.id);
      expect(saved).toBeDefined();
      expect(Date.parse(saved!.startAt)).toBe(Date.parse(instantAt(date, '10:00', tz)));
      expect(Date.parse(saved!.endAt)).toBe(Date.parse(instantAt(date, '11:30', tz)));
      expect(saved!.status).toBe('Confirmed');
      expect(saved!.primaryProviderId).toBe(vet.id);
      expect(saved!.serviceIds).toEqual([dental.id]);
      expect(await event.getAttribute('data-appointment-id')).toBe(saved!.id);

      // And it is still there after a reload.
      await openCalendar(page, 'week', date, tz, { load: true });
      await calendarEvent(page, saved!.id).waitFor();
      await expectPlaced(wednesday, calendarEvent(page, saved!.id), elapsedMinutes(date, '10:00', tz), 90);
    } finally {
      await context.close();
    }
  });

  it('moves an appointment to another day and time by dragging it, and resizes it by its bottom edge', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const household = await apiHousehold(context, location, unique(), 'Mover', 'Pepper');
    const wellness = await serviceNamed(context, location.id, 'Wellness exam');
    const vet = await providerNamed(context, location.id, own.providers[0]!.name);
    const wednesday = upcomingWednesday(tz);
    const thursday = addDays(wednesday, 1);
    const created = await apiCreateAppointment(context, {
      locationId: location.id,
      clientId: household.client.id,
      patientIds: [household.patient.id],
      serviceIds: [wellness.id],
      startAt: instantAt(wednesday, '09:00', tz),
      endAt: instantAt(wednesday, '09:30', tz),
      primaryProviderId: vet.id,
    });

    await openCalendar(page, 'week', wednesday, tz);
    const event = calendarEvent(page, created.id);
    await dayColumn(page, wednesday).locator(event).waitFor();
    await expectPlaced(dayColumn(page, wednesday), event, elapsedMinutes(wednesday, '09:00', tz), 30);

    // Grabbed 10 minutes below its top and dropped at Thursday 13:10: it starts at 13:00 and keeps its 30 minutes.
    const grab = await pointAt(dayColumn(page, wednesday), wednesday, '09:00', tz, 10);
    const drop = await pointAt(dayColumn(page, thursday), thursday, '13:00', tz, 10, 0.5);
    const label = `${await shownClock(page, '13:00')} – ${await shownClock(page, '13:30')}`;
    await dragMouse(page, grab, drop, async () => {
      await expect.poll(() => page.getByTestId('calendar-drag-preview').innerText()).toBe(label);
    });
    await toast(page, 'Appointment updated').waitFor();
    await expect
      .poll(async () => {
        const a = await apiAppointment(context, created.id);
        return [a.startAt, a.endAt].map(Date.parse);
      })
      .toEqual([instantAt(thursday, '13:00', tz), instantAt(thursday, '13:30', tz)].map(Date.parse));
    await dayColumn(page, thursday).locator(event).waitFor();
    expect(await dayColumn(page, wednesday).locator(event).count()).toBe(0);
    await expectPlaced(dayColumn(page, thursday), event, elapsedMinutes(thursday, '13:00', tz), 30);

    // The bottom edge dragged to 14:16 snaps to 14:15; the start stays.
    // The edge is the block's bottom 7 px: pressed 3 px above its bottom.
    const box = (await event.boundingBox())!;
    const to = await pointAt(dayColumn(page, thursday), thursday, '14:15', tz, 1, 0.5);
    await dragMouse(page, { x: box.x + box.width / 2, y: box.y + box.height - 3 }, { x: box.x + box.width / 2, y: to.y });
    await expect
      .poll(async () => {
        const a = await apiAppointment(context, created.id);
        return [a.startAt, a.endAt].map(Date.parse);
      })
      .toEqual([instantAt(thursday, '13:00', tz), instantAt(thursday, '14:15', tz)].map(Date.parse));
    await expectPlaced(dayColumn(page, thursday), event, elapsedMinutes(thursday, '13:00', tz), 75);
    expect(await event.innerText()).toContain(`${await shownClock(page, '13:00')} – ${await shownClock(page, '14:15')}`);
    expect((await apiAppointment(context, created.id)).status).toBe('Confirmed');
  });

  it('asks for a reason before moving an appointment onto another of the same provider, and goes back on request', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const id = unique();
    const first = await apiHousehold(context, location, id, 'Early', 'Maple');
    const second = await apiHousehold(context, location, id, 'Late', 'Juniper');
    const wellness = await serviceNamed(context, location.id, 'Wellness exam');
    const vet = await providerNamed(context, location.id, own.providers[0]!.name);
    const friday = addDays(upcomingWednesday(tz), 2);
    const book = (h: Household, from: string, to: string) =>
      apiCreateAppointment(context, {
        locationId: location.id,
        clientId: h.client.id,
        patientIds: [h.patient.id],
        serviceIds: [wellness.id],
        startAt: instantAt(friday, from, tz),
        endAt: instantAt(friday, to, tz),
        primaryProviderId: vet.id,
      });
    const early = await book(first, '09:00', '09:30');
    const late = await book(second, '11:00', '11:30');

    await openCalendar(page, 'week', friday, tz);
    const column = dayColumn(page, friday);
    const moved = calendarEvent(page, late.id);
    await column.locator(moved).waitFor();
    await column.locator(calendarEvent(page, early.id)).waitFor();
    const dragOnto = async () => {
      const grab = await pointAt(column, friday, '11:00', tz, 10);
      const drop = await pointAt(column, friday, '09:15', tz, 10);
      await dragMouse(page, grab, drop);
    };

    // The server refuses the overlap; the calendar asks what to do, and going back leaves it where it was.
    await dragOnto();
    const overlap = page.getByRole('dialog', { name: 'Overlapping appointment' });
    await overlap.waitFor();
    // The clash is named, with its times at the location.
    expect(await overlap.getByRole('alert').innerText()).toBe(
      `Overlaps ${own.providers[0]!.name}’s appointment 09:00–09:30 with ${first.patient.name} (${first.client.lastName}). Give a reason to book anyway.`,
    );
    await overlap.getByRole('button', { name: 'Go back' }).click();
    await overlap.waitFor({ state: 'hidden' });
    await expectPlaced(column, moved, elapsedMinutes(friday, '11:00', tz), 30);
    const kept = await apiAppointment(context, late.id);
    expect(Date.parse(kept.startAt)).toBe(Date.parse(instantAt(friday, '11:00', tz)));
    expect(kept.overlapReason).toBeNull();

    // Booking it anyway needs a reason, which is kept with the appointment.
    await dragOnto();
    await overlap.waitFor();
    await overlap.getByRole('button', { name: 'Book anyway' }).click();
    await overlap.getByText('This field is required.').waitFor();
    await overlap.getByRole('textbox', { name: 'Reason' }).fill('Quick recheck between visits');
    await overlap.getByRole('button', { name: 'Book anyway' }).click();
    await toastText(page, 'Appointment updated').waitFor();
    await overlap.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        const a = await apiAppointment(context, late.id);
        return { startAt: Date.parse(a.startAt), endAt: Date.parse(a.endAt), overlapReason: a.overlapReason };
      })
      .toEqual({
        startAt: Date.parse(instantAt(friday, '09:15', tz)),
        endAt: Date.parse(instantAt(friday, '09:45', tz)),
        overlapReason: 'Quick recheck between visits',
      });
    // Both stay on the calendar, side by side.
    await expectPlaced(column, moved, elapsedMinutes(friday, '09:15', tz), 30);
    const a = (await calendarEvent(page, early.id).boundingBox())!;
    const b = (await moved.boundingBox())!;
    expect(a.x + a.width).toBeLessThanOrEqual(b.x);
  });

  it('on the day the clocks go forward, a drag over the missing hour books the real hour it covers', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const household = await apiHousehold(context, location, unique(), 'Springer', 'Comet');
    const day = nextSpringForward(tz);

    await openCalendar(page, 'day', day, tz);
    const column = dayColumn(page, day);
    await scrollGridToMidnight(column);
    // 01:30 to 03:30 on the wall clock is one real hour: 02:00–03:00 never happens that night.
    const from = await pointAt(column, day, '01:30', tz, 5);
    const to = await pointAt(column, day, '03:30', tz, -5);
    expect(to.y - from.y).toBeCloseTo(50 * GRID_PX_PER_MINUTE, 0);
    await dragMouse(page, from, to);

    const dialog = appointmentDialog(page, 'New appointment');
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe(await fieldClock(page, '01:30'));
    expect(await dialog.getByRole('textbox', { name: 'End', exact: true }).inputValue()).toBe(await fieldClock(page, '03:30'));
    await pickClient(dialog, household);
    await expectPatientPicked(dialog, household);
    // A 60-minute service ends 60 real minutes after 01:30: at 03:30.
    await pickFromAutocomplete(dialog, 'Services', 'Home visit exam (60 min)');
    expect(await dialog.getByRole('textbox', { name: 'End', exact: true }).inputValue()).toBe(await fieldClock(page, '03:30'));
    await pickOption(dialog, 'Primary provider', own.providers[0]!.name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, 'Appointment created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const [saved] = await apiAppointmentsOf(context, household.client.id);
    expect(saved).toBeDefined();
    expect(Date.parse(saved!.endAt) - Date.parse(saved!.startAt)).toBe(60 * 60_000);
    expect(Date.parse(saved!.startAt)).toBe(Date.parse(instantAt(day, '01:30', tz)));
    const event = calendarEvent(page, saved!.id);
    await event.waitFor();
    await expectPlaced(column, event, 90, 60);
    expect(await event.innerText()).toContain(`${await shownClock(page, '01:30')} – ${await shownClock(page, '03:30')}`);
  });
});
