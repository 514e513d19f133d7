// Two-way SMS chat as the front desk meets it: a client texts the location's Twilio number (the fake
// Twilio's signed webhook), the SMS entry's badge counts it without a reload, the desk opens the
// conversation (the badge goes back to 0) and answers with an SMS template; the fake Twilio is asked
// to send the reply once. At 1440 px (list and conversation side by side) and at 375 px (the list,
// then the conversation alone with a back button). A client who replied STOP cannot be texted. In a
// location of its own with Twilio set up.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiSignIn, json, toast } from './clinic.ts';
import { FAKE_KEYS } from './fake-providers.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';
import { ownerAt } from './scheduling.ts';
import { textArrives, textsTo } from './texts.ts';

let browser: Browser;
let api: BrowserContext;
let own: OwnLocation;
let accountId: string;
const TEMPLATE = `Ready for pickup ${unique()}`;

beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Chat ${unique()}`, timeZone: 'America/New_York' });
  api = await browser.newContext({ baseURL: baseUrl() });
  await apiSignIn(api);
  accountId = (await json<{ account: { id: string } }>(await api.request.get('/api/profile'), 'profile')).account.id;
  await json(
    await api.request.post('/api/integrations', {
      data: {
        data: {
          locationId: own.id,
          service: 'twilio',
          publicKey: FAKE_KEYS.twilio.accountSid,
          privateKey: FAKE_KEYS.twilio.authToken,
          settings: { fromNumber: '+15005550006' },
        },
      },
    }),
    'set up Twilio',
  );
  await json(
    await api.request.post('/api/smsTemplate', {
      data: { smsTemplateData: { locationId: own.id, name: TEMPLATE, type: 'general', body: 'Hi {{ client.firstName }}, Biscuit is ready to come home.' } },
    }),
    'create SMS template',
  );
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

/** A client of the location with a number of their own (E.164, as Twilio writes it). */
async function clientWithPhone(firstName: string, line: string): Promise<{ id: string; name: string; phone: string }> {
  const phone = `+1530555${line}`;
  const lastName = `Texter${unique()}`;
  const client = await json<{ id: string }>(
    await api.request.post('/api/client', { data: { data: { locationId: own.id, firstName, lastName, phone } } }),
    'create client',
  );
  return { id: client.id, name: `${firstName} ${lastName}`, phone };
}

/** The SMS entry of the navigation (in the drawer on a phone, which stays in the page, hidden, when closed). */
const smsEntry = (page: Page): Locator => page.locator('nav[aria-label="Main navigation"] a[href="/chat"]');

/** The number on the SMS badge once it has loaded (MUI hides a zero); read as text, so a closed drawer does too. */
async function badgeCount(page: Page): Promise<number> {
  const badge = smsEntry(page).locator('.MuiBadge-badge');
  if ((await badge.count()) === 0) return -1;
  if ((await badge.getAttribute('class'))?.includes('MuiBadge-invisible')) return 0;
  return Number((await badge.textContent())?.trim() || '0');
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** Receives a text, sees the badge, opens the conversation and answers it with the template. */
async function receiveAndAnswer(page: Page, phoneSized: boolean) {
  const client = await clientWithPhone(phoneSized ? 'Pia' : 'Jamie', phoneSized ? '0175' : '0142');
  await ownerAt(page, own.name);
  if (phoneSized) {
    // On a phone: the navigation is behind Menu.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  }
  await smsEntry(page).click();
  await page.waitForURL((url) => url.pathname === '/chat');
  await page.getByRole('heading', { name: 'SMS', level: 1 }).waitFor();
  await expect.poll(() => badgeCount(page)).toBe(0);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The client texts the practice: the badge and the list show it without a reload.
  await textArrives(accountId, own.id, client.phone, 'Is Biscuit ready to be picked up?');
  await expect.poll(() => badgeCount(page)).toBe(1);
  const list = page.getByRole('list', { name: 'Conversations' });
  const entry = list.getByRole('link').filter({ hasText: client.name });
  await entry.getByText('Is Biscuit ready to be picked up?').waitFor();
  await entry.getByLabel('1 unread').waitFor();
  expect(await notReloaded(page)).toBe(true);

  // Opened (with the keyboard on the desk's screen): read, so the badge goes back to 0.
  if (phoneSized) await entry.click();
  else {
    await entry.focus();
    await page.keyboard.press('Enter');
  }
  const log = page.getByRole('log', { name: `Texts with ${client.name}` });
  await log.getByText('Is Biscuit ready to be picked up?').waitFor();
  await expect.poll(() => badgeCount(page)).toBe(0);
  if (phoneSized) {
    // The conversation is the page: its title is the heading, and the list is one step back.
    await page.getByRole('heading', { name: client.name, level: 1 }).waitFor();
    expect(await list.count()).toBe(0);
    await page.getByRole('link', { name: 'Back to conversations' }).waitFor();
  } else {
    await list.waitFor();
  }

  // Answered with the template, filled in for the client.
  const reply = page.getByRole('form', { name: 'Reply' });
  await reply.getByRole('button', { name: 'Insert template' }).click();
  await page.getByRole('menuitem').filter({ hasText: TEMPLATE }).click();
  const filled = `Hi ${client.name.split(' ')[0]}, Biscuit is ready to come home.`;
  await expect.poll(() => reply.getByLabel('Message').inputValue()).toBe(filled);
  await reply.getByText('1 SMS segment').waitFor();
  await reply.getByRole('button', { name: 'Send' }).click();
  await toast(page, 'SMS sent').waitFor();
  await expect.poll(() => reply.getByLabel('Message').inputValue()).toBe('');

  // The outbox's worker hands it to Twilio once; the conversation shows it sent.
  const sent = log.getByRole('listitem').filter({ hasText: filled });
  await sent.getByText(/Sent|Delivered/).waitFor();
  const texts = await textsTo(client.phone);
  expect(texts.map((t) => t.body)).toEqual([filled]);
  expect(texts[0]!.from).toBe('+15005550006');
  expect(await notReloaded(page)).toBe(true);

  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  if (phoneSized) {
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await list.getByRole('link').filter({ hasText: client.name }).getByText(`You: ${filled}`).waitFor();
  }
}

describe('SMS chat', () => {
  it('at 1440 px: a client’s text shows on the badge without a reload, is read when opened, and answered with a template once', async () => {
    const { page } = await cleanTab({ width: 1440, height: 900 });
    await receiveAndAnswer(page, false);
  });

  it('at 375 px: the list, then the conversation alone with a way back; answered with a template once', async () => {
    const { page } = await cleanTab({ width: 1440, height: 900 });
    await receiveAndAnswer(page, true);
  });

  it('a client who replied STOP shows it, and the reply box says they cannot be texted', async () => {
    const client = await clientWithPhone('Sam', '0188');
    await textArrives(accountId, own.id, client.phone, 'STOP');
    const { page } = await cleanTab({ width: 1440, height: 900 });
    await ownerAt(page, own.name);
    await smsEntry(page).click();
    const entry = page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: client.name });
    await entry.getByTitle('Replied STOP: cannot be texted').waitFor();
    await entry.click();
    await page.getByRole('log', { name: `Texts with ${client.name}` }).getByText('STOP').waitFor();
    await page.getByText('Replied STOP', { exact: true }).waitFor();
    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByRole('alert').or(reply.getByRole('status')).first().waitFor();
    expect(await reply.getByLabel('Message').isDisabled()).toBe(true);
    expect(await reply.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  });
});
