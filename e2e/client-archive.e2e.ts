// Archiving a client on a phone: the confirmation says nothing is deleted and Esc leaves the client
// as they were; an archived client leaves the list (shown again with Show archived), takes their
// patient along, and comes back with Restore. The client has history, so Delete stays disabled.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, locationNamed, pickOption, rowWith, speciesId, toastText } from './clinic.ts';
import { openInApp, unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Archive ${unique()}`, timeZone: 'America/Chicago' });
});
afterAll(async () => {
  await browser?.close();
});

describe('archiving a client', () => {
  it('archives a client with history and restores them, on a 375 px screen', async () => {
    const { context, page } = await cleanTab();
    await apiSignIn(context);
    const location = await locationNamed(context, own.name);
    const last = `Archive${unique()}`;
    const name = `Arlo ${last}`;
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Arlo', lastName: last });
    const patient = await apiCreatePatient(context, { clientId: client.id, name: `Moss${unique()}`, speciesId: speciesId(location, 'Dog') });
    await json(
      await context.request.post('/api/vaccination', { data: { data: { patientId: patient.id, vaccine: 'Rabies', givenOn: '2025-06-01' } } }),
      'vaccination',
    );
    const archivedAt = async (path: string) => (await json<{ archivedAt: string | null }>(await context.request.get(path), path)).archivedAt;

    // On the phone from its first page.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // The owner (Administrator) may delete for good, but not a client with a vaccination on record.
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await remove.waitFor();
    expect(await remove.isDisabled()).toBe(true);

    // Esc on the confirmation, once: nothing changes.
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive client' });
    await confirm.getByText(/Nothing is deleted/).waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await archivedAt(`/api/client/${client.id}`)).toBeNull();
    expect(await page.getByText(/left out of lists, search and pickers/).count()).toBe(0);

    // Archived for real: the page says so, and the patient went with them.
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
    await toastText(page, 'Client archived').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText(/left out of lists, search and pickers/).waitFor();
    await page.getByRole('button', { name: 'Restore', exact: true }).waitFor();
    expect(await archivedAt(`/api/client/${client.id}`)).not.toBeNull();
    expect(await archivedAt(`/api/patient/${patient.id}`)).not.toBeNull();

    // Out of the clients list until archived ones are asked for.
    await openInApp(page, '/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await pickOption(page.getByRole('main'), 'Location', own.name);
    const grid = page.getByRole('grid', { name: 'Clients' });
    await page.getByRole('textbox', { name: 'Search clients', exact: true }).fill(last);
    await grid.getByText('No clients match this search').waitFor();
    await page.getByRole('switch', { name: 'Show archived' }).click();
    const row = rowWith(grid, name);
    await row.waitFor();
    await row.click();
    await page.waitForURL((url) => url.pathname === `/clients/${client.id}`);

    // Restored: back with their patient.
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await toastText(page, 'Client restored').waitFor();
    await page.getByRole('button', { name: 'Archive', exact: true }).waitFor();
    expect(await page.getByText(/left out of lists, search and pickers/).count()).toBe(0);
    expect(await archivedAt(`/api/client/${client.id}`)).toBeNull();
    expect(await archivedAt(`/api/patient/${patient.id}`)).toBeNull();
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
