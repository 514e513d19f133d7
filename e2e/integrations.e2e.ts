// Staff set up a location's email and card payment providers: a key of the wrong form is refused
// under its field, a well-formed key the provider refuses shows the provider's refusal when the
// connection is tested, and the right key tests fine. The providers are local fakes.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@willow/contracts';
import { axe } from './axe.ts';
import { cleanTab, launch } from './browser.ts';
import { locationRow, ownerOn, toastText } from './clinic.ts';
import { FAKE_KEYS } from './fake-providers.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Integrations ${unique()}`, timeZone: 'America/Chicago' });
});
afterAll(async () => {
  await browser?.close();
});

/** The helper text under a field (MUI puts it in the field's FormControl). */
const helperOf = (field: Locator): Promise<string> =>
  field.evaluate((el) => el.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent?.trim() ?? '');

async function openIntegrations(page: Page): Promise<Locator> {
  await ownerOn(page, '/locations', 'Locations');
  const row = await locationRow(page, own.name);
  await row.getByRole('button', { name: `Integrations of ${own.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Integrations · ${own.name}` });
  await dialog.waitFor();
  return dialog;
}

/** One service's entry in the Integrations section. */
const serviceIn = (section: Locator, label: string): Locator => section.getByLabel(label, { exact: true });

/** The set-up / edit dialog that is open on top of the section. */
const formDialog = (page: Page): Locator => page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /^(Create|Save)$/ }) });

async function testConnection(page: Page, entry: Locator, expected: 'Connection OK' | 'Connection failed'): Promise<string> {
  await entry.getByRole('button', { name: /^Test connection/ }).click();
  await entry.getByText(expected, { exact: true }).waitFor();
  return (await entry.getByRole('status').textContent()) ?? '';
}

describe('integrations of a location', () => {
  it('SendGrid: a key of the wrong form, then one SendGrid refuses, then the right one', async () => {
    const { page } = await cleanTab();
    const section = await openIntegrations(page);
    const sendgrid = serviceIn(section, 'SendGrid');
    await sendgrid.getByText('Not set up', { exact: true }).waitFor();

    await sendgrid.getByRole('button', { name: 'Add' }).click();
    let form = formDialog(page);
    await form.getByLabel('API key').fill('not-a-sendgrid-key');
    await form.getByLabel('From email').fill('front@practice.example');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => helperOf(form.getByLabel('API key'))).toBe('This field must start with SG.');

    await form.getByLabel('API key').fill('SG.well-formed-but-refused');
    await form.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Integration created').waitFor();
    await form.waitFor({ state: 'detached' });
    const refusal = await testConnection(page, sendgrid, 'Connection failed');
    expect(refusal).toContain(INTEGRATION_MESSAGES.notSetUpCorrectly);
    expect(refusal).toContain('SendGrid said');
    expect(refusal).not.toContain('well-formed-but-refused');

    await sendgrid.getByRole('button', { name: 'Edit' }).click();
    form = formDialog(page);
    const key = form.getByLabel('API key');
    // The stored key is never shown: the field says one is set and starts empty.
    expect(await key.inputValue()).toBe('');
    expect(await helperOf(key)).toContain('is set');
    await key.fill(FAKE_KEYS.sendgrid);
    await form.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Integration updated').waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await testConnection(page, sendgrid, 'Connection OK')).toContain('SendGrid accepted the API key');
  });

  it('Stripe: a key of the wrong form, then one Stripe refuses, then the right one, and the payment webhook', async () => {
    const { page } = await cleanTab();
    const section = await openIntegrations(page);
    const stripe = serviceIn(section, 'Stripe');

    await stripe.getByRole('button', { name: 'Add' }).click();
    let form = formDialog(page);
    await form.getByLabel('Publishable key').fill('pk_test_e2e');
    await form.getByLabel('Secret key').fill('pk_test_not_a_secret_key');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => helperOf(form.getByLabel('Secret key'))).toBe('This field must start with sk or rk.');

    await form.getByLabel('Secret key').fill('sk_test_well-formed-but-refused');
    await form.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Integration created').waitFor();
    await form.waitFor({ state: 'detached' });
    const refusal = await testConnection(page, stripe, 'Connection failed');
    expect(refusal).toContain(INTEGRATION_MESSAGES.notSetUpCorrectly);
    expect(refusal).not.toContain('well-formed-but-refused');

    await stripe.getByRole('button', { name: 'Edit' }).click();
    form = formDialog(page);
    await form.getByLabel('Secret key').fill(FAKE_KEYS.stripeSecret);
    await form.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Integration updated').waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await testConnection(page, stripe, 'Connection OK')).toContain('Stripe accepted the secret key');

    await stripe.getByRole('button', { name: 'Register webhook' }).click();
    await toastText(page, 'Webhook registered').waitFor();
    const webhook = serviceIn(section, 'Stripe webhook');
    await webhook.getByText('Set up', { exact: true }).waitFor();
    expect(await testConnection(page, webhook, 'Connection OK')).toContain('/api/integrations/stripe/webhook/');
  });

  it('on a 375 px screen the section and its form fit, and Esc asks before discarding what was typed', async () => {
    const { page } = await cleanTab();
    const section = await openIntegrations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    const partner = serviceIn(section, 'Memorial partner 1');
    await partner.getByRole('button', { name: 'Add' }).scrollIntoViewIfNeeded();
    expect((await section.boundingBox())?.width).toBeLessThanOrEqual(375);
    await partner.getByRole('button', { name: 'Add' }).click();
    const form = formDialog(page);
    await form.getByLabel('Username or email').fill('orders@partner.example');
    expect((await form.boundingBox())?.width).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard changes?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    expect(await form.getByLabel('Username or email').inputValue()).toBe('orders@partner.example');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('the section and its form have no serious accessibility problem (axe)', async () => {
    const { page } = await cleanTab();
    await openIntegrations(page);
    const serious = async () => {
      // Toasts fading in or out read as too faint for a moment: wait until they are gone.
      // (A toast is a status region with aria-live; a check's message is one without.)
      await expect.poll(() => page.locator('[role="status"][aria-live]').count()).toBe(0);
      // A dialog fading in reads as too faint for a moment too (4.49:1 mid-fade): wait until it is opaque.
      await expect
        .poll(() => page.locator('.MuiDialog-container').evaluateAll((els) => els.every((el) => getComputedStyle(el).opacity === '1')))
        .toBe(true);
      const { violations } = await axe(page).include('[role="dialog"]').analyze();
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    // The statuses set up by the tests above (a last check that failed, one that worked) are on screen.
    await page.getByText('Connection OK').first().waitFor();
    expect(await serious()).toEqual([]);
    await page.getByRole('button', { name: 'Add' }).first().click();
    await formDialog(page).waitFor();
    expect(await serious()).toEqual([]);
  });
});
