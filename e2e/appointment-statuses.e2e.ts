// Moving an appointment on: the next likely status in one click with a toast naming it, checking in
// a visit that is not today only after a confirmation, and correcting a finished appointment (with
// a reason, by those who may). Records are made through the API, unassigned, in a location of their own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECT_STATUS_DENIED, localDate } from '@willow/contracts';
import { cleanTab, launch, newPage } from './browser.ts';
import { type LocationInfo, OWNER_NAME, pickOption, startSignedIn, toastText } from './clinic.ts';
import { mainNav, openInApp, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import {
  apiAppointment,
  apiCreateAppointment,
  apiHousehold,
  type Household,
  instantAt,
  openFromList,
  ownerAt,
  serviceNamed,
  upcomingWednesday,
} from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside, with a front desk of its own. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Statuses ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.sick],
    staff: [{ firstName: 'Fern', lastName: 'Fairley', role: 'Front Desk' }],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function book(context: BrowserContext, location: LocationInfo, household: Household, startAt: string, endAt: string, service = 'Sick visit') {
  return apiCreateAppointment(context, {
    locationId: location.id,
    clientId: household.client.id,
    patientIds: [household.patient.id],
    serviceIds: [(await serviceNamed(context, location.id, service)).id],
    startAt,
    endAt,
  });
}

async function moveTo(context: BrowserContext, id: string, statuses: string[]) {
  for (const status of statuses) {
    const res = await context.request.post(`/api/appointment/${id}`, { data: { data: { status } } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

async function openAppointments(page: Page) {
  await openInApp(page, '/appointments');
  await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
}

describe('appointment statuses', () => {
  it('moves to the next likely status in one click, and asks before checking in a visit that is not today', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const household = await apiHousehold(context, location, unique(), 'Onward', 'Pepper');
    const date = upcomingWednesday(tz);
    const later = await book(context, location, household, instantAt(date, '09:00', tz), instantAt(date, '09:30', tz));

    await openAppointments(page);
    const dialog = await openFromList(page, household.clientName);
    const chip = dialog.getByTestId('appointment-status');

    // Days ahead: the check-in asks first, and Cancel leaves it as it was.
    const notToday = page.getByRole('dialog', { name: 'Check in a visit that is not today?' });
    await dialog.getByRole('button', { name: 'Mark as Checked In' }).click();
    await notToday.getByText(/^This visit is on .+, not today\. Check it in anyway\?$/).waitFor();
    await notToday.getByRole('button', { name: 'Cancel', exact: true }).click();
    await notToday.waitFor({ state: 'hidden' });
    expect(await chip.innerText()).toBe('Confirmed');
    expect((await apiAppointment(context, later.id)).status).toBe('Confirmed');

    await dialog.getByRole('button', { name: 'Mark as Checked In' }).click();
    await notToday.getByRole('button', { name: 'Check in', exact: true }).click();
    await toastText(page, 'Appointment updated: Checked In').waitFor();
    await expect.poll(() => chip.innerText()).toBe('Checked In');

    // Each next step is one click, the toast naming where it went.
    for (const status of ['Checked Out', 'Completed']) {
      await dialog.getByRole('button', { name: `Mark as ${status}` }).click();
      await toastText(page, `Appointment updated: ${status}`).waitFor();
      await expect.poll(() => chip.innerText()).toBe(status);
    }
    expect(await dialog.getByRole('button', { name: /^Mark as / }).count()).toBe(0);
    const saved = await apiAppointment(context, later.id);
    expect(saved.statusHistory?.map((h) => h.toStatus)).toEqual(['Confirmed', 'Checked In', 'Checked Out', 'Completed']);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Today's visit is checked in straight away.
    const todays = await apiHousehold(context, location, unique(), 'Today', 'Biscuit');
    const now = Date.now();
    const today = await book(context, location, todays, new Date(now - 5 * 60_000).toISOString(), new Date(now + 25 * 60_000).toISOString());
    expect(localDate(today.startAt, tz)).toBe(localDate(now, tz));
    const todayDialog = await openFromList(page, todays.clientName);
    await todayDialog.getByRole('button', { name: 'Mark as Checked In' }).click();
    await toastText(page, 'Appointment updated: Checked In').waitFor();
    await expect.poll(() => todayDialog.getByTestId('appointment-status').innerText()).toBe('Checked In');
    expect(await notToday.count()).toBe(0);
  });

  it('corrects a finished appointment with a reason, shown as a correction; the front desk may not', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const household = await apiHousehold(context, location, unique(), 'Mistaken', 'Juniper');
    const date = upcomingWednesday(tz);
    const appointment = await book(context, location, household, instantAt(date, '11:00', tz), instantAt(date, '11:30', tz));
    await moveTo(context, appointment.id, ['Checked In', 'Checked Out', 'Completed']);

    await openAppointments(page);
    const dialog = await openFromList(page, household.clientName);
    await dialog.getByRole('button', { name: 'Correct status' }).click();
    const correct = page.getByRole('dialog', { name: 'Correct status' });
    await pickOption(correct, 'Correct to', 'Checked Out');
    // The reason is required.
    await correct.getByRole('button', { name: 'Correct status' }).click();
    await correct.getByText('This field is required.').waitFor();
    expect((await apiAppointment(context, appointment.id)).status).toBe('Completed');
    await correct.getByRole('textbox', { name: 'Reason' }).fill('Completed before the invoice was settled');
    await correct.getByRole('button', { name: 'Correct status' }).click();
    await toastText(page, 'Appointment updated: Checked Out').waitFor();
    await correct.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.getByTestId('appointment-status').innerText()).toBe('Checked Out');

    const entries = dialog.getByRole('list', { name: 'Status history' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(5);
    const last = await entries.last().innerText();
    expect(last).toContain('Corrected: Completed → Checked Out');
    expect(last).toContain(`by ${OWNER_NAME}`);
    expect(last).toContain('Reason: Completed before the invoice was settled');
    const saved = await apiAppointment(context, appointment.id);
    expect(saved.statusHistory?.at(-1)).toMatchObject({ fromStatus: 'Completed', toStatus: 'Checked Out', correction: true });

    // Completed again; the front desk sees no correction and is refused by the server.
    await moveTo(context, appointment.id, ['Completed']);
    const desk = await newPage(browser);
    try {
      await startSignedIn(desk.page, own.staff[0]!.email, '/profile');
      await mainNav(desk.page).waitFor();
      await openAppointments(desk.page);
      const deskDialog = await openFromList(desk.page, household.clientName);
      await expect.poll(() => deskDialog.getByTestId('appointment-status').innerText()).toBe('Completed');
      await deskDialog.getByText('Status history').waitFor();
      expect(await deskDialog.getByRole('button', { name: 'Correct status' }).count()).toBe(0);
      const refused = await desk.context.request.post(`/api/appointment/${appointment.id}/correct`, {
        data: { data: { status: 'Checked Out', reason: 'Trying' } },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(CORRECT_STATUS_DENIED);
    } finally {
      await desk.context.close();
    }
  });
});
