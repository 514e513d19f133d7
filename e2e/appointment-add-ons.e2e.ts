// An add-on picked in the appointment dialog is saved with the appointment, whether or not
// "Attach" was pressed, for a new appointment (the create) and an existing one (the update).
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { pickOption, toastText } from './clinic.ts';
import { openInApp, unique } from './helpers.ts';
import { PAW_PRINT, seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import {
  apiAppointment,
  apiAppointmentsOf,
  apiCreateAppointment,
  apiHousehold,
  appointmentDialog,
  instantAt,
  openFromList,
  ownerAt,
  pickClient,
  expectPatientPicked,
  serviceNamed,
  upcomingWednesday,
} from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside, with the demo's paw print add-on. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Add-ons ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.privateCremation],
    addOns: [PAW_PRINT],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** While a dialog is open the rest of the page (the toasts too) is hidden from the accessibility tree. */
/** Opens "Add add-on" and picks an add-on with one answer, without pressing Attach. */
async function pickAddOn(page: Page, dialog: Locator, name: string, option: string, answer: string) {
  await dialog.getByRole('button', { name: 'Add add-on' }).click();
  await dialog.getByRole('combobox', { name: 'Add-on' }).click();
  await page.getByRole('listbox').getByRole('option').filter({ hasText: name }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
  await pickOption(dialog, option, answer);
}

describe('add-ons picked in the appointment dialog', () => {
  it('a new appointment keeps an add-on picked without pressing Attach', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const household = await apiHousehold(context, location, unique(), 'Picked', 'Tansy');
    const date = upcomingWednesday(location.timezone);

    await openInApp(page, '/appointments');
    await page.getByRole('button', { name: 'New appointment' }).click();
    const dialog = appointmentDialog(page, 'New appointment');
    await dialog.getByRole('combobox', { name: 'Client' }).waitFor();
    await pickClient(dialog, household);
    await expectPatientPicked(dialog, household);
    await dialog.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
    await pickAddOn(page, dialog, 'Paw print', 'Ink colour', 'Blue');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const [saved] = await apiAppointmentsOf(context, household.client.id);
    expect(saved!.addOns.map((a) => [a.name, a.values])).toEqual([['Paw print', { 'Ink colour': 'Blue' }]]);
  });

  it('an edited appointment saves an attached and a merely picked add-on with its other changes, in one request', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const household = await apiHousehold(context, location, unique(), 'Edited', 'Quill');
    const date = addDays(upcomingWednesday(tz), 1);
    const created = await apiCreateAppointment(context, {
      locationId: location.id,
      clientId: household.client.id,
      patientIds: [household.patient.id],
      serviceIds: [(await serviceNamed(context, location.id, 'Private cremation')).id],
      startAt: instantAt(date, '11:00', tz),
      endAt: instantAt(date, '11:15', tz),
    });
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/appointment')) updates.push(new URL(r.url()).pathname);
    });

    await openInApp(page, '/appointments');
    const dialog = await openFromList(page, household.clientName);
    await pickAddOn(page, dialog, 'Paw print', 'Ink colour', 'Red');
    await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
    await dialog.getByRole('list', { name: 'Add-ons to attach' }).getByText(/Paw print/).waitFor();
    await pickAddOn(page, dialog, 'Paw print', 'Ink colour', 'Blue');
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Two prints, one for each child');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, 'Appointment updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    expect(updates).toEqual([`/api/appointment/${created.id}`]);
    const saved = await apiAppointment(context, created.id);
    expect(saved.addOns.map((a) => a.values).sort((a, b) => (a['Ink colour']! < b['Ink colour']! ? -1 : 1))).toEqual([
      { 'Ink colour': 'Blue' },
      { 'Ink colour': 'Red' },
    ]);
  });
});
