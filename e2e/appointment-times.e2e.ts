// The appointment dialog's times as a person types them with the keyboard: one rule for start,
// end, date and the services' length (docs/decisions/0027), in the location's time zone.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@willow/contracts';
import { launch } from './browser.ts';
import { toastText } from './clinic.ts';
import { openInApp, typeDate, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import {
  apiAppointmentsOf,
  appointmentDialog,
  fieldClock,
  type Household,
  apiHousehold,
  instantAt,
  newPageInZone,
  ownerAt,
  pickClient,
  expectPatientPicked,
  pickFromAutocomplete,
  upcomingWednesday,
} from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Times ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.sick, SERVICES.homeEuthanasia, SERVICES.privateCremation, SERVICES.ashesDelivery],
  });
});
afterAll(async () => {
  await browser?.close();
});

const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

/** Types into a field with the keyboard, as a person does: replaces what is there, then Tab. */
async function typeInto(page: Page, box: Locator, text: string) {
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

async function newAppointmentFor(page: Page, household: Household): Promise<Locator> {
  await openInApp(page, '/appointments');
  await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'New appointment' }).click();
  const dialog = appointmentDialog(page, 'New appointment');
  await dialog.getByRole('combobox', { name: 'Client' }).waitFor();
  await pickClient(dialog, household);
  await expectPatientPicked(dialog, household);
  return dialog;
}

