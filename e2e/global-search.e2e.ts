// The global search (Control+K): clients and patients found by name, chosen with the keyboard.
// The records are made through the API with unique names.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, locationNamed, OWNER, speciesId, startSignedIn } from './clinic.ts';
import { mainNav, unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
/** The file's own location, with the demo's Riverside species. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Search ${unique()}`,
    timeZone: 'America/New_York',
    species: ['Dog', 'Cat', 'Rabbit', 'Bird'],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the search with the shortcut and types `text`; resolves once the results are exactly `expected`. */
async function searchFor(page: Page, text: string, expected: string[]) {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  // The shortcut works once the search's code has loaded, just after the navigation: pressed too
  // early it does nothing, and a person presses it again.
  await expect
    .poll(async () => {
      if (!(await dialog.isVisible())) await page.keyboard.press('Control+K');
      return dialog.isVisible();
    }, { interval: 250 })
    .toBe(true);
  const box = dialog.getByRole('combobox', { name: 'Search clients and patients' });
  await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  await box.pressSequentially(text, { delay: 10 });
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  // Titles of the options (their first line), in order; stale results of an earlier search do not match.
  const titles = async () => (await results.getByRole('option').allInnerTexts()).map((t) => t.trim().split('\n')[0]!.trim());
  await expect.poll(titles).toEqual(expected);
  return { dialog, box, results };
}

describe('global search', () => {
  it('finds a client by name and opens it with the arrow keys and Enter; finds a patient too', async () => {
    const { context, page } = await cleanTab();
    await startSignedIn(page, OWNER, '/profile');
    // The search's button shows once the search (and its shortcut) is ready, as a person sees it.
    await mainNav(page).getByRole('button', { name: 'Search clients and patients' }).waitFor();
    const id = unique();
    const surname = `Findme${id}`;
    const location = await locationNamed(context, own.name);
    // Two clients share the surname, so the wanted one is reached with the arrow keys.
    const alex = await apiCreateClient(context, { locationId: location.id, firstName: 'Alex', lastName: surname });
    const blair = await apiCreateClient(context, {
      locationId: location.id,
      firstName: 'Blair',
      lastName: surname,
      email: `blair-${id}@example.test`,
    });
    const patient = await apiCreatePatient(context, { clientId: alex.id, name: `Biscuit${id}`, speciesId: speciesId(location, 'Rabbit') });

    // Clients: the first result is active; ArrowDown moves to Blair, Enter opens Blair's page.
    const { dialog, box, results } = await searchFor(page, surname, [`Alex ${surname}`, `Blair ${surname}`]);
    const blairOption = results.getByRole('option', { name: new RegExp(`^Blair ${surname}`) });
    expect(await results.getByRole('option', { name: new RegExp(`^Alex ${surname}`) }).getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowDown');
    await expect.poll(() => blairOption.getAttribute('aria-selected')).toBe('true');
    expect(await blairOption.innerText()).toContain(`blair-${id}@example.test`);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === `/clients/${blair.id}`);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: `Blair ${surname}`, level: 1 }).waitFor();

    // Patients: found by name, shown with species and owner, Enter opens the patient.
    const second = await searchFor(page, patient.name, [patient.name]);
    const option = second.results.getByRole('group', { name: 'Patients' }).getByRole('option');
    expect(await option.innerText()).toContain(`Rabbit · Alex ${surname}`);
    expect(await second.results.getByRole('group', { name: 'Clients' }).count()).toBe(0);
    await second.box.press('Enter');
    await page.waitForURL((url) => url.pathname === `/patients/${patient.id}`);
    await page.getByRole('heading', { name: patient.name, level: 1 }).waitFor();
  });
});
