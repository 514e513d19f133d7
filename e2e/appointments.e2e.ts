// An appointment's life in its dialog: the status path of a cremation with its history, cancelling
// with a reason, booking over another appointment of the same provider, and add-ons. Records the
// tests are not about are made through the API, in a location of their own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { type LocationInfo, OWNER_NAME, pickOption, rowWith, toastText } from './clinic.ts';
import { openInApp, unique } from './helpers.ts';
import { PAW_PRINT, seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import {
  apiAppointment,
  apiAppointmentsOf,
  apiCreateAppointment,
  apiHousehold,
  appointmentDialog,
  calendarEvent,
  chipColour,
  dayColumn,
  fieldClock,
  type Household,
  instantAt,
  openCalendar,
  openFromList,
  ownerAt,
  pickClient,
  expectPatientPicked,
  pickFromAutocomplete,
  providerNamed,
  serviceNamed,
  shownClock,
  upcomingWednesday,
} from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside, with one veterinarian and the demo's paw print add-on. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Appointments ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.wellness, SERVICES.sick, SERVICES.euthanasia, SERVICES.privateCremation],
    providers: [{ firstName: 'Ada', lastName: 'Appleby' }],
    addOns: [PAW_PRINT],
  });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A Confirmed appointment of the household on a local day and wall-clock span at the location, with
 * the location's vet as its provider.
 */
async function book(context: BrowserContext, location: LocationInfo, household: Household, when: { date: string; from: string; to: string }, service: string) {
  return apiCreateAppointment(context, {
    locationId: location.id,
    clientId: household.client.id,
    patientIds: [household.patient.id],
    serviceIds: [(await serviceNamed(context, location.id, service)).id],
    startAt: instantAt(when.date, when.from, location.timezone),
    endAt: instantAt(when.date, when.to, location.timezone),
    primaryProviderId: (await providerNamed(context, location.id, own.providers[0]!.name)).id,
  });
}

async function openAppointments(page: Page) {
  await openInApp(page, '/appointments');
  await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
}