async function saveAndWait(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await toastText(page, 'Appointment created').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('appointment times typed with the keyboard', () => {
  // The browser in another zone than the clinic: what is typed is the clinic's wall clock.
  it('a 2:15 PM start with a 30-minute service ends at 2:45 PM, also after the date is typed', async () => {
    const { context, page } = await newPageInZone(browser, 'Europe/Berlin');
    try {
      const location = await ownerAt(page, own.name);
      const tz = location.timezone;
      const household = await apiHousehold(context, location, unique(), 'Typed', 'Pepper');
      const date = upcomingWednesday(tz);

      const dialog = await newAppointmentFor(page, household);
      await pickFromAutocomplete(dialog, 'Services', 'Sick visit (30 min)');
      await typeInto(page, field(dialog, 'Start'), '2:15 PM');
      await expect.poll(() => field(dialog, 'End').inputValue()).toBe(await fieldClock(page, '14:45'));
      // Typing the date (its year passes through 0002, 0020, 0202) keeps the length.
      await typeDate(field(dialog, 'Date'), date);
      expect(await field(dialog, 'Start').inputValue()).toBe(await fieldClock(page, '14:15'));
      expect(await field(dialog, 'End').inputValue()).toBe(await fieldClock(page, '14:45'));
      expect(await dialog.getByRole('textbox', { name: 'End date' }).count()).toBe(0);
      await saveAndWait(page, dialog);

      const [saved] = await apiAppointmentsOf(context, household.client.id);
      expect(saved!.startAt).toBe(instantAt(date, '14:15', tz));
      expect(saved!.endAt).toBe(instantAt(date, '14:45', tz));
    } finally {
      await context.close();
    }
  });

  it('without a service a 9:30 start keeps the default 30 minutes; 24-hour and short forms are read too', async () => {
    const { context, page } = await newPageInZone(browser, 'Asia/Tokyo');
    try {
      const location = await ownerAt(page, own.name);
      const tz = location.timezone;
      const household = await apiHousehold(context, location, unique(), 'Morning', 'Juniper');
      const date = addDays(upcomingWednesday(tz), 1);

      const dialog = await newAppointmentFor(page, household);
      await typeDate(field(dialog, 'Date'), date);
      await typeInto(page, field(dialog, 'Start'), '9:30');
      expect(await field(dialog, 'Start').inputValue()).toBe(await fieldClock(page, '09:30'));
      await expect.poll(() => field(dialog, 'End').inputValue()).toBe(await fieldClock(page, '10:00'));
      // The end typed as 24-hour time sets the length; the start then moves it along.
      await typeInto(page, field(dialog, 'End'), '10:45');
      await typeInto(page, field(dialog, 'Start'), '1000');
      await expect.poll(() => field(dialog, 'End').inputValue()).toBe(await fieldClock(page, '11:15'));
      await saveAndWait(page, dialog);

      const [saved] = await apiAppointmentsOf(context, household.client.id);
      expect(saved!.startAt).toBe(instantAt(date, '10:00', tz));
      expect(saved!.endAt).toBe(instantAt(date, '11:15', tz));
    } finally {
      await context.close();
    }
  });

  it('a euthanasia with private cremation and ashes delivery is a 90-minute visit: after-visit services take no calendar time', async () => {
    const { context, page } = await newPageInZone(browser, 'UTC');
    try {
      const location = await ownerAt(page, own.name);
      const tz = location.timezone;
      const household = await apiHousehold(context, location, unique(), 'Farewell', 'Willow');
      const date = addDays(upcomingWednesday(tz), -1);

      const dialog = await newAppointmentFor(page, household);
      await typeDate(field(dialog, 'Date'), date);
      await typeInto(page, field(dialog, 'Start'), '1:00 PM');
      await pickFromAutocomplete(dialog, 'Services', 'Home euthanasia (90 min)');
      await pickFromAutocomplete(dialog, 'Services', 'Private cremation (after the visit)');
      await pickFromAutocomplete(dialog, 'Services', 'Ashes home delivery (after the visit)');
      await expect.poll(() => field(dialog, 'End').inputValue()).toBe(await fieldClock(page, '14:30'));
      await dialog.getByText(/The visit takes 90 min \(cremation and aftercare happen after the visit\)/).waitFor();
      await saveAndWait(page, dialog);

      const [saved] = await apiAppointmentsOf(context, household.client.id);
      expect(saved!.serviceIds).toHaveLength(3);
      expect(saved!.startAt).toBe(instantAt(date, '13:00', tz));
      expect(saved!.endAt).toBe(instantAt(date, '14:30', tz));
    } finally {
      await context.close();
    }
  });

  it('refuses an end before the start next to the End field and sends nothing; an overnight end is set with the end date', async () => {
    const { context, page } = await newPageInZone(browser, 'UTC');
    try {
      const location = await ownerAt(page, own.name);
      const tz = location.timezone;
      const household = await apiHousehold(context, location, unique(), 'Overnight', 'Sable');
      const date = addDays(upcomingWednesday(tz), 2);
      let posts = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/appointment') posts += 1;
      });

      const dialog = await newAppointmentFor(page, household);
      await typeDate(field(dialog, 'Date'), date);
      await typeInto(page, field(dialog, 'Start'), '11:00 PM');
      await typeInto(page, field(dialog, 'End'), '10:00 PM');
      const message = 'The end must be after the start. For a visit past midnight, set the end date.';
      await dialog.getByText(message).waitFor();
      expect(await field(dialog, 'End').getAttribute('aria-invalid')).toBe('true');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText(message).waitFor();
      expect(posts).toBe(0);

      // Text that is not a time is refused too, and nothing is sent.
      await typeInto(page, field(dialog, 'End'), 'half past');
      await dialog.getByText('Enter a time such as 2:15 PM or 14:15').waitFor();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      expect(posts).toBe(0);

      // A visit running to 1:30 AM the next day.
      await typeInto(page, field(dialog, 'End'), '1:30 AM');
      await typeDate(dialog.getByRole('textbox', { name: 'End date' }), addDays(date, 1));
      await expect.poll(() => dialog.getByText(message).count()).toBe(0);
      await saveAndWait(page, dialog);
      expect(posts).toBe(1);

      const [saved] = await apiAppointmentsOf(context, household.client.id);
      expect(saved!.startAt).toBe(instantAt(date, '23:00', tz));
      expect(saved!.endAt).toBe(instantAt(addDays(date, 1), '01:30', tz));
    } finally {
      await context.close();
    }
  });
});
