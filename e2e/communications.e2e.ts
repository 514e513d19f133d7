// Emailing a client as staff do: from the client's Communications tab, through a location whose
// SMTP settings point at the local mail server of the e2e setup; the message is then in the
// client's tab and on the Messages page. A location without email says so before anyone types.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { apiSignIn, json, ownerOn, pickOption, rowWith, toast, useLocalMail } from './clinic.ts';
import { mainNav, unique } from './helpers.ts';

let browser: Browser;
let api: BrowserContext;
/** a location with SMTP set up, and one with no email at all */
let withEmail: { id: string; name: string };
let withoutEmail: { id: string; name: string };

async function newLocation(name: string) {
  return json<{ id: string; name: string }>(await api.request.post('/api/location', { data: { data: { name, timezone: 'America/New_York' } } }), 'create location');
}
async function newClient(locationId: string, firstName: string, lastName: string, email: string) {
  return json<{ id: string }>(await api.request.post('/api/client', { data: { data: { locationId, firstName, lastName, email } } }), 'create client');
}

beforeAll(async () => {
  browser = await launch();
  api = await browser.newContext({ baseURL: inject('baseUrl') });
  await apiSignIn(api);
  withEmail = await newLocation(`Mail Clinic ${unique()}`);
  withoutEmail = await newLocation(`Quiet Clinic ${unique()}`);
  await useLocalMail(api, withEmail.id, { email: 'front@mail-clinic.test', name: 'Mail Clinic' });
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

describe('communications', () => {
  it('emails a client through the location’s SMTP server and shows it in their tab and on the Messages page', async () => {
    const id = unique();
    const last = `Mailed${id}`;
    const client = await newClient(withEmail.id, 'Emma', last, `emma-${id}@example.test`);
    const { page } = await cleanTab();
    await ownerOn(page, `/clients/${client.id}`, `Emma ${last}`);
    await page.getByRole('tab', { name: 'Communications' }).click();
    const log = page.getByRole('grid', { name: 'Communications with this client' });
    await log.getByText('Nothing sent to this client yet').waitFor();

    await page.getByRole('button', { name: 'Send email' }).click();
    const dialog = page.getByRole('dialog', { name: `Send email to Emma ${last}` });
    await dialog.getByText(`To emma-${id}@example.test`).waitFor();
    expect(await dialog.getByText('Email is not set up for this location').count()).toBe(0);
    await dialog.getByLabel('Subject').fill('Booster reminder');
    // Too long: the rule shows under the field as it is typed, and nothing is sent.
    await dialog.getByLabel('Message').fill('x'.repeat(1000));
    await dialog.getByText(/Message must be less than 1000 characters/).waitFor();
    await dialog.getByLabel('Message').fill('Bella is due for her booster next week.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Email sent').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Delivered by the outbox's worker: the tab shows it sent, through SMTP.
    const row = rowWith(log, 'Booster reminder');
    await row.getByText('Sent', { exact: true }).waitFor();
    await row.getByText('SMTP', { exact: true }).waitFor();

    // And the Messages page, under Communications, for the location.
    await mainNav(page).getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await pickOption(page.getByRole('main'), 'Location', withEmail.name);
    const all = page.getByRole('grid', { name: 'Messages' });
    const listed = rowWith(all, `Emma ${last}`);
    await listed.getByText('Sent', { exact: true }).waitFor();
    await listed.getByText(`emma-${id}@example.test`).waitFor();
  });

  it('a location without email says so before anyone types, and keeps a sent attempt as not sent', async () => {
    const id = unique();
    const last = `Quiet${id}`;
    const client = await newClient(withoutEmail.id, 'Noah', last, `noah-${id}@example.test`);
    const { page } = await cleanTab();
    await ownerOn(page, `/clients/${client.id}`, `Noah ${last}`);
    // On a phone, where the composer fills the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('tab', { name: 'Communications' }).click();
    await page.getByRole('main').getByText('Email is not set up for this location').waitFor();
    await page.getByRole('button', { name: 'Send email' }).click();
    const dialog = page.getByRole('dialog', { name: `Send email to Noah ${last}` });
    await dialog.getByText('Email is not set up for this location').waitFor();

    // Esc after typing asks before the text is thrown away; the text stays.
    await dialog.getByLabel('Subject').fill('Checking in');
    await dialog.getByLabel('Message').fill('How is Rex doing?');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('How is Rex doing?');

    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Error sending email').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = rowWith(page.getByRole('grid', { name: 'Communications with this client' }), 'Checking in');
    await row.getByText('Not sent', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
