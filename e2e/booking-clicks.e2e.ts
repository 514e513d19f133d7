// Booking as the front desk does on the phone with a family, counting the clicks: from a slot in
// the calendar (its provider, date and time filled), the client found by typing (their only dog
// picked with them), the service found by typing (a home euthanasia switches Home visit on with
// the family's address), Save. At 1440 px (week view) and 375 px (day view). Then "Book" from a
// client's page and a patient's row, and the overlap question's next free time taken in one click.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@willow/contracts';
import { seriousViolations } from './axe.ts';
import { launch, newPage } from './browser.ts';
import { apiCreateClient, apiCreatePatient, json, speciesId, toastText, type LocationInfo } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import {
  apiAppointmentsOf,
  apiCreateAppointment,
  appointmentDialog,
  dayColumn,
  fieldClock,
  HOUSEHOLD_ADDRESS,
  type Household,
  instantAt,
  openCalendar,
  ownerAt,
  pointAt,
  scrollGridTo,
  shownClock,
  upcomingWednesday,
} from './scheduling.ts';

/** The goal of issue 30: a booking from the calendar in at most this many clicks, typing aside. */
const MAX_CLICKS = 6;
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Booking Clicks ${unique()}`,
    timeZone: 'America/Denver',
    services: [SERVICES.wellness, SERVICES.homeEuthanasia],
    providers: [{ firstName: 'Vida', lastName: 'Vance' }],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Every click the person makes (trusted: the browser's own, not a script's), from each page load on. */
async function countClicks(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __clicks: number };
    w.__clicks = 0;
    document.addEventListener('click', (e) => {
      if (e.isTrusted) w.__clicks += 1;
    }, true);
  });
}
const clicks = (page: Page) => page.evaluate(() => (window as unknown as { __clicks: number }).__clicks);

/** A family with a phone, the address on record and one living dog (and one that died). */
async function family(context: BrowserContext, location: LocationInfo, surname: string): Promise<Household & { phone: string }> {
  const id = unique();
  const phone = `555-01${id.slice(-2)}`;
  const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Jamie', lastName: `${surname}${id}`, phone, address: HOUSEHOLD_ADDRESS });
  const patient = await apiCreatePatient(context, { clientId: client.id, name: `Pepper${id}`, speciesId: speciesId(location, 'Dog') });
  const old = await apiCreatePatient(context, { clientId: client.id, name: `Old${id}`, speciesId: speciesId(location, 'Dog') });
  await json(await context.request.post(`/api/patient/${old.id}/deceased`, { data: { data: { deceasedOn: '2025-01-10' } } }), 'mark deceased');
  return { client, patient, clientName: `${client.firstName} ${client.lastName}`, phone };
}

/** A schedule slot of the day for the location's vet, 9:00 to 12:00. */
async function vetSlot(context: BrowserContext, location: LocationInfo, date: string) {
  const tz = location.timezone;
  await json(
    await context.request.post('/api/scheduleSlot', {
      data: { data: { locationId: location.id, startAt: instantAt(date, '09:00', tz), endAt: instantAt(date, '12:00', tz), veterinarianIds: [own.providers[0]!.id] } },
    }),
    'create slot',
  );
}

/** Types into the focused field as a person does, after checking it is the one focused. */
async function typeInto(page: Page, field: Locator, text: string) {
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(text);
}

/** The client's name typed into the focused Client field and the family picked from the list. */
async function findClient(page: Page, dialog: Locator, household: Household) {
  await typeInto(page, dialog.getByRole('combobox', { name: 'Client' }), household.client.lastName);
  await page.getByRole('listbox').getByRole('option').filter({ hasText: household.clientName }).click();
}

/** The Services field clicked, the service typed and picked. */
async function findService(page: Page, dialog: Locator, typed: string, option: string) {
  const field = dialog.getByRole('combobox', { name: 'Services' });
  await field.click();
  await typeInto(page, field, typed);
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await dialog.getByRole('button', { name: option, exact: true }).waitFor();
}

describe.each([
  { name: 'at 1440 px in the week view', viewport: WIDE, view: 'week' as const, day: 0 },
  { name: 'at 375 px in the day view', viewport: PHONE, view: 'day' as const, day: 1 },
])('booking from the calendar $name', ({ viewport, view, day }) => {
  it(`books a home euthanasia in at most ${MAX_CLICKS} clicks`, async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      const location = await ownerAt(page, own.name);
      const tz = location.timezone;
      const date = addDays(upcomingWednesday(tz), day);
      const household = await family(context, location, view === 'week' ? 'Wide' : 'Phone');
      await vetSlot(context, location, date);
      await countClicks(context);
      await page.setViewportSize(viewport);

      // A load of its own: the click counter starts with the new document.
      await openCalendar(page, view, date, tz, { load: true });
      const column = dayColumn(page, date);
      await column.getByTestId('calendar-slot').first().waitFor();
      expect(await clicks(page)).toBe(0);

      // 1: the slot at 10:00 (scrolled to, as a person scrolls: no click).
      await scrollGridTo(column, date, '10:00', tz);
      const at = await pointAt(column, date, '10:00', tz, 5);
      await page.mouse.click(at.x, at.y);
      const dialog = appointmentDialog(page, 'New appointment');
      await dialog.waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Date', exact: true }).inputValue()).toBe(date);
      expect(await dialog.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe(await fieldClock(page, '10:00'));
      expect(await dialog.getByRole('combobox', { name: 'Primary provider' }).innerText()).toContain(own.providers[0]!.name);

      // 2: the family, typed into the Client field that has the focus; their only living dog comes along.
      await findClient(page, dialog, household);
      await dialog.getByRole('button', { name: household.patient.name, exact: true }).waitFor();
      // The client's phone is at hand.
      await dialog.getByRole('link', { name: `Call ${household.clientName} on ${household.phone}` }).waitFor();

      // 3 and 4: the service, typed and picked: Home visit goes on with the family's address.
      await findService(page, dialog, 'home euth', 'Home euthanasia (90 min)');
      await expect.poll(() => dialog.getByRole('switch', { name: 'Home visit' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('textbox', { name: 'Address' }).inputValue()).toBe(HOUSEHOLD_ADDRESS);
      expect(await dialog.getByRole('textbox', { name: 'End', exact: true }).inputValue()).toBe(await fieldClock(page, '11:30'));
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

      // 5: Save.
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await toastText(page, 'Appointment created').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const used = await clicks(page);
      expect(used).toBeLessThanOrEqual(MAX_CLICKS);

      const [saved] = await apiAppointmentsOf(context, household.client.id);
      expect(saved).toMatchObject({
        startAt: instantAt(date, '10:00', tz),
        endAt: instantAt(date, '11:30', tz),
        primaryProviderId: own.providers[0]!.id,
        serviceIds: [own.services[1]!.id],
      });
      expect((saved as unknown as { patientIds: string[] }).patientIds).toEqual([household.patient.id]);
      expect((saved as unknown as { address: string | null }).address).toBe(HOUSEHOLD_ADDRESS);
    } finally {
      await context.close();
    }
  });
});

describe('booking from the client and the patient', () => {
  it('"Book" on the client’s page and on a living patient’s row opens the dialog with them filled', async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      const location = await ownerAt(page, own.name);
      const household = await family(context, location, 'Paged');
      const second = await apiCreatePatient(context, { clientId: household.client.id, name: `Second${unique()}`, speciesId: speciesId(location, 'Cat') });

      await page.goto(`/clients/${household.client.id}`);
      await page.getByRole('heading', { name: household.clientName, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      let dialog = appointmentDialog(page, 'New appointment');
      // Two living animals now: the client is filled, the animal is the person's pick.
      await expect.poll(() => dialog.getByRole('combobox', { name: 'Client' }).inputValue()).toBe(household.clientName);
      await dialog.getByRole('link', { name: `Call ${household.clientName} on ${household.phone}` }).waitFor();
      expect(await dialog.getByRole('button', { name: household.patient.name, exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The patient's row books that animal.
      const grid = page.getByRole('grid', { name: 'Patients of this client' });
      await grid.getByRole('row').filter({ hasText: second.name }).getByRole('button', { name: `Book ${second.name}` }).click();
      dialog = appointmentDialog(page, 'New appointment');
      await dialog.getByRole('button', { name: second.name, exact: true }).waitFor();
      expect(await dialog.getByRole('button', { name: household.patient.name, exact: true }).count()).toBe(0);
      await findService(page, dialog, 'well', 'Wellness exam (30 min)');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await toastText(page, 'Appointment created').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const [saved] = await apiAppointmentsOf(context, household.client.id);
      expect((saved as unknown as { patientIds: string[] }).patientIds).toEqual([second.id]);

      // The patient's own page books them too.
      await page.goto(`/patients/${household.patient.id}`);
      await page.getByRole('heading', { name: household.patient.name, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      dialog = appointmentDialog(page, 'New appointment');
      await dialog.getByRole('button', { name: household.patient.name, exact: true }).waitFor();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the overlap question', () => {
  it('names the clash in the location’s zone and books the next free time in one click', async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      const location = await ownerAt(page, own.name);
      const tz = location.timezone;
      const date = addDays(upcomingWednesday(tz), 2);
      const busy = await family(context, location, 'Busy');
      const household = await family(context, location, 'Late');
      await vetSlot(context, location, date);
      await apiCreateAppointment(context, {
        locationId: location.id,
        clientId: busy.client.id,
        patientIds: [busy.patient.id],
        serviceIds: [own.services[0]!.id],
        startAt: instantAt(date, '10:00', tz),
        endAt: instantAt(date, '10:45', tz),
        primaryProviderId: own.providers[0]!.id,
      });

      await countClicks(context);
      // A load of its own: the click counter starts with the new document.
      await openCalendar(page, 'week', date, tz, { load: true });
      const column = dayColumn(page, date);
      await column.getByTestId('calendar-slot').first().waitFor();
      // 9:45, before the family already booked at 10:00: the wellness exam's half hour runs into theirs.
      await scrollGridTo(column, date, '09:45', tz);
      const at = await pointAt(column, date, '09:45', tz, 5);
      await page.mouse.click(at.x, at.y);
      const dialog = appointmentDialog(page, 'New appointment');
      await dialog.waitFor();
      await findClient(page, dialog, household);
      await dialog.getByRole('button', { name: household.patient.name, exact: true }).waitFor();
      await findService(page, dialog, 'well', 'Wellness exam (30 min)');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();

      const question = page.getByRole('dialog', { name: 'Overlapping appointment' });
      const clashes = question.getByRole('alert', { name: 'Overlapping appointments' });
      await clashes.waitFor();
      const text = (await clashes.innerText()).replace(/\s/g, ' ');
      const plain = async (hhmm: string) => (await shownClock(page, hhmm)).replace(/\s/g, ' ');
      expect(text).toContain(`(times in ${tz})`);
      expect(text).toContain(`${await plain('10:00')} – ${await plain('10:45')}: ${busy.patient.name} (${busy.clientName}) · Wellness exam · with ${own.providers[0]!.name}`);
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

      const before = await clicks(page);
      await question.getByRole('button', { name: new RegExp(`^Book at ${(await shownClock(page, '10:45')).replace(/\s/g, '\\s')}$`) }).click();
      await toastText(page, 'Appointment created').waitFor();
      await question.waitFor({ state: 'hidden' });
      expect((await clicks(page)) - before).toBe(1);
      const [saved] = await apiAppointmentsOf(context, household.client.id);
      expect(saved).toMatchObject({ startAt: instantAt(date, '10:45', tz), endAt: instantAt(date, '11:15', tz), overlapReason: null });
    } finally {
      await context.close();
    }
  });
});
