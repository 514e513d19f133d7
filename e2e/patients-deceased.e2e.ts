// Recording a patient's death, where the marker shows, and undoing a mistaken record. The
// household is made through the API; the test is about the pages.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import {
  apiCreateClient,
  apiCreatePatient,
  apiSignIn,
  locationNamed,
  OWNER,
  rowMenuAction,
  rowWith,
  shownDate,
  speciesId,
  toast,
  toastText,
} from './clinic.ts';
import { mainNav, unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
/** The file's own location, with the demo's Riverside species. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Deceased ${unique()}`,
    timeZone: 'America/New_York',
    species: ['Dog', 'Cat', 'Rabbit', 'Bird'],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('deceased patients', () => {
  it('marks a patient deceased with a date and note, shows the marker where it is listed, and undoes it', async () => {
    const { context, page } = await cleanTab();
    await apiSignIn(context, OWNER);
    const id = unique();
    const location = await locationNamed(context, own.name);
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Dana', lastName: `Household${id}` });
    const dog = await apiCreatePatient(context, {
      clientId: client.id,
      name: `Rex${id}`,
      speciesId: speciesId(location, 'Dog'),
      dateOfBirth: '2012-04-01',
    });
    const rabbit = await apiCreatePatient(context, { clientId: client.id, name: `Thumper${id}`, speciesId: speciesId(location, 'Rabbit') });
    // Mark the dog as deceased from the client's page.
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('heading', { name: `Dana Household${id}`, level: 1 }).waitFor();
    const diedOn = '2024-02-10';
    const marker = `Deceased ${await shownDate(page, diedOn)}`;
    const household = page.getByRole('grid', { name: 'Patients of this client' });
    const dogRow = rowWith(household, dog.name);
    await dogRow.waitFor();
    expect(await dogRow.innerText()).not.toContain('Deceased');
    await rowMenuAction(dogRow, `Mark ${dog.name} as deceased`);
    const dialog = page.getByRole('dialog', { name: `Mark ${dog.name} as deceased` });
    await dialog.getByLabel('Date of death').fill(diedOn);
    await dialog.getByLabel('Note').fill('Passed away peacefully at home');
    await dialog.getByRole('button', { name: 'Mark as deceased' }).click();
    await toastText(page, 'Patient marked as deceased').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await dogRow.getByText(marker, { exact: true }).waitFor();
    expect(await rowWith(household, rabbit.name).innerText()).not.toContain('Deceased');

    // The patient's own page carries the marker and the note.
    await dogRow.getByRole('link', { name: dog.name }).click();
    await page.waitForURL((url) => url.pathname === `/patients/${dog.id}`);
    await page.getByRole('heading', { name: dog.name, level: 1 }).waitFor();
    const main = page.getByRole('main');
    await main.getByText(marker, { exact: true }).waitFor();
    await main.getByText('Passed away peacefully at home', { exact: true }).waitFor();

    // /patients hides the deceased unless asked to show them.
    await mainNav(page).getByRole('link', { name: 'Patients', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/patients');
    const grid = page.getByRole('grid', { name: 'Patients' });
    const showDeceased = page.getByRole('switch', { name: 'Show deceased' });
    expect(await showDeceased.isChecked()).toBe(false);
    await page.getByRole('textbox', { name: 'Search patients' }).fill(`${dog.name}`);
    await grid.getByText('No patients match this search').waitFor();
    await showDeceased.check();
    const row = rowWith(grid, dog.name);
    await row.getByText(marker, { exact: true }).waitFor();
    expect(await row.innerText()).toContain(`Dana Household${id}`);
    await showDeceased.uncheck();
    await grid.getByText('No patients match this search').waitFor();

    // Undo: alive again, listed without the switch and without the marker.
    await showDeceased.check();
    await row.getByText(marker, { exact: true }).waitFor();
    await rowMenuAction(row, `Undo deceased for ${dog.name}`);
    await toast(page, 'Deceased record undone').waitFor();
    await row.getByText(marker, { exact: true }).waitFor({ state: 'detached' });
    await showDeceased.uncheck();
    await row.waitFor();
    expect(await row.innerText()).not.toContain('Deceased');

    await row.getByRole('link', { name: `Dana Household${id}` }).click();
    await page.waitForURL((url) => url.pathname === `/clients/${client.id}`);
    await dogRow.waitFor();
    // The household list may first show what it held before the undo, then its refetch.
    await expect.poll(() => household.getByText(/^Deceased/).count()).toBe(0);
  });
});
