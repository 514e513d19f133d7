// Shared steps for the scheduling browser tests (calendar, appointments, booking, services and
// add-ons); not a test file itself. Records a test is not about are made through the API with the
// signed-in context's cookies; times are wall-clock times at the location, as staff think of them.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, localDate, localDateTimeToInstant, startOfLocalDay, weekdayOf } from '@willow/contracts';
import { apiCreateClient, apiCreatePatient, json, speciesId, type ClientInfo, type LocationInfo, type PatientInfo } from './clinic.ts';
import { mainNav } from './helpers.ts';

/**
 * A Wednesday `weeks` weeks after today at the location. The demo's slots and appointments reach
 * about four weeks ahead, so from the eighth week on the days are empty; each test file takes its
 * own week, so no two files ever book the same provider at the same time.
 */
export function quietWednesday(timeZone: string, weeks: number): string {
  const day = addDays(localDate(Date.now(), timeZone), weeks * 7);
  return addDays(day, 3 - weekdayOf(day));
}

/** Minutes since midnight of 'HH:MM'. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant (ISO, UTC) of a wall-clock time on a local date in a time zone. */
export const instantAt = (date: string, hhmm: string, timeZone: string): string =>
  localDateTimeToInstant(date, minutesOf(hhmm), timeZone).toISOString();

/** Minutes elapsed from the start of the local day to a wall-clock time (differs from the clock on a daylight-saving day). */
export const elapsedMinutes = (date: string, hhmm: string, timeZone: string): number =>
  (localDateTimeToInstant(date, minutesOf(hhmm), timeZone).getTime() - startOfLocalDay(date, timeZone).getTime()) / 60_000;

/** How long the local day is in minutes (1440, or 1380 / 1500 on a daylight-saving change). */
export const dayLength = (date: string, timeZone: string): number =>
  (startOfLocalDay(addDays(date, 1), timeZone).getTime() - startOfLocalDay(date, timeZone).getTime()) / 60_000;

/** A wall-clock time the way the app shows it (the browser's locale), e.g. '10:00 AM'. */
export function shownClock(page: Page, hhmm: string): Promise<string> {
  return page.evaluate(
    (m) => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, 0, m))),
    minutesOf(hhmm),
  );
}

// ---------- records through the API ----------

export interface Household {
  client: ClientInfo;
  patient: PatientInfo;
  /** 'First Last' as lists show it */
  clientName: string;
}

/** A client with one dog at the location; names end in `id`, so searches find only them. */
export async function apiHousehold(context: BrowserContext, location: LocationInfo, id: string, surname: string, pet: string): Promise<Household> {
  const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Jamie', lastName: `${surname}${id}` });
  const patient = await apiCreatePatient(context, { clientId: client.id, name: `${pet}${id}`, speciesId: speciesId(location, 'Dog') });
  return { client, patient, clientName: `${client.firstName} ${client.lastName}` };
}

export interface ProviderInfo {
  id: string;
  firstName: string;
  lastName: string;
}

/** A provider of the location's calendar by full name. */
export async function providerNamed(context: BrowserContext, locationId: string, name: string): Promise<ProviderInfo> {
  const sidebar = await json<{ providers: ProviderInfo[] }>(
    await context.request.get(`/api/scheduleSlot/sidebar?locationId=${locationId}`),
    'calendar sidebar',
  );
  const found = sidebar.providers.find((p) => `${p.firstName} ${p.lastName}` === name);
  if (!found) throw new Error(`No provider named ${name} at ${locationId}`);
  return found;
}

export interface ServiceInfo {
  id: string;
  name: string;
  type: string;
  duration: number;
  locationId: string;
}

export async function serviceNamed(context: BrowserContext, locationId: string, name: string): Promise<ServiceInfo> {
  const list = await json<ServiceInfo[]>(await context.request.get(`/api/service?locationId=${locationId}&onlyActive=true`), 'list services');
  const found = list.find((s) => s.name === name);
  if (!found) throw new Error(`No service named ${name} at ${locationId}`);
  return found;
}

