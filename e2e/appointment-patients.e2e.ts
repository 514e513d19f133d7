// The appointment dialog shows the patients' alerts (e.g. 'bites') where nobody can miss them, and
// links each patient to their page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { apiCreateClient, json, speciesId, type PatientInfo } from './clinic.ts';
import { openInApp, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiCreateAppointment, instantAt, openFromList, ownerAt, serviceNamed, upcomingWednesday } from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Patients ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.sick],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('patients in the appointment dialog', () => {
  it('shows a patient’s alerts prominently and opens the patient’s page', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const id = unique();
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Robin', lastName: `Careful${id}` });
    const patient = await json<PatientInfo>(
      await context.request.post('/api/patient', {
        data: { data: { clientId: client.id, name: `Fang${id}`, speciesId: speciesId(location, 'Dog'), alerts: ['bites', 'muzzle first'] } },
      }),
      'create patient',
    );
    const date = upcomingWednesday(tz);
    await apiCreateAppointment(context, {
      locationId: location.id,
      clientId: client.id,
      patientIds: [patient.id],
      serviceIds: [(await serviceNamed(context, location.id, 'Sick visit')).id],
      startAt: instantAt(date, '10:00', tz),
      endAt: instantAt(date, '10:30', tz),
    });

    await openInApp(page, '/appointments');
    const dialog = await openFromList(page, `Robin Careful${id}`);
    const alerts = dialog.getByRole('alert', { name: 'Patient alerts' });
    await expect.poll(() => alerts.innerText()).toContain('bites, muzzle first');
    expect(await alerts.innerText()).toContain(`Fang${id} has alerts`);

    const link = dialog.getByRole('link', { name: `Open Fang${id}'s page in a new tab` });
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForURL((url) => url.pathname === `/patients/${patient.id}`);
    await tab.getByRole('heading', { name: new RegExp(`Fang${id}`), level: 1 }).waitFor();
    // The dialog stays open where it was.
    expect(await dialog.isVisible()).toBe(true);
  });
});
