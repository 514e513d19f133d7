// Shared steps for the scheduling browser tests (calendar, appointments, booking, services and
// add-ons); not a test file itself. Records a test is not about are made through the API with the
// signed-in context's cookies; times are wall-clock times at the location, as staff think of them.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, APPOINTMENT_STATUSES, localDate, localDateTimeToInstant, startOfLocalDay, weekdayOf } from '@willow/contracts';
import { DESKTOP, newPage } from './browser.ts';
import { apiCreateClient, apiCreatePatient, json, locationNamed, OWNER, speciesId, startSignedIn, type ClientInfo, type LocationInfo, type PatientInfo } from './clinic.ts';
import { appIsOpen, followInApp, mainNav } from './helpers.ts';

/**
 * The Wednesday two to eight days ahead at the location: the days a test books around it (Tuesday
 * to Friday) are still to come, none of them today, and all in one calendar week. Files book in a
 * location of their own (own-location.ts), so any such week is free of other files' records.
 */
export function upcomingWednesday(timeZone: string): string {
  const day = addDays(localDate(Date.now(), timeZone), 2);
  return addDays(day, (3 - weekdayOf(day) + 7) % 7);
}

/** The first day after today whose clocks go forward (23 hours long) at the location. */
export function nextSpringForward(timeZone: string): string {
  let day = addDays(localDate(Date.now(), timeZone), 1);
  for (let i = 0; i < 400; i++, day = addDays(day, 1)) if (dayLength(day, timeZone) < 1440) return day;
  throw new Error(`${timeZone} has no daylight-saving change within a year`);
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

/** A wall-clock time as the appointment dialog's time fields show it (the locale's, plain spaces), e.g. '2:15 PM'. */
export async function fieldClock(page: Page, hhmm: string): Promise<string> {
  return (await shownClock(page, hhmm)).replace(/\s/g, ' ');
}

/** A page whose browser runs in another time zone than the machine (and the locations). */
export function newPageInZone(browser: Browser, timezoneId: string): Promise<{ context: BrowserContext; page: Page }> {
  return newPage(browser, DESKTOP, timezoneId);
}

// ---------- records through the API ----------

export interface Household {
  client: ClientInfo;
  patient: PatientInfo;
  /** 'First Last' as lists show it */
  clientName: string;
}

/** The address a household made by apiHousehold lives at: a home visit for them is filled with it. */
export const HOUSEHOLD_ADDRESS = '12 Elm Street, Springfield';

/**
 * A client with one dog at the location; names end in `id`, so searches find only them. Picking the
 * client in the appointment dialog picks the dog (their only living patient).
 */
export async function apiHousehold(context: BrowserContext, location: LocationInfo, id: string, surname: string, pet: string): Promise<Household> {
  const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Jamie', lastName: `${surname}${id}`, address: HOUSEHOLD_ADDRESS });
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
  const statuses = APPOINTMENT_STATUSES.join(',');
  const page = await json<{ items: AppointmentInfo[] }>(
    await context.request.get(`/api/appointment?clientId=${clientId}&status=${encodeURIComponent(statuses)}`),
    'list appointments',
  );
  return page.items;
}

// ---------- the pages ----------

/** Signs the owner in and chooses the location in the navigation; the location as the API has it. */
export async function ownerAt(page: Page, name: string): Promise<LocationInfo> {
  await startSignedIn(page, OWNER, '/profile');
  await mainNav(page).waitFor();
  await chooseNavLocation(page, name);
  return locationNamed(page.context(), name);
}

/** Chooses a location in the navigation's location dropdown (saved in the browser's settings). */
export async function chooseNavLocation(page: Page, name: string) {
  const dropdown = mainNav(page).getByRole('button', { name: /^Location: / });
  await dropdown.click();
  const menu = page.getByRole('menu');
  const item = menu.getByRole('menuitem', { name, exact: true });
  await item.click();
  // The test files' own locations make the menu long enough to scroll, and in a loaded run a click
  // on an item near its end once left the menu open. A person clicks again; the choice is checked below.
  const closed = await menu.waitFor({ state: 'hidden', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!closed) {
    // (Unless it is closing after all, slowly: then the item goes and there is nothing to click.)
    await item.click({ timeout: 5_000 }).catch(() => undefined);
    await menu.waitFor({ state: 'hidden' });
  }
  await expect.poll(() => dropdown.getAttribute('aria-label')).toBe(`Location: ${name}`);
}

/** The appointment dialog (new or edit); MUI hides it from the accessibility tree while a dialog opened from it is on top. */
export const appointmentDialog = (page: Page, title: 'New appointment' | 'Edit appointment'): Locator =>
  page.getByRole('dialog', { name: title, exact: true });

/** Opens an appointment from /appointments by searching for its client. */
export async function openFromList(page: Page, clientName: string): Promise<Locator> {
  // The search is sent once typing pauses, and while its answer is on the way the rows on screen
  // are the previous search's: a click could open the wrong one. Wait for the searched list and
  // for the list to be done loading.
  const box = page.getByRole('textbox', { name: 'Search appointments' });
  const searching = (await box.inputValue()).trim() !== clientName.trim();
  const searched = searching
    ? page.waitForResponse((r) => new URL(r.url()).pathname === '/api/appointment' && new URL(r.url()).searchParams.get('search') === clientName.trim())
    : undefined;
  await box.fill(clientName);
  await searched;
  const grid = page.getByRole('grid', { name: 'Appointments' });
  const row = grid.getByRole('row').filter({ hasText: clientName });
  await row.first().waitFor();
  await expect.poll(() => row.count()).toBe(1);
  await expect.poll(() => page.getByRole('progressbar', { name: 'Loading appointments' }).count()).toBe(0);
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

/** The dialog picked the household's only living animal with the client: its chip shows. */
export async function expectPatientPicked(dialog: Locator, household: Household) {
  await dialog.getByRole('button', { name: household.patient.name, exact: true }).waitFor();
}

/**
 * Picks one option of an autocomplete (patients, services) in the dialog: by its exact name, or with
 * `partly` by text it holds (a patient's option also shows the species).
 */
export async function pickFromAutocomplete(dialog: Locator, label: string, option: string | RegExp, partly = false) {
  await dialog.getByRole('combobox', { name: label }).click();
  const listbox = dialog.page().getByRole('listbox');
  const choice =
    typeof option === 'string' && !partly
      ? listbox.getByRole('option', { name: option, exact: true })
      : listbox.getByRole('option').filter({ hasText: option });
  await choice.click();
  // Choosing closes the list (Escape would close the dialog itself).
  await listbox.waitFor({ state: 'hidden' });
}

/** The MUI palette colour of a status chip ('info', 'success', …), from its colour class. */
export async function chipColour(chip: Locator): Promise<string | undefined> {
  const classes = (await chip.getAttribute('class')) ?? '';
  return /\bMuiChip-color(Default|Primary|Secondary|Error|Info|Success|Warning)\b/.exec(classes)?.[1]?.toLowerCase();
}

// ---------- the calendar's time grid ----------

/** Pixels per minute of the day and week views (calendar-styles.ts PX_PER_MINUTE). */
export const GRID_PX_PER_MINUTE = 64 / 60;

/**
 * The calendar root once it has drawn the week (or day) of `date` with its data. Opened inside the
 * app when it is open already (a page load costs about 1.8 s of the browser's CPU), with a load of
 * its own when the page has none yet or `load` asks for one (a reload, or a script that must start
 * with the new document).
 */
export async function openCalendar(
  page: Page,
  view: 'day' | 'week' | 'providers',
  date: string,
  timeZone: string,
  { load = false }: { load?: boolean } = {},
): Promise<Locator> {
  const path = `/?view=${view}&date=${date}`;
  if (!load && (await appIsOpen(page))) await followInApp(page, path);
  else await page.goto(path);
  const calendar = page.getByTestId('calendar');
  await calendar.and(page.locator(`[data-view="${view}"][data-date="${date}"][data-time-zone="${timeZone}"][data-ready="true"]`)).waitFor();
  return calendar;
}

/** The column of one local day in the week or day view. */
export const dayColumn = (page: Page, date: string): Locator => page.locator(`[data-testid="calendar-day-column"][data-date="${date}"]`);

/** An appointment's block in the time grid. */
export const calendarEvent = (page: Page, appointmentId: string): Locator =>
  page.locator(`[data-appointment-id="${appointmentId}"]`);

export interface Point {
  x: number;
  y: number;
}

/** Scrolls the time grid to the start of the day (it opens on the working morning). */
export async function scrollGridToMidnight(column: Locator) {
  await column.evaluate((el) => {
    el.closest('.wc-scroll')!.scrollTop = 0;
  });
}

/** Scrolls the time grid so that a wall-clock time of the day sits in the upper part of the view, as a person scrolls to it. */
export async function scrollGridTo(column: Locator, date: string, hhmm: string, timeZone: string) {
  const top = Math.max(0, (elapsedMinutes(date, hhmm, timeZone) - 120) * GRID_PX_PER_MINUTE);
  await column.evaluate((el, y) => {
    el.closest('.wc-scroll')!.scrollTop = y;
  }, top);
}

/**
 * A point in a day column at a wall-clock time, nudged `nudge` minutes later (selections round
 * outwards and moves to the nearest quarter hour, so a point inside a quarter hour says which one).
 * The column's box includes the part scrolled out of view, so its top is the day's midnight.
 */
export async function pointAt(column: Locator, date: string, hhmm: string, timeZone: string, nudge = 0, across = 0.4): Promise<Point> {
  const box = await column.boundingBox();
  if (!box) throw new Error(`The column of ${date} is not drawn`);
  const point = { x: box.x + box.width * across, y: box.y + (elapsedMinutes(date, hhmm, timeZone) + nudge) * GRID_PX_PER_MINUTE };
  // The grid scrolls itself while the pointer is near its edges (under the sticky day headings at the top).
  const view = await column.evaluate((el) => {
    const r = el.closest('.wc-scroll')!.getBoundingClientRect();
    const head = el.closest('.wc-scroll')!.querySelector('.wc-head')!.getBoundingClientRect();
    return { top: Math.max(r.top, head.bottom), bottom: r.bottom };
  });
  if (point.y < view.top + 45 || point.y > view.bottom - 30) throw new Error(`${hhmm} on ${date} is out of view (y ${point.y}, view ${view.top}–${view.bottom})`);
  return point;
}

/**
 * Presses the mouse at `from`, moves to `to` in steps (past the drag threshold), runs `whileHeld`
 * (to look at the preview) and lets go.
 */
export async function dragMouse(page: Page, from: Point, to: Point, whileHeld?: () => Promise<void>) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 6, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await whileHeld?.();
  await page.mouse.up();
}
