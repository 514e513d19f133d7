// Automations as the practice manager and the front desk meet them: an email automation on
// "Appointment booked" that waits for approval is made in its dialog; two bookings put two emails
// in Pending Emails, where one is edited and sent (found at the fake mail server with the edited
// subject) and the other skipped, both then in Done. At 375 px, a text automation with approval is
// made the same way and its pending text approved from the row's menu (the fake Twilio is asked to
// send it); neither page spills sideways. In a location of its own with SMTP and Twilio set up.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '@willow/contracts';
import { seriousViolations } from './axe.ts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, pickOption, rowMenuAction, rowWith, speciesId, toastText, useLocalMail } from './clinic.ts';
import { FAKE_KEYS } from './fake-providers.ts';
import { mainNav, navSection, unique } from './helpers.ts';
import { waitForMail } from './mailbox.ts';
import { SERVICES, seedOwnLocation, type OwnLocation } from './own-location.ts';
import { apiCreateAppointment, instantAt, ownerAt } from './scheduling.ts';
import { textsTo } from './texts.ts';

const ZONE = 'America/New_York';
const FROM_NUMBER = '+15005550006';
let browser: Browser;
let api: BrowserContext;
let own: OwnLocation;
const EMAIL_TEMPLATE = `Booking received ${unique()}`;
const SMS_TEMPLATE = `Booking text ${unique()}`;

beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Automations ${unique()}`,
    timeZone: ZONE,
    services: [SERVICES.sick],
    providers: [{ firstName: 'Ava', lastName: 'Autumn' }],
  });
  api = await browser.newContext({ baseURL: baseUrl() });
  await apiSignIn(api);
  const post = async (path: string, data: unknown, what: string) => json(await api.request.post(path, { data }), what);
  await useLocalMail(api, own.id, { email: 'front@automations-clinic.test', name: 'Automations Clinic' });
  await post(
    '/api/integrations',
    { data: { locationId: own.id, service: 'twilio', publicKey: FAKE_KEYS.twilio.accountSid, privateKey: FAKE_KEYS.twilio.authToken, settings: { fromNumber: FROM_NUMBER } } },
    'set up Twilio',
  );
  await post(
    '/api/emailTemplate',
    { emailTemplateData: { locationId: own.id, name: EMAIL_TEMPLATE, subject: 'We have your booking, {{ client.firstName }}', body: 'Dear {{ client.firstName }}, see you soon.' } },
    'create email template',
  );
  await post(
    '/api/smsTemplate',
    { smsTemplateData: { locationId: own.id, name: SMS_TEMPLATE, type: 'general', body: 'Hi {{ client.firstName }}, your visit is booked.' } },
    'create SMS template',
  );
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

/** A client of the location with an email address and a number, and a dog. */
async function household(firstName: string, line: string) {
  const id = unique();
  const lastName = `Auto${id}`;
  const email = `${firstName.toLowerCase()}-${id}@example.test`;
  const phone = `+1530556${line}`;
  const client = await apiCreateClient(api, { locationId: own.id, firstName, lastName, email, phone });
  const patient = await apiCreatePatient(api, { clientId: client.id, name: `Rex ${line}`, speciesId: speciesId(own, 'Dog') });
  return { id: client.id, name: `${firstName} ${lastName}`, email, phone, patient };
}

/** A booking at the location, a few days on, at `hhmm` (each a new appointment: a new item). */
async function book(client: { id: string; patient: { id: string } }, hhmm: string) {
  const day = addDays(localDate(Date.now(), ZONE), 3);
  return apiCreateAppointment(api, {
    locationId: own.id,
    clientId: client.id,
    patientIds: [client.patient.id],
    serviceIds: [own.services[0]!.id],
    startAt: instantAt(day, hhmm, ZONE),
    endAt: instantAt(day, `${hhmm.slice(0, 3)}30`, ZONE),
    primaryProviderId: own.providers[0]!.id,
  });
}

/** An entry of the Automations section (its badge's count, when it shows one, is part of the link's name). */
const automationsEntry = (page: Page, label: string): Locator => navSection(page, 'Automations').getByRole('link').filter({ hasText: label });

/** Opens a page of the Automations section from the navigation (behind Menu on a phone). */
async function openFromNav(page: Page, label: string, heading: string, phone: boolean) {
  if (phone) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await mainNav(page).waitFor({ state: 'visible' });
  }
  await automationsEntry(page, label).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Makes an automation on "Appointment booked" that waits for approval, in its kind's dialog. */
async function createAutomation(page: Page, kind: 'Email' | 'SMS', name: string, template: string) {
  await page.getByRole('button', { name: 'New automation' }).click();
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `New ${kind === 'Email' ? 'email' : 'SMS'} automation` });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect.poll(() => dialog.getByRole('combobox', { name: 'Location' }).innerText()).toContain(own.name);
  await expect.poll(() => dialog.getByRole('combobox', { name: 'Trigger' }).innerText()).toContain('Appointment booked');
  // A status change asks which status; back to a booking, the status goes.
  await pickOption(dialog, 'Trigger', 'Appointment status changed to…');
  await dialog.getByRole('combobox', { name: 'Status' }).waitFor();
  await pickOption(dialog, 'Trigger', 'Appointment booked');
  await dialog.getByRole('combobox', { name: 'Status' }).waitFor({ state: 'detached' });
  await pickOption(dialog, `${kind} template`, template);
  await dialog.getByLabel('Requires approval (waits in the queue until staff send it)').check();
  // Esc with changes asks first; keep editing keeps them.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await discard.waitFor({ state: 'hidden' });
  expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(name);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await toastText(page, 'Automation created').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const row = rowWith(page.getByRole('grid', { name: 'Automations' }), name);
  await row.getByText('When an appointment is booked').waitFor();
  return row;
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The waiting row of an item about `client`, once the page shows it (items are made with the booking). */
async function waitingRow(grid: Locator, client: string, automation: string): Promise<Locator> {
  const row = grid.getByRole('row').filter({ hasText: client }).filter({ hasText: automation });
  await row.first().waitFor();
  return row;
}

describe('automations', () => {
  it('at 1440 px: an email automation with approval; its emails edited and sent (at the mail server), or skipped', async () => {
    const name = `Booking email ${unique()}`;
    const first = await household('Mia', '0101');
    const { page } = await cleanTab({ width: 1440, height: 900 });
    try {
      await ownerAt(page, own.name);
      await openFromNav(page, 'Automations', 'Automations', false);
      const row = await createAutomation(page, 'Email', name, EMAIL_TEMPLATE);
      await row.getByText('Requires approval').waitFor();

      // Two bookings: two emails wait for approval.
      await book(first, '10:00');
      await book(first, '14:00');
      await openFromNav(page, 'Pending Emails', 'Pending Emails', false);
      const waiting = page.getByRole('grid', { name: 'Waiting emails' });
      const rows = await waitingRow(waiting, first.name, name);
      await expect.poll(() => rows.count()).toBe(2);
      await rows.first().getByText('Awaiting approval').waitFor();
      await rows.first().getByText(first.patient.name).waitFor();
      // The menu's badge counts the emails awaiting approval at the navigation's location (the live topic tells it of the bookings' items).
      const badge = automationsEntry(page, 'Pending Emails').locator('.MuiBadge-badge');
      await expect.poll(async () => (await badge.count()) > 0 && (await badge.textContent())?.trim()).toBe('2');
      expect(await seriousViolations(page)).toEqual([]);

      // Edited, then sent: the mail server has the edited subject.
      const subject = `Your booking at the clinic ${unique()}`;
      await rows.first().getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit pending email' });
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(`We have your booking, Mia`);
      await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toastText(page, 'Queue item updated').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const edited = waiting.getByRole('row').filter({ hasText: subject });
      await edited.getByText('Edited').waitFor();
      await edited.getByRole('button', { name: 'Send now' }).click();
      await toastText(page, 'Email sent').waitFor();
      await edited.waitFor({ state: 'detached' });
      const mail = await waitForMail(first.email);
      expect(mail.subject).toBe(subject);

      // The other is skipped, after asking.
      await expect.poll(() => rows.count()).toBe(1);
      await rows.first().getByRole('button', { name: 'Skip' }).click();
      const ask = page.getByRole('dialog', { name: 'Skip this email' });
      await ask.getByRole('button', { name: 'Skip' }).click();
      await toastText(page, 'Skipped').waitFor();
      await expect.poll(() => rows.count()).toBe(0);
      await expect.poll(async () => (await badge.getAttribute('class'))?.includes('MuiBadge-invisible')).toBe(true);

      // Done: one sent (by the owner), one skipped.
      await page.getByRole('tab', { name: 'Done' }).click();
      const done = page.getByRole('grid', { name: 'Done emails' });
      await rowWith(done, subject).getByText('Sent', { exact: true }).waitFor();
      await done.getByRole('row').filter({ hasText: first.name }).filter({ hasText: 'Skipped' }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: '/tmp/automations-e2e-1440.png' });
      throw e;
    }
  });

  it('at 375 px: a text automation with approval; its pending text approved from the row, sent by Twilio', async () => {
    const name = `Booking text ${unique()}`;
    const client = await household('Noah', '0202');
    const { page } = await cleanTab({ width: 1440, height: 900 });
    try {
      await ownerAt(page, own.name);
      await page.setViewportSize({ width: 375, height: 812 });
      await openFromNav(page, 'Automations', 'Automations', true);
      const row = await createAutomation(page, 'SMS', name, SMS_TEMPLATE);
      await row.getByText(`${own.name} · Requires approval`).waitFor();
      expect(await noSideways(page)).toBeLessThanOrEqual(375);

      await book(client, '11:00');
      await openFromNav(page, 'Pending Texts', 'Pending Texts', true);
      const waiting = page.getByRole('grid', { name: 'Waiting texts' });
      const item = (await waitingRow(waiting, client.name, name)).first();
      await item.getByText('Awaiting approval').waitFor();
      await item.getByText(/your visit is booked/).waitFor();
      expect(await noSideways(page)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);

      await rowMenuAction(item, 'Send now');
      await toastText(page, 'SMS sent').waitFor();
      await item.waitFor({ state: 'detached' });
      await expect.poll(async () => (await textsTo(client.phone)).map((t) => t.body)).toEqual([`Hi Noah, your visit is booked.`]);
    } catch (e) {
      await page.screenshot({ path: '/tmp/automations-e2e-375.png' });
      throw e;
    }
  });
});
