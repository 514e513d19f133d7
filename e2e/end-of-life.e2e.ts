// End-of-life care: a euthanasia visit done records the patient's death (unless staff untick it),
// recording a death cancels the patient's upcoming appointments in the same step, and the patient's
// page lists its appointments. Records are made through the API, unassigned, in a location of their own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { json, type LocationInfo, rowWith, toastText } from './clinic.ts';
import { openInApp, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import {
  apiAppointment,
  apiCreateAppointment,
  apiHousehold,
  appointmentDialog,
  type Household,
  instantAt,
  openFromList,
  ownerAt,
  serviceNamed,
  upcomingWednesday,
} from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic End of Life ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.wellness, SERVICES.vaccination, SERVICES.dental, SERVICES.euthanasia],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function book(context: BrowserContext, location: LocationInfo, household: Household, date: string, from: string, to: string, service: string) {
  return apiCreateAppointment(context, {
    locationId: location.id,
    clientId: household.client.id,
    patientIds: [household.patient.id],
    serviceIds: [(await serviceNamed(context, location.id, service)).id],
    startAt: instantAt(date, from, location.timezone),
    endAt: instantAt(date, to, location.timezone),
  });
}

async function moveTo(context: BrowserContext, id: string, statuses: string[]) {
  for (const status of statuses) {
    const res = await context.request.post(`/api/appointment/${id}`, { data: { data: { status } } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const deceasedOn = async (context: BrowserContext, patientId: string) =>
  (await json<{ deceasedOn: string | null }>(await context.request.get(`/api/patient/${patientId}`), 'read patient')).deceasedOn;

async function openAppointments(page: Page) {
  await openInApp(page, '/appointments');
  await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
}

describe('end-of-life care', () => {
  it('records the death when a euthanasia visit is completed, unless staff untick it', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const date = upcomingWednesday(location.timezone);
    const farewell = await apiHousehold(context, location, unique(), 'Farewell', 'Willow');
    const visit = await book(context, location, farewell, date, '09:00', '09:45', 'In-clinic euthanasia');
    await moveTo(context, visit.id, ['Checked In', 'Checked Out']);

    // One click on the next status; the step offers the box, ticked.
    await openAppointments(page);
    const dialog = await openFromList(page, farewell.clientName);
    await dialog.getByRole('button', { name: 'Mark as Completed' }).click();
    const step = page.getByRole('dialog', { name: 'Change status to Completed' });
    const box = step.getByRole('checkbox', { name: `Mark ${farewell.patient.name} as deceased` });
    expect(await box.isChecked()).toBe(true);
    await step.getByRole('button', { name: 'Change status', exact: true }).click();
    await toastText(page, 'Appointment updated: Completed').waitFor();
    await step.waitFor({ state: 'hidden' });
    await expect.poll(() => deceasedOn(context, farewell.patient.id)).toBe(date);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Unticked, the patient stays as it was, through the status menu too.
    const unsure = await apiHousehold(context, location, unique(), 'Unsure', 'Maple');
    const other = await book(context, location, unsure, date, '11:00', '11:45', 'In-clinic euthanasia');
    await moveTo(context, other.id, ['Checked In', 'Checked Out']);
    const second = await openFromList(page, unsure.clientName);
    await second.getByRole('button', { name: 'Change status', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Completed', exact: true }).click();
    const menuStep = page.getByRole('dialog', { name: 'Change status to Completed' });
    await menuStep.getByRole('checkbox', { name: `Mark ${unsure.patient.name} as deceased` }).uncheck();
    await menuStep.getByRole('textbox', { name: 'Note' }).fill('Owner decided to wait');
    await menuStep.getByRole('button', { name: 'Change status', exact: true }).click();
    await toastText(page, 'Appointment updated: Completed').waitFor();
    await menuStep.waitFor({ state: 'hidden' });
    expect((await apiAppointment(context, other.id)).status).toBe('Completed');
    expect(await deceasedOn(context, unsure.patient.id)).toBeNull();
  });

  it('offers to cancel the upcoming appointments when a patient is marked deceased, and lists them on the patient page', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const date = upcomingWednesday(location.timezone);
    const household = await apiHousehold(context, location, unique(), 'Grieving', 'Clover');
    const vaccination = await book(context, location, household, addDays(date, 1), '10:00', '10:15', 'Vaccination visit');
    const dental = await book(context, location, household, addDays(date, 2), '13:00', '14:30', 'Dental cleaning');
    // A past visit is history: it is not offered for cancelling.
    const past = await book(context, location, household, addDays(date, -21), '10:00', '10:30', 'Wellness exam');
    await moveTo(context, past.id, ['Checked In', 'Checked Out', 'Completed']);

    await openInApp(page, `/patients/${household.patient.id}`);
    await page.getByRole('heading', { name: household.patient.name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Mark as deceased' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${household.patient.name} as deceased` });
    const boxes = dialog.getByRole('checkbox');
    await expect.poll(() => boxes.count()).toBe(2);
    for (const box of await boxes.all()) expect(await box.isChecked()).toBe(true);
    const reason = dialog.getByRole('textbox', { name: 'Cancellation reason' });
    expect(await reason.inputValue()).toBe('Patient deceased');
    await reason.fill('Patient deceased at home');
    await dialog.getByRole('button', { name: 'Mark as deceased' }).click();
    await toastText(page, 'Patient marked as deceased').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    for (const id of [vaccination.id, dental.id]) {
      const saved = await apiAppointment(context, id);
      expect(saved).toMatchObject({ status: 'Cancelled', cancellationReason: 'Patient deceased at home' });
      expect(saved.statusHistory?.at(-1)).toMatchObject({ fromStatus: 'Confirmed', toStatus: 'Cancelled', note: 'Patient deceased at home' });
    }
    expect((await apiAppointment(context, past.id)).status).toBe('Completed');

    // The patient's page lists its appointments, past and upcoming; a row opens one.
    await page.getByRole('tab', { name: 'Appointments' }).click();
    const grid = page.getByRole('grid', { name: 'Appointments of this patient' });
    await expect.poll(() => grid.getByTestId('appointment-status').allInnerTexts()).toEqual(['Cancelled', 'Cancelled', 'Completed']);
    await rowWith(grid, 'Dental cleaning').getByRole('gridcell').first().click();
    const opened = appointmentDialog(page, 'Edit appointment');
    await opened.getByText('Cancellation reason: Patient deceased at home').waitFor();
  });
});
