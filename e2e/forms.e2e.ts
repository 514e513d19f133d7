// A consent form from start to end: staff build it (a cremation choice, a consent clause and a
// signature) with its preview beside the field list, send it to a client by email through a location
// whose SMTP points at the local mail server; the client opens the link from the email on a phone
// (375 px), fills it in, signs it with the mouse and sends it once; the staff then find it Unread
// with the navigation's badge, open it, and mark it read, which takes it off the badge.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FORM_MESSAGES, TEMPLATE_MESSAGES } from '@willow/contracts';
import { seriousViolations } from './axe.ts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, locationNamed, rowWith, toast, toastText, useLocalMail } from './clinic.ts';
import { mainNav, navEntry, navSection, openInApp, unique } from './helpers.ts';
import { waitForMail } from './mailbox.ts';
import { ownerAt } from './scheduling.ts';

let browser: Browser;
let api: BrowserContext;
let location: { id: string; name: string; species: { id: string; name: string }[] };

beforeAll(async () => {
  browser = await launch();
  api = await browser.newContext({ baseURL: inject('baseUrl') });
  await apiSignIn(api);
  const name = `Forms Clinic ${unique()}`;
  const created = await json<{ id: string }>(await api.request.post('/api/location', { data: { data: { name, timezone: 'America/New_York' } } }), 'create location');
  await useLocalMail(api, created.id, { email: 'front@forms-clinic.test', name: 'Forms Clinic' });
  // A patient needs a species the location treats.
  const catalogue = await json<{ id: string; name: string }[]>(await api.request.get('/api/species'), 'list species');
  const dog = catalogue.find((s) => s.name === 'Dog');
  if (!dog) throw new Error('No species Dog in the catalogue');
  await json(await api.request.post('/api/location/updateSpecies', { data: { data: { locationId: created.id, speciesId: dog.id, action: 'add' } } }), 'add species Dog');
  location = await locationNamed(api, name);
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

/** The Form Submissions entry of the navigation (its link's name carries the badge's count too). */
const submissionsEntry = (page: Page): Locator => navSection(page, 'Communications').getByRole('link').filter({ hasText: 'Form Submissions' });
const submissionsBadge = (page: Page): Locator => submissionsEntry(page).locator('.MuiBadge-badge');

/** The number on the badge once it has loaded (MUI hides a zero). */
async function badgeCount(page: Page): Promise<number> {
  const badge = submissionsBadge(page);
  await badge.waitFor({ state: 'attached' });
  if ((await badge.getAttribute('class'))?.includes('MuiBadge-invisible')) return 0;
  return Number((await badge.innerText()).trim());
}

/** Draws a signature stroke across the pad with the mouse, the way a person would. */
async function sign(page: Page, pad: Locator) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.15 + i * 0.05), y + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

describe('forms', () => {
  // Three people's worth of steps (builder, client, reader) on a shared machine.
  it('a consent form is built, emailed, signed on a phone, and read by the staff', async () => {
    const id = unique();
    const formName = `Euthanasia consent ${id}`;
    const email = `maria-${id}@example.test`;
    const client = await apiCreateClient(api, { locationId: location.id, firstName: 'Maria', lastName: `Signer${id}`, email });
    const species = location.species[0];
    if (!species) throw new Error(`${location.name} has no species`);
    await apiCreatePatient(api, { clientId: client.id, name: `Biscuit${id}`, speciesId: species.id });

    const { page } = await cleanTab();
    // Staff build the form under Settings › Templates › Form.
    await ownerAt(page, location.name);
    await navEntry(page, 'Settings', 'Form').click();
    await page.getByRole('heading', { name: 'Form Templates', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New form' }).click();
    const dialog = page.getByRole('dialog', { name: 'New form template' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(formName);
    await dialog.getByRole('combobox', { name: 'Purpose' }).click();
    await page.getByRole('option', { name: 'Euthanasia consent' }).click();

    await dialog.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Choice' }).click();
    await dialog.getByRole('textbox', { name: 'Field 1 label' }).fill('Cremation');
    expect(await dialog.getByRole('textbox', { name: 'Field 1 key' }).inputValue()).toBe('cremation');
    await dialog.getByRole('textbox', { name: 'Field 1 choices' }).fill('Private\nCommunal');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Consent clause' }).click();
    await dialog.getByRole('textbox', { name: 'Field 2 clause' }).fill('I consent to the euthanasia of {{ patient.name }}.');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Signature' }).click();

    // The preview is the form as the client gets it: the choice, the clause with its merge field
    // filled from sample data and its box, the pad.
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.getByRole('radio', { name: 'Communal' }).waitFor();
    await expect.poll(() => preview.getByText(/^I consent to the euthanasia of /).innerText()).toMatch(/^I consent to the euthanasia of [^{}]+\.$/);
    expect(await preview.getByRole('checkbox', { name: /I agree/ }).isChecked()).toBe(false);
    await preview.getByRole('img', { name: 'Signature: draw your signature here' }).waitFor();

    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, TEMPLATE_MESSAGES.created).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rowWith(page.getByRole('grid', { name: 'Form Templates' }), formName).waitFor();

    // Sent to the client by email from their page.
    await openInApp(page, `/clients/${client.id}`);
    await page.getByRole('heading', { name: `Maria Signer${id}`, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Forms' }).click();
    await page.getByRole('button', { name: 'Send form' }).click();
    const send = page.getByRole('dialog', { name: 'Send form' });
    await send.getByRole('combobox', { name: 'Form' }).click();
    await page.getByRole('option', { name: `${formName} (Euthanasia consent)` }).click();
    await send.getByRole('combobox', { name: 'Patient' }).click();
    await page.getByRole('option', { name: `Biscuit${id}` }).click();
    await send.getByRole('radio', { name: new RegExp(`^Email \\(${email}\\)`) }).check();
    await send.getByRole('button', { name: 'Send' }).click();
    await toast(page, FORM_MESSAGES.sent).waitFor();
    await send.waitFor({ state: 'hidden' });
    const sent = page.getByRole('list', { name: 'Forms sent' }).getByTestId('form-request').filter({ hasText: formName });
    await sent.getByText('Sent', { exact: true }).waitFor();

    // Nothing unread yet at this location.
    expect(await badgeCount(page)).toBe(0);

    // The client opens the emailed link on a phone.
    const mail = await waitForMail(email);
    const link = /https?:\/\/\S+\/form\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?t=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link?.startsWith(`${baseUrl()}/form/`), mail.text).toBe(true);
    const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 740 } });
    try {
      const tab = await phone.newPage();
      // The page works under the portal's Content-Security-Policy: nothing refused, nothing thrown.
      const errors: string[] = [];
      tab.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      tab.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await tab.goto(link!);
      await tab.getByRole('heading', { name: formName, level: 1 }).waitFor();
      await tab.getByText(`I consent to the euthanasia of Biscuit${id}.`).waitFor();
      expect(await seriousViolations(tab)).toEqual([]);
      expect(errors).toEqual([]);
      // The consent and the signature are asked for before anything is sent.
      await tab.getByRole('button', { name: 'Submit' }).click();
      await tab.getByText('Please tick the box to give your consent').waitFor();
      await tab.getByText('Please sign here').waitFor();
      await tab.getByText('Please type your full name').waitFor();

      await tab.getByRole('radio', { name: 'Private' }).check();
      await tab.getByRole('checkbox', { name: /I agree/ }).check();
      const pad = tab.getByRole('img', { name: /^Signature: / });
      await pad.scrollIntoViewIfNeeded();
      await sign(tab, pad);
      await tab.getByRole('img', { name: 'Signature: signed' }).waitFor();
      await tab.getByRole('textbox', { name: 'Your full name' }).fill(`Maria Signer${id}`);
      // Nothing runs off the side of a phone's screen.
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await tab.getByRole('button', { name: 'Submit' }).click();
      await tab.getByText(FORM_MESSAGES.thankYou).waitFor();
      // The link works once: opened again, it says so.
      await tab.reload();
      await tab.getByRole('heading', { name: 'This form cannot be opened', level: 1 }).waitFor();
      await tab.getByText(FORM_MESSAGES.linkInvalid).waitFor();
    } finally {
      await phone.close();
    }

    // The staff: one unread on the badge (a fresh load asks the server again), listed under Unread.
    await page.reload();
    await mainNav(page).waitFor();
    await expect.poll(() => badgeCount(page)).toBe(1);
    await submissionsEntry(page).click();
    await page.getByRole('heading', { name: 'Form Submissions', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/formSubmissions/unread');
    const unread = page.getByRole('grid', { name: 'Unread form submissions' });
    const row = rowWith(unread, `Maria Signer${id}`);
    await row.getByText(formName).waitFor();
    await row.getByText(`Biscuit${id}`).waitFor();
    await row.getByText(formName).click();

    const opened = page.getByRole('dialog', { name: formName });
    await opened.getByText('Private', { exact: true }).waitFor();
    await opened.getByText('Given', { exact: true }).waitFor();
    await opened.getByRole('img', { name: `Signature of Maria Signer${id}` }).waitFor();
    await expect.poll(() => opened.getByTestId('signature-evidence').innerText()).toMatch(new RegExp(`^Signed by Maria Signer${id} on .+ from `));
    await opened.getByRole('button', { name: 'Mark read' }).click();
    // The dialog stays open (its page is hidden from assistive technology meanwhile): the toast by its text.
    await toastText(page, FORM_MESSAGES.updated).waitFor();
    await opened.getByRole('button', { name: 'Mark unread' }).waitFor();
    await page.keyboard.press('Escape');
    await opened.waitFor({ state: 'hidden' });
    await expect.poll(() => badgeCount(page)).toBe(0);
    await unread.getByText('No unread submissions').waitFor();

    // It is under Read now, and the client's page shows the form submitted.
    await page.getByRole('tab', { name: 'Read', exact: true }).click();
    await rowWith(page.getByRole('grid', { name: 'Read form submissions' }), `Maria Signer${id}`).waitFor();
    // A load of its own: the page was drawn before the form came back from the phone.
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('tab', { name: 'Forms' }).click();
    await page.getByRole('list', { name: 'Forms sent' }).getByTestId('form-request').filter({ hasText: formName }).getByText('Submitted', { exact: true }).waitFor();
  });
});
