// What a family chooses on a consent form reaches the appointment: the family ticks a paw print and
// an urn and picks a private cremation on the public form page (on a phone), and staff see "The
// family chose: …" on the appointment and accept it in one click, which puts the add-ons and the
// aftercare on it. Records are made through the API, in a location of the file's own.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '@willow/contracts';
import { seriousViolations } from './axe.ts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { json, OWNER_NAME, toastText } from './clinic.ts';
import { openInApp, unique } from './helpers.ts';
import { PAW_PRINT, seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiAppointment, apiCreateAppointment, apiHousehold, instantAt, openFromList, ownerAt, serviceNamed, upcomingWednesday } from './scheduling.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Consent Choices ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.homeEuthanasia],
    addOns: [PAW_PRINT, { category: 'Urns', name: 'Urn', price: 95 }],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** The consent form, its answers mapped: a paw print and an urn by checkbox, the cremation by choice. */
async function consentForm(context: BrowserContext, name: string): Promise<string> {
  const addOns = await json<{ id: string; name: string }[]>(await context.request.get(`/api/addOn?locationId=${own.id}`), 'list add-ons');
  const addOnId = (n: string) => addOns.find((a) => a.name === n)!.id;
  const fields = [
    { key: 'pawPrint', type: 'checkbox', label: 'A paw print keepsake', mappings: [{ addOnId: addOnId('Paw print') }] },
    { key: 'urn', type: 'checkbox', label: 'An urn for the ashes', mappings: [{ addOnId: addOnId('Urn') }] },
    {
      key: 'cremation',
      type: 'choice',
      label: 'Cremation',
      required: true,
      options: ['Private, ashes returned', 'Communal'],
      mappings: [
        { option: 'Private, ashes returned', cremationType: 'private', ashesDisposition: 'returned' },
        { option: 'Communal', cremationType: 'communal', ashesDisposition: 'none' },
      ],
    },
  ];
  const template = await json<{ id: string }>(
    await context.request.post('/api/formTemplate', { data: { formTemplateData: { locationId: own.id, name, purpose: 'euthanasia_consent', fields } } }),
    'create form template',
  );
  return template.id;
}

describe('consent choices', () => {
  it('the family’s choices on the form are accepted onto the appointment in one click', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    // The form, the family and the visit, through the API as the owner signed in on this page.
    const formTemplateId = await consentForm(context, `Farewell consent ${unique()}`);
    const household = await apiHousehold(context, location, unique(), 'Choosing', 'Pepper');
    const date = upcomingWednesday(location.timezone);
    const visit = await apiCreateAppointment(context, {
      locationId: location.id,
      clientId: household.client.id,
      patientIds: [household.patient.id],
      serviceIds: [(await serviceNamed(context, location.id, 'Home euthanasia')).id],
      startAt: instantAt(date, '10:00', location.timezone),
      endAt: instantAt(date, '11:30', location.timezone),
    });
    const request = await json<{ url: string }>(
      await context.request.post('/api/formRequest', {
        data: { data: { formTemplateId, clientId: household.client.id, patientId: household.patient.id, appointmentId: visit.id, channel: 'device' } },
      }),
      'send the form',
    );

    // The family fills it in on a phone.
    const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 740 } });
    try {
      const tab = await phone.newPage();
      await tab.goto(request.url);
      await tab.getByRole('checkbox', { name: 'A paw print keepsake' }).check();
      await tab.getByRole('checkbox', { name: 'An urn for the ashes' }).check();
      await tab.getByRole('radio', { name: 'Private, ashes returned' }).check();
      await tab.getByRole('button', { name: 'Submit' }).click();
      await tab.getByText(FORM_MESSAGES.thankYou).waitFor();
    } finally {
      await phone.close();
    }

    // Staff open the appointment: the choices are offered, and accepted in one click.
    await openInApp(page, '/appointments');
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    const dialog = await openFromList(page, household.clientName);
    const offer = dialog.getByText('The family chose: Paw print, Urn, Private cremation, Ashes returned');
    await offer.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Accept choices' }).click();
    await toastText(page, FORM_MESSAGES.choicesAccepted).waitFor();
    await dialog.getByText(`Accepted by ${OWNER_NAME}: Paw print, Urn, Private cremation, Ashes returned`).waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Accept choices' }).count()).toBe(0);

    // On the appointment: the add-ons, and the aftercare in its own fields.
    const saved = await apiAppointment(context, visit.id);
    // (added in one transaction: their order on the appointment is not the form's)
    expect(saved.addOns.map((a) => a.name).sort()).toEqual(['Paw print', 'Urn']);
    const aftercare = dialog.getByRole('region', { name: 'Aftercare' });
    await expect.poll(() => aftercare.getByRole('combobox', { name: 'Cremation type' }).innerText()).toBe('Private cremation');
    await expect.poll(() => aftercare.getByRole('combobox', { name: 'Ashes' }).innerText()).toBe('Ashes returned');
  });
});
