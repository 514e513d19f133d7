// The client's household as staff build it: a new client, their patients, finding them in the
// list, an edit and who made it. Everything made here has a unique name.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { firstOfMonthYearsAgo, OWNER_NAME, ownerOn, dataRows, pickOption, rowWith, toast, toastText } from './clinic.ts';
import { mainNav, unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
/** The file's own location, with the demo's Lakeside species. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Clients ${unique()}`,
    timeZone: 'America/Los_Angeles',
    species: ['Dog', 'Cat', 'Horse'],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('clients', () => {
  it('creates a client with two patients, finds them in the list, edits them and shows who did it', async () => {
    const { page } = await cleanTab();
    const id = unique();
    const first = 'Casey';
    const last = `Client${id}`;
    const name = `${first} ${last}`;
    const email = `e2e-client-${id}@example.test`;
    const horse = `Clover${id}`;
    const cat = `Mittens${id}`;
    await ownerOn(page, '/clients', 'Clients');

    // A new client at a chosen location.
    await page.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('dialog', { name: 'New client' });
    await form.getByLabel('First name').fill(first);
    await form.getByLabel('Last name').fill(last);
    await form.getByLabel('Email').fill(email);
    await pickOption(form, 'Location', own.name);
    await form.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Client created').waitFor();
    await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    const clientPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('main').getByText(own.name, { exact: true }).waitFor();
    await page.getByRole('link', { name: email }).waitFor();

    // Two patients; the species come from the location's list, the age from the date of birth.
    const patients = page.getByRole('grid', { name: 'Patients of this client' });
    await patients.getByText('No patients yet').waitFor();
    const born = firstOfMonthYearsAgo(3);
    await page.getByRole('button', { name: 'Add patient' }).click();
    let dialog = page.getByRole('dialog', { name: 'New patient' });
    await dialog.getByLabel('Name').fill(horse);
    await dialog.getByRole('combobox', { name: 'Species' }).click();
    const species = page.getByRole('listbox');
    await species.getByRole('option', { name: 'Horse', exact: true }).waitFor();
    const offered = (await species.getByRole('option').allInnerTexts()).map((t) => t.trim());
    expect(offered).toEqual(expect.arrayContaining(['Dog', 'Cat', 'Horse']));
    expect(offered).not.toContain('Rabbit'); // Riverside's, not this location's
    await species.getByRole('option', { name: 'Horse', exact: true }).click();
    await species.waitFor({ state: 'hidden' });
    await dialog.getByLabel('Date of birth').fill(born);
    await dialog.getByText('Age: 3 yrs', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Patient created').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add patient' }).click();
    dialog = page.getByRole('dialog', { name: 'New patient' });
    await dialog.getByLabel('Name').fill(cat);
    await pickOption(dialog, 'Species', 'Cat');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => dataRows(patients).count()).toBe(2);
    const horseRow = rowWith(patients, horse);
    expect(await horseRow.innerText()).toContain('Horse');
    expect(await horseRow.innerText()).toContain('3 yrs');
    expect(await rowWith(patients, cat).innerText()).toContain('Cat');

    // The list finds the client as the search is typed; nonsense finds nobody.
    await mainNav(page).getByRole('link', { name: 'Clients', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/clients');
    await pickOption(page.getByRole('main'), 'Location', own.name);
    const grid = page.getByRole('grid', { name: 'Clients' });
    await dataRows(grid).first().waitFor();
    const search = page.getByRole('textbox', { name: 'Search clients', exact: true });
    await search.pressSequentially(last.slice(0, 12), { delay: 20 });
    const row = rowWith(grid, email);
    await row.waitFor();
    await expect.poll(() => dataRows(grid).count()).toBe(1);
    expect(await row.innerText()).toContain(name);
    expect((await row.locator('[data-field="patientCount"]').innerText()).trim()).toBe('2');
    await search.fill(`zzqxv${id}`);
    await grid.getByText('No clients match this search').waitFor();
    expect(await dataRows(grid).count()).toBe(0);
    await search.fill(last);
    await row.click();
    await page.waitForURL((url) => url.pathname === clientPath);

    // An edit is saved and kept over a reload.
    const phone = `+1 530 555 ${id.slice(-4)}`;
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect.poll(() => edit.getByLabel('Email').inputValue()).toBe(email);
    await edit.getByLabel('Phone', { exact: true }).fill(phone);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Client updated').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('link', { name: phone }).waitFor();

    // History: the edit, with who made it, above the creation.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'history');
    const history = page.getByRole('list', { name: 'History' });
    const entries = history.getByRole('listitem');
    await entries.first().waitFor();
    const latest = await entries.first().innerText();
    expect(latest).toContain('Updated');
    expect(latest).toContain(OWNER_NAME);
    expect(latest).toContain('Phone');
    expect(latest).toContain(phone);
    expect(await entries.filter({ hasText: 'Created' }).count()).toBe(1);
  });
});
