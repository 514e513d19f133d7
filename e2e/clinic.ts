// Shared steps for the clients-slice browser tests (clients, patients, documents, contacts,
// import, search); not a test file itself. Records made through the API use the signed-in
// context's cookies, so they belong to the demo account like the ones made in the pages.
import { expect, inject } from 'vitest';
import type { APIResponse, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser.ts';
import { FAKE_KEYS } from './fake-providers.ts';
import { mainNav } from './helpers.ts';

export const OWNER = 'owner@demo.test';
export const OWNER_NAME = 'Olivia Owens';
export const LAKESIDE = 'Lakeside Pet Care';
export const RIVERSIDE = 'Riverside Animal Hospital';

/** Signs the owner in straight onto `path` and waits for its page heading. */
export async function ownerOn(page: Page, path: string, heading: string | RegExp) {
  await startSignedIn(page, OWNER, path);
  await page.waitForURL((url) => url.pathname === path);
  await mainNav(page).waitFor();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** A toast (react-hot-toast renders each as a status region). */
export const toast = (page: Page, text: string): Locator => page.getByRole('status').filter({ hasText: text });
/** A toast by its text: while a dialog is open the rest of the page is hidden from the accessibility tree. */
export const toastText = (page: Page, text: string): Locator => page.getByText(text, { exact: true });

/** A grid row holding `text`. */
export const rowWith = (grid: Locator, text: string): Locator => grid.getByRole('row').filter({ hasText: text });

/** The data rows of a grid (the header row has column headers, not cells). */
export const dataRows = (grid: Locator): Locator => grid.getByRole('row').filter({ has: grid.page().getByRole('gridcell') });

/** Picks `option` in a MUI select (a combobox named by its label). */
export async function pickOption(scope: Locator | Page, label: string, option: string) {
  const combobox = scope.getByRole('combobox', { name: label });
  await combobox.click();
  const page = 'page' in scope ? scope.page() : scope;
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option, exact: true }).click();
  // Seen once in a loaded CI run: the menu stayed open after the click on its option. A person
  // clicks the option again; the chosen value is what the test depends on, and it is checked.
  const closed = await listbox.waitFor({ state: 'hidden', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!closed) {
    await listbox.getByRole('option', { name: option, exact: true }).click();
    await listbox.waitFor({ state: 'hidden' });
  }
  await expect.poll(() => combobox.innerText()).toContain(option);
}

/** Opens the '⋮' menu of a grid row and chooses an action in it. */
export async function rowMenuAction(row: Locator, action: string) {
  await row.getByRole('button', { name: 'more' }).click();
  await row.page().getByRole('menuitem', { name: action, exact: true }).click();
}

/** Today minus `years`, on the 1st of this month (so the age reads exactly '`years` yrs'), as YYYY-MM-DD. */
export function firstOfMonthYearsAgo(years: number, now = new Date()): string {
  return `${now.getFullYear() - years}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
}

/** A calendar date the way the app shows it (formatDate in the browser's locale, in UTC). */
export function shownDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (d) =>
      new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      ),
    iso,
  );
}

// ---------- the API, for setting up data a test is not about ----------

export async function json<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The location's email goes through the global setup's local mail server (its SMTP integration, set up through the API). */
export async function useLocalMail(context: BrowserContext, locationId: string, from: { email: string; name: string }): Promise<void> {
  const settings = { host: '127.0.0.1', port: inject('smtpPort'), security: 'none', fromEmail: from.email, fromName: from.name };
  const data = { locationId, service: 'smtp', publicKey: FAKE_KEYS.smtp.user, privateKey: FAKE_KEYS.smtp.password, settings };
  await json(await context.request.post('/api/integrations', { data: { data } }), 'set up SMTP');
}

/** Signs `context` in through the API (the context keeps the session's cookie, as after the form). */
export async function apiSignIn(context: BrowserContext, email = OWNER): Promise<void> {
  await json(await context.request.post('/api/auth/login', { data: { data: { email, password: DEMO_PASSWORD } } }), `sign in as ${email}`);
}

/**
 * Starts a test already signed in: the session asked of the API, then `path` opened. For tests
 * whose subject comes after signing in; the form itself is walked by signIn() and the sign-in
 * tests. About two seconds less per test than the form.
 */
export async function startSignedIn(page: Page, email: string, path: string) {
  await apiSignIn(page.context(), email);
  await page.goto(path);
}

export interface LocationInfo {
  id: string;
  name: string;
  timezone: string;
  species: { id: string; name: string }[];
}

export async function locationNamed(context: BrowserContext, name: string): Promise<LocationInfo> {
  const list = await json<LocationInfo[]>(await context.request.get('/api/location'), 'list locations');
  const found = list.find((l) => l.name === name);
  if (!found) throw new Error(`No location named ${name}`);
  return found;
}

export function speciesId(location: LocationInfo, name: string): string {
  const found = location.species.find((s) => s.name === name);
  if (!found) throw new Error(`${location.name} has no species ${name}`);
  return found.id;
}

export interface ClientInfo {
  id: string;
  firstName: string;
  lastName: string;
  locationId: string;
}

export async function apiCreateClient(
  context: BrowserContext,
  data: { locationId: string; firstName: string; lastName: string; email?: string; phone?: string; address?: string },
): Promise<ClientInfo> {
  return json<ClientInfo>(await context.request.post('/api/client', { data: { data } }), 'create client');
}

export interface PatientInfo {
  id: string;
  name: string;
  clientId: string;
}

export async function apiCreatePatient(
  context: BrowserContext,
  data: { clientId: string; name: string; speciesId: string; dateOfBirth?: string },
): Promise<PatientInfo> {
  return json<PatientInfo>(await context.request.post('/api/patient', { data: { data } }), 'create patient');
}

/**
 * The Locations list's row of `name`, on the page it is on. The list shows 25 to a page, and the
 * browser tests' own locations fill several (how many come before one depends on the files that
 * ran first): a person turns the pages until it shows, and so does this.
 */
export async function locationRow(page: Page, name: string): Promise<Locator> {
  const grid = page.getByRole('grid', { name: 'Locations' });
  const row = rowWith(grid, name);
  // MUI's "1–25 of 60" under the list
  const shown = page.getByText(/^\d+–\d+ of \d+$/);
  for (;;) {
    await dataRows(grid).first().waitFor();
    if ((await row.count()) > 0) return row;
    const next = page.getByRole('button', { name: 'Go to next page' });
    if (await next.isDisabled()) throw new Error(`${name} is not on the Locations list`);
    const before = await shown.innerText();
    await next.click();
    await expect.poll(() => shown.innerText()).not.toBe(before);
  }
}
