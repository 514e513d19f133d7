// CSV import of clients with their patients: a file with a mistake is previewed and refused,
// the corrected file imports, and the new clients are found in the list.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { dataRows, ownerOn, pickOption, rowWith, toastText } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
/** The file's own location, with the demo's Lakeside species. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Import ${unique()}`,
    timeZone: 'America/Los_Angeles',
    species: ['Dog', 'Cat', 'Horse'],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Two clients, three patients; `thirdSpecies` is the species of the second client's second patient row. */
function csv(id: string, thirdSpecies: string): string {
  return [
    'client_first_name,client_last_name,client_email,client_phone,patient_name,patient_species,patient_date_of_birth',
    `Ivy,Import${id},ivy-${id}@example.test,+1 530 555 0111,Bramble${id},Dog,2019-05-01`,
    `Ivy,Import${id},ivy-${id}@example.test,+1 530 555 0111,Nimbus${id},${thirdSpecies},`,
    `Oscar,Import${id},oscar-${id}@example.test,,Pepper${id},Cat,2021-11-20`,
    '',
  ].join('\n');
}

async function chooseCsv(page: Page, dialog: Locator, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser');
  const previewed = page.waitForResponse((r) => r.url().endsWith('/api/client/import/preview'));
  await dialog.getByRole('button', { name: /^Choose (another file|CSV file)$/ }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  expect((await previewed).status()).toBe(200);
  await dialog.getByText(name, { exact: true }).waitFor();
}

/** The summary line: how many clients, patients and errors the preview counted. */
async function expectSummary(dialog: Locator, expected: string[]) {
  const summary = dialog.getByLabel('Import summary');
  await summary.getByText(expected[0]!, { exact: true }).waitFor();
  expect((await summary.innerText()).replace(/\s+/g, ' ').trim()).toBe(expected.join(' '));
}

describe('client import', () => {
  it('previews a CSV with an unknown species, refuses it, then imports the corrected file', async () => {
    const { page } = await cleanTab();
    const id = unique();
    await ownerOn(page, '/clients', 'Clients');
    await pickOption(page.getByRole('main'), 'Location', own.name);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import clients' });
    await dialog.getByText(own.name, { exact: true }).waitFor();
    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);

    // The unknown species is named with its line; nothing can be imported.
    await chooseCsv(page, dialog, `clients-${id}.csv`, csv(id, 'Unicorn'));
    const errors = dialog.getByRole('table', { name: 'Import errors' });
    await errors.waitFor();
    await expectSummary(dialog, ['2 clients', '2 patients', '1 error']);
    const errorRow = errors.getByRole('row').filter({ hasText: `Ivy Import${id}` });
    expect(await errorRow.innerText()).toContain(`line 3: patient_species: "Unicorn" is not on this location's species list`);
    expect(await importButton.isDisabled()).toBe(true);

    // The corrected file previews clean and imports.
    await chooseCsv(page, dialog, `clients-${id}-fixed.csv`, csv(id, 'Horse'));
    await dialog.getByText('The file is ready to import.', { exact: true }).waitFor();
    await expectSummary(dialog, ['2 clients', '3 patients', '0 errors']);
    expect(await errors.count()).toBe(0);
    expect(await importButton.isEnabled()).toBe(true);
    const imported = page.waitForResponse((r) => r.url().endsWith('/api/client/import'));
    await importButton.click();
    expect((await imported).status()).toBe(200);
    await toastText(page, 'Clients imported: 2 clients, 3 patients').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Both clients are in the list, with their patients counted.
    const grid = page.getByRole('grid', { name: 'Clients' });
    await page.getByRole('textbox', { name: 'Search clients', exact: true }).fill(`Import${id}`);
    await expect.poll(() => dataRows(grid).count()).toBe(2);
    const count = (row: Locator) => row.locator('[data-field="patientCount"]').innerText();
    expect((await count(rowWith(grid, `ivy-${id}@example.test`))).trim()).toBe('2');
    expect((await count(rowWith(grid, `oscar-${id}@example.test`))).trim()).toBe('1');
    expect(await rowWith(grid, `ivy-${id}@example.test`).innerText()).toContain('+1 530 555 0111');
  });
});