export interface AppointmentInfo {
  id: string;
  locationId: string;
  status: string;
  startAt: string;
  endAt: string;
  clientId: string;
  primaryProviderId: string | null;
  serviceIds: string[];
  overlapReason: string | null;
  cancellationReason: string | null;
  source: string;
  requestedTimes: string[];
  addOns: { id: string; addOnId: string | null; name: string; price: number; values: Record<string, string> }[];
  statusHistory?: { fromStatus: string | null; toStatus: string; note: string | null }[];
}

export async function apiCreateAppointment(
  context: BrowserContext,
  data: {
    locationId: string;
    clientId: string;
    patientIds: string[];
    serviceIds: string[];
    startAt: string;
    endAt: string;
    primaryProviderId?: string | null;
    status?: 'Pending' | 'Confirmed';
  },
): Promise<AppointmentInfo> {
  return json<AppointmentInfo>(await context.request.post('/api/appointment', { data: { data } }), 'create appointment');
}

export async function apiAppointment(context: BrowserContext, id: string): Promise<AppointmentInfo> {
  return json<AppointmentInfo>(await context.request.get(`/api/appointment/${id}`), 'read appointment');
}

/** The appointments of one client (any status), newest first. */
export async function apiAppointmentsOf(context: BrowserContext, clientId: string): Promise<AppointmentInfo[]> {
  const statuses = [
    'Pending',
    'Confirmed',
    'Checked In',
    'Checked Out',
    'Completed',
    'Submitted For Cremation',
    'Cremated',
    'Ashes Delivered',
    'Ashes Spread',
    'Cancelled',
    'Rejected',
  ].join(',');
  const page = await json<{ items: AppointmentInfo[] }>(
    await context.request.get(`/api/appointment?clientId=${clientId}&status=${encodeURIComponent(statuses)}`),
    'list appointments',
  );
  return page.items;
}

// ---------- the pages ----------

/** Chooses a location in the navigation's location dropdown (saved in the browser's settings). */
export async function chooseNavLocation(page: Page, name: string) {
  const dropdown = mainNav(page).getByRole('button', { name: /^Location: / });
  await dropdown.click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name, exact: true }).click();
  await menu.waitFor({ state: 'hidden' });
  await expect.poll(() => dropdown.getAttribute('aria-label')).toBe(`Location: ${name}`);
}

/** The appointment dialog (new or edit); MUI hides it from the accessibility tree while a dialog opened from it is on top. */
export const appointmentDialog = (page: Page, title: 'New appointment' | 'Edit appointment'): Locator =>
  page.getByRole('dialog', { name: title, exact: true });

/** Opens an appointment from /appointments by searching for its client. */
export async function openFromList(page: Page, clientName: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Search appointments' }).fill(clientName);
  const grid = page.getByRole('grid', { name: 'Appointments' });
  const row = grid.getByRole('row').filter({ hasText: clientName });
  await row.first().waitFor();
  await expect.poll(() => row.count()).toBe(1);
  await row.getByRole('gridcell').first().click();
  const dialog = appointmentDialog(page, 'Edit appointment');
  await dialog.getByTestId('appointment-status').waitFor();
  return dialog;
}

/** Picks a client in the dialog's client search (an autocomplete over names, phones and emails). */
export async function pickClient(dialog: Locator, household: Household) {
  const box = dialog.getByRole('combobox', { name: 'Client' });
  await box.fill(household.client.lastName);
  const option = dialog.page().getByRole('listbox').getByRole('option').filter({ hasText: household.clientName });
  await option.click();
  await expect.poll(() => box.inputValue()).toBe(household.clientName);
}

/** Picks one option of an autocomplete (patients, services) in the dialog. */
export async function pickFromAutocomplete(dialog: Locator, label: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: label }).click();
  const listbox = dialog.page().getByRole('listbox');
  const choice =
    typeof option === 'string' ? listbox.getByRole('option', { name: option, exact: true }) : listbox.getByRole('option').filter({ hasText: option });
  await choice.click();
  // Choosing closes the list (Escape would close the dialog itself).
  await listbox.waitFor({ state: 'hidden' });
}

/** The MUI palette colour of a status chip ('info', 'success', …), from its colour class. */
export async function chipColour(chip: Locator): Promise<string | undefined> {
  const classes = (await chip.getAttribute('class')) ?? '';
  return /\bMuiChip-color(Default|Primary|Secondary|Error|Info|Success|Warning)\b/.exec(classes)?.[1]?.toLowerCase();
}
