// The vaccination quick filters on a phone: each counts its group over every page (the server
// computes each status for the location's today), and choosing one lists that group only.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, locationNamed, rowWith, speciesId } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Vaccinations ${unique()}`, timeZone: 'UTC' });
});
afterAll(async () => {
  await browser?.close();
});

describe('vaccination quick filters', () => {
  it('count overdue and due-soon boosters and list only the group chosen, on a 375 px screen', async () => {
    const { context, page } = await cleanTab();
    await apiSignIn(context);
    const location = await locationNamed(context, own.name);
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Bea', lastName: `Booster${unique()}` });
    const patient = await apiCreatePatient(context, { clientId: client.id, name: `Biscuit${unique()}`, speciesId: speciesId(location, 'Dog') });
    const today = new Date().toISOString().slice(0, 10);
    for (const [vaccine, due] of [
      ['Rabies', -10],
      ['Leptospirosis', 10],
      ['Distemper', 120],
    ] as const) {
      await json(
        await context.request.post('/api/vaccination', {
          data: { data: { patientId: patient.id, vaccine, givenOn: addDays(today, -300), nextDueOn: addDays(today, due) } },
        }),
        `vaccination ${vaccine}`,
      );
    }

    // On the phone the vet carries on the visit, from its first page.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/patients/${patient.id}`);
    await page.getByRole('tab', { name: 'Vaccinations' }).click();
    const filters = page.getByRole('group', { name: 'Vaccination status' });
    await filters.getByRole('button', { name: 'All (3)' }).waitFor();
    await filters.getByRole('button', { name: 'Overdue (1)' }).waitFor();
    await filters.getByRole('button', { name: 'Due soon (1)' }).click();
    const grid = page.getByRole('grid', { name: 'Vaccinations' });
    await rowWith(grid, 'Leptospirosis').waitFor();
    await expect.poll(() => grid.getByRole('row').filter({ hasText: /Rabies|Distemper/ }).count()).toBe(0);

    await filters.getByRole('button', { name: 'Overdue (1)' }).click();
    await rowWith(grid, 'Rabies').waitFor();
    await expect.poll(() => grid.getByRole('row').filter({ hasText: /Leptospirosis|Distemper/ }).count()).toBe(0);
    // Every group's count stays in view while another group is listed.
    await filters.getByRole('button', { name: 'All (3)' }).click();
    await rowWith(grid, 'Distemper').waitFor();
  });
});