describe('appointments', () => {
  it('walks an appointment through the cremation statuses, offering only the allowed moves, and keeps the history', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const household = await apiHousehold(context, location, unique(), 'Farewell', 'Shadow');
    const date = upcomingWednesday(location.timezone);
    const created = await book(context, location, household, { date, from: '10:00', to: '10:45' }, 'In-clinic euthanasia');

    await openAppointments(page);
    const dialog = await openFromList(page, household.clientName);
    const chip = dialog.getByTestId('appointment-status');
    expect(await chip.innerText()).toBe('Confirmed');
    expect(await chipColour(chip)).toBe('info');

    const path: { to: string; offered: string[]; colour: string; note?: string }[] = [
      { to: 'Checked In', offered: ['Checked In'], colour: 'info' },
      { to: 'Checked Out', offered: ['Checked Out'], colour: 'secondary' },
      { to: 'Submitted For Cremation', offered: ['Completed', 'Submitted For Cremation'], colour: 'secondary', note: 'Collected by Evergreen at 15:00' },
      { to: 'Cremated', offered: ['Cremated'], colour: 'success' },
      { to: 'Ashes Delivered', offered: ['Ashes Delivered', 'Ashes Spread'], colour: 'success' },
    ];
    for (const step of path) {
      await dialog.getByRole('button', { name: 'Change status', exact: true }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      // Cancelling is its own action, never a move in this menu.
      expect((await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual(step.offered);
      await menu.getByRole('menuitem', { name: step.to, exact: true }).click();
      // The visit is days ahead: checking it in is confirmed first.
      if (step.to === 'Checked In') {
        const notToday = page.getByRole('dialog', { name: 'Check in a visit that is not today?' });
        await notToday.getByRole('button', { name: 'Check in', exact: true }).click();
        await notToday.waitFor({ state: 'hidden' });
      }
      const confirm = page.getByRole('dialog', { name: `Change status to ${step.to}` });
      await confirm.waitFor();
      if (step.note) await confirm.getByRole('textbox', { name: 'Note' }).fill(step.note);
      await confirm.getByRole('button', { name: 'Change status', exact: true }).click();
      await toastText(page, `Appointment updated: ${step.to}`).first().waitFor();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => chip.innerText()).toBe(step.to);
      expect(await chipColour(chip)).toBe(step.colour);
    }

    // At the end of the path there is nowhere to go, and nothing to cancel.
    expect(await dialog.getByRole('button', { name: 'Change status', exact: true }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);

    // The history lists every step in order, with who made it and the note.
    const history = dialog.getByRole('list', { name: 'Status history' });
    const entries = history.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(6);
    const texts = await entries.allInnerTexts();
    expect(texts.map((t) => t.split('\n')[0])).toEqual([
      'Created as Confirmed',
      'Confirmed → Checked In',
      'Checked In → Checked Out',
      'Checked Out → Submitted For Cremation',
      'Submitted For Cremation → Cremated',
      'Cremated → Ashes Delivered',
    ]);
    for (const text of texts) expect(text).toContain(`by ${OWNER_NAME}`);
    expect(texts[3]).toContain('Collected by Evergreen at 15:00');

    const saved = await apiAppointment(context, created.id);
    expect(saved.status).toBe('Ashes Delivered');
    expect(saved.statusHistory?.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'Confirmed'],
      ['Confirmed', 'Checked In'],
      ['Checked In', 'Checked Out'],
      ['Checked Out', 'Submitted For Cremation'],
      ['Submitted For Cremation', 'Cremated'],
      ['Cremated', 'Ashes Delivered'],
    ]);

    // The list shows the new status once the dialog is closed.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = rowWith(page.getByRole('grid', { name: 'Appointments' }), household.clientName);
    await expect.poll(() => row.getByTestId('appointment-status').innerText()).toBe('Ashes Delivered');
  });

  it('cancels an appointment from the calendar with a reason; it leaves the default calendar and list but keeps the reason', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const household = await apiHousehold(context, location, unique(), 'Cancelled', 'Noodle');
    const thursday = addDays(upcomingWednesday(tz), 1);
    const created = await book(context, location, household, { date: thursday, from: '14:00', to: '14:30' }, 'Sick visit');
    const reason = 'Owner is travelling that week';

    await openCalendar(page, 'week', thursday, tz);
    const event = calendarEvent(page, created.id);
    await dayColumn(page, thursday).locator(event).waitFor();
    await event.click();
    const dialog = appointmentDialog(page, 'Edit appointment');
    await dialog.getByTestId('appointment-status').waitFor();

    // A reason is required, and 'Keep appointment' leaves it as it was.
    const cancel = page.getByRole('dialog', { name: 'Cancel appointment' });
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await cancel.getByText('This field is required.').waitFor();
    await cancel.getByRole('button', { name: 'Keep appointment' }).click();
    await cancel.waitFor({ state: 'hidden' });
    expect(await dialog.getByTestId('appointment-status').innerText()).toBe('Confirmed');
    expect((await apiAppointment(context, created.id)).status).toBe('Confirmed');

    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await cancel.getByRole('textbox', { name: 'Reason' }).fill(reason);
    // A reason typed is not lost to a stray Esc: it asks first, and keeping it keeps the words.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await cancel.getByRole('textbox', { name: 'Reason' }).inputValue()).toBe(reason);
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await toastText(page, 'Appointment canceled').waitFor();
    await cancel.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.getByTestId('appointment-status').innerText()).toBe('Cancelled');
    await dialog.getByText(`Cancellation reason: ${reason}`).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Cancelled is not among the statuses shown by default: it leaves the calendar…
    await event.waitFor({ state: 'detached' });
    const saved = await apiAppointment(context, created.id);
    expect(saved.status).toBe('Cancelled');
    expect(saved.cancellationReason).toBe(reason);

    // …and the list, until Cancelled is chosen in the status filter.
    await openAppointments(page);
    const grid = page.getByRole('grid', { name: 'Appointments' });
    await page.getByRole('textbox', { name: 'Search appointments' }).fill(household.clientName);
    await grid.getByText('No appointments match these filters').waitFor();
    await pickFromAutocomplete(page.getByRole('main'), 'Status', 'Cancelled');
    const row = rowWith(grid, household.clientName);
    await expect.poll(() => row.getByTestId('appointment-status').innerText()).toBe('Cancelled');
    await row.getByRole('gridcell').first().click();
    await dialog.getByText(`Cancellation reason: ${reason}`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
  });

  it('asks for a reason when the provider already has an overlapping appointment, and books anyway with it', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const id = unique();
    const busy = await apiHousehold(context, location, id, 'Booked', 'Clover');
    const household = await apiHousehold(context, location, id, 'Squeezed', 'Waffles');
    const date = addDays(upcomingWednesday(tz), -1);
    await book(context, location, busy, { date, from: '10:00', to: '10:30' }, 'Wellness exam');
    const vet = await providerNamed(context, location.id, own.providers[0]!.name);
    const reason = 'Emergency squeeze-in between two visits';

    await openAppointments(page);
    await page.getByRole('button', { name: 'New appointment' }).click();
    const dialog = appointmentDialog(page, 'New appointment');
    await dialog.getByRole('combobox', { name: 'Client' }).waitFor();
    await pickClient(dialog, household);
    await expectPatientPicked(dialog, household);
    await pickFromAutocomplete(dialog, 'Services', 'Sick visit (30 min)');
    await dialog.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
    await dialog.getByRole('textbox', { name: 'Start', exact: true }).fill('10:15');
    await dialog.getByRole('textbox', { name: 'Start', exact: true }).press('Tab');
    // The end keeps the services' 30 minutes.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'End', exact: true }).inputValue()).toBe(await fieldClock(page, '10:45'));
    await pickOption(dialog, 'Primary provider', own.providers[0]!.name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();

    const overlap = page.getByRole('dialog', { name: 'Overlapping appointment' });
    await overlap.waitFor();
    // Every clash, named with its times on the UI's clock in the location's zone (decision 0181).
    const clashes = overlap.getByRole('alert', { name: 'Overlapping appointments' });
    await clashes.waitFor();
    const plain = async (hhmm: string) => (await shownClock(page, hhmm)).replace(/\s/g, ' ');
    expect((await clashes.innerText()).replace(/\s/g, ' ')).toContain(
      `${await plain('10:00')} – ${await plain('10:30')}: ${busy.patient.name} (${busy.clientName}) · Wellness exam · with ${own.providers[0]!.name}`,
    );
    await overlap.getByRole('button', { name: new RegExp(`^Book at ${(await shownClock(page, '10:30')).replace(/\s/g, '\\s')}$`) }).waitFor();
    expect(await apiAppointmentsOf(context, household.client.id)).toEqual([]);
    await overlap.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await overlap.getByRole('button', { name: 'Book anyway' }).click();
    await overlap.waitFor({ state: 'hidden' });
    await toastText(page, 'Appointment created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const [saved] = await apiAppointmentsOf(context, household.client.id);
    expect(saved).toBeDefined();
    expect(saved!.overlapReason).toBe(reason);
    expect(saved!.primaryProviderId).toBe(vet.id);
    expect(Date.parse(saved!.startAt)).toBe(Date.parse(instantAt(date, '10:15', tz)));
    expect(Date.parse(saved!.endAt)).toBe(Date.parse(instantAt(date, '10:45', tz)));

    // The reason shows on the appointment.
    const opened = await openFromList(page, household.clientName);
    await opened.getByText(`Booked despite an overlap: ${reason}`).waitFor();
  });

  it('attaches an add-on with its options on Save, changes its values and removes it', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const household = await apiHousehold(context, location, unique(), 'Keepsake', 'Bramble');
    const date = addDays(upcomingWednesday(location.timezone), 2);
    const created = await book(context, location, household, { date, from: '11:00', to: '11:15' }, 'Private cremation');

    await openAppointments(page);
    const dialog = await openFromList(page, household.clientName);
    await dialog.getByText('No add-ons on this appointment.').waitFor();
    await dialog.getByRole('button', { name: 'Add add-on' }).click();
    // Attaching needs a choice.
    await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
    await dialog.getByText('Choose an add-on').waitFor();
    await dialog.getByRole('combobox', { name: 'Add-on' }).click();
    await page.getByRole('listbox').getByRole('option').filter({ hasText: 'Paw print' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await pickOption(dialog, 'Ink colour', 'Blue');
    await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
    // Attached with the appointment's Save, in the same request.
    await dialog.getByRole('list', { name: 'Add-ons to attach' }).getByText(/Paw print/).waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, 'Appointment updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await openFromList(page, household.clientName);

    const attached = dialog.getByRole('list', { name: 'Add-ons of this appointment' }).getByRole('listitem');
    await expect.poll(() => attached.allInnerTexts()).toEqual([expect.stringMatching(/^Paw print · 45\.00\s+Ink colour: Blue$/)]);
    let saved = await apiAppointment(context, created.id);
    expect(saved.addOns.map((a) => [a.name, a.values])).toEqual([['Paw print', { 'Ink colour': 'Blue' }]]);

    await dialog.getByRole('button', { name: 'Edit Paw print' }).click();
    await pickOption(dialog, 'Ink colour', 'Red');
    await dialog.getByRole('button', { name: 'Save values' }).click();
    await toastText(page, 'Add-On Values Updated').waitFor();
    await expect.poll(() => attached.allInnerTexts()).toEqual([expect.stringMatching(/^Paw print · 45\.00\s+Ink colour: Red$/)]);
    saved = await apiAppointment(context, created.id);
    expect(saved.addOns.map((a) => a.values)).toEqual([{ 'Ink colour': 'Red' }]);

    await dialog.getByRole('button', { name: 'Remove Paw print' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove add-on' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await toastText(page, 'Add-On Removed from Appointment').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await dialog.getByText('No add-ons on this appointment.').waitFor();
    expect((await apiAppointment(context, created.id)).addOns).toEqual([]);
  });
});
