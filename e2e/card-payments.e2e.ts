// A deposit before a home visit, paid by card: the front desk opens the family's estimate and takes
// a deposit by email; the family opens the link on a phone (375 px), pays with Stripe's test card
// on Stripe's page (the local fake, which then sends its signed webhook to the portal) and lands on
// the portal's thank-you page; the desk sees the deposit held on the client and the request paid,
// and gives part of it back to the card through Stripe.
// A location without Stripe says so on the estimate and refuses the request. In a location of its own.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CARD_PAYMENT_MESSAGES } from '@willow/contracts';
import { axe } from './axe.ts';
import { cleanTab, launch, newPage } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, locationNamed, toastText, type LocationInfo, useLocalMail } from './clinic.ts';
import { FAKE_KEYS } from './fake-providers.ts';
import { openInApp, unique } from './helpers.ts';
import { waitForMail } from './mailbox.ts';
import { ownerAt } from './scheduling.ts';
import { paymentLinkIn, payAtStripe } from './stripe-checkout.ts';

let browser: Browser;
let api: BrowserContext;
let withStripe: LocationInfo;
let withoutStripe: LocationInfo;

/** A location of its own treating dogs, its email through the local mail server. */
async function newLocation(name: string): Promise<LocationInfo> {
  const created = await json<{ id: string }>(await api.request.post('/api/location', { data: { data: { name, timezone: 'America/New_York' } } }), 'create location');
  await useLocalMail(api, created.id, { email: 'front@deposit-clinic.test', name: name });
  const catalogue = await json<{ id: string; name: string }[]>(await api.request.get('/api/species'), 'list species');
  const dog = catalogue.find((s) => s.name === 'Dog');
  if (!dog) throw new Error('No species Dog in the catalogue');
  await json(await api.request.post('/api/location/updateSpecies', { data: { data: { locationId: created.id, speciesId: dog.id, action: 'add' } } }), 'add species Dog');
  return locationNamed(api, name);
}

beforeAll(async () => {
  browser = await launch();
  api = await browser.newContext({ baseURL: inject('baseUrl') });
  await apiSignIn(api);
  withStripe = await newLocation(`Deposit Clinic ${unique()}`);
  withoutStripe = await newLocation(`No Card Clinic ${unique()}`);
  // The location's Stripe account (the fake knows this key) and its webhook, registered with Stripe.
  await json(
    await api.request.post('/api/integrations', {
      data: { data: { locationId: withStripe.id, service: 'stripe', publicKey: 'pk_test_e2e', privateKey: FAKE_KEYS.stripeSecret } },
    }),
    'set up Stripe',
  );
  await json(await api.request.post('/api/integrations/createStripeWebhook', { data: { data: { locationId: withStripe.id } } }), 'register the webhook');
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

/** A family with a dog and an estimate for the home visit ($300–$450). */
async function familyWithEstimate(location: LocationInfo, id: string) {
  const email = `maria-${id}@example.test`;
  const client = await apiCreateClient(api, { locationId: location.id, firstName: 'Maria', lastName: `Deposit${id}`, email });
  const dog = location.species.find((s) => s.name === 'Dog');
  if (!dog) throw new Error(`${location.name} treats no dogs`);
  const patient = await apiCreatePatient(api, { clientId: client.id, name: `Biscuit${id}`, speciesId: dog.id });
  const estimate = await json<{ id: string }>(
    await api.request.post('/api/estimate', {
      data: {
        estimateData: { locationId: location.id, clientId: client.id, patientId: patient.id },
        estimateItems: [{ kind: 'text', description: 'Home euthanasia visit', quantity: 1, highQuantity: 1, unitPrice: 30_000 }, { kind: 'text', description: 'Private cremation', quantity: 1, unitPrice: 15_000 }],
      },
    }),
    'create estimate',
  );
  return { client, email, estimate };
}

/** The client's estimate, opened from their page's Estimates tab (inside the app ownerAt opened). */
async function openEstimate(page: Page, clientId: string): Promise<Locator> {
  await openInApp(page, `/clients/${clientId}?tab=estimates`);
  const grid = page.getByRole('grid', { name: 'Estimates' });
  const row = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await row.first().waitFor();
  await row.first().getByRole('gridcell').first().click();
  const editor = page.getByTestId('estimate-editor');
  await editor.waitFor();
  return editor;
}

describe('card payments', () => {
  it('a deposit link by email is paid on a phone at Stripe’s page; the deposit shows on the client', async () => {
    const id = unique();
    const { client, email } = await familyWithEstimate(withStripe, id);
    const { page } = await cleanTab();
    await ownerAt(page, withStripe.name);
    const editor = await openEstimate(page, client.id);
    await editor.getByRole('button', { name: 'Take deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take deposit' });
    const amount = dialog.getByRole('textbox', { name: 'Deposit' });
    // Too much first: the field says so, and what was typed stays.
    await amount.click();
    await page.keyboard.type('500');
    await dialog.getByRole('radio', { name: new RegExp(`^Email \\(${email.replace(/[.+]/g, '\\$&')}\\)$`) }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(CARD_PAYMENT_MESSAGES.moreThanEstimate).waitFor();
    expect(await amount.inputValue()).toBe('500');
    await amount.press('ControlOrMeta+a');
    await page.keyboard.type('150');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toastText(page, CARD_PAYMENT_MESSAGES.created).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const request = editor.getByTestId('card-payment-request');
    await request.filter({ hasText: '$150.00' }).filter({ hasText: 'Waiting for payment' }).waitFor();

    // The family reads the email on a phone and pays on Stripe's page.
    const mail = await waitForMail(email);
    expect(mail.subject).toBe(`Payment request — ${withStripe.name}`);
    const link = paymentLinkIn(mail.text);
    const phone = await newPage(browser, { width: 375, height: 740 });
    try {
      await payAtStripe(phone.page, link, '$150.00');
      await phone.page.getByRole('heading', { name: 'Thank you', level: 1 }).waitFor();
      // The page fits the phone: nothing scrolls sideways.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await phone.context.close();
    }

    // The desk sees it paid: the request, the deposit on the estimate and on the client's balance.
    await request.filter({ hasText: 'Paid' }).waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByLabel('Balance').getByText('Deposits held: $150.00').waitFor();
    await page.getByRole('tab', { name: 'Card payments' }).click();
    await page.getByTestId('card-payment-request').filter({ hasText: 'Deposit $150.00' }).filter({ hasText: 'Paid' }).waitFor();
    const payments = await json<{ items: { amount: number; stripePaymentIntentId?: string | null }[] }>(await api.request.get(`/api/payment?clientId=${client.id}`), 'list payments');
    expect(payments.items.map((p) => p.amount)).toEqual([15_000]);

    // The visit is cancelled: $50 goes back to the card, through Stripe, and the portal says so.
    await page.getByRole('tab', { name: 'Payments', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Refund $150.00' }).or(page.getByRole('button', { name: 'Refund $150.00' })).click();
    const refund = page.getByRole('dialog', { name: 'Refund payment' });
    // The dialog on a 375 px screen (the window narrowed once it is open).
    await page.setViewportSize({ width: 375, height: 740 });
    await refund.getByText('It goes back to the card through Stripe').waitFor();
    const refundAmount = refund.getByRole('textbox', { name: 'Refund amount' });
    await refundAmount.press('ControlOrMeta+a');
    await page.keyboard.type('50');
    await refund.getByRole('textbox', { name: 'Reason' }).click();
    await page.keyboard.type('Visit moved to the clinic');
    // Esc asks before throwing the typed refund away; kept, nothing is lost.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await refundAmount.inputValue()).toBe('50');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const { violations } = await axe(page).include('[role="dialog"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await refund.getByRole('button', { name: 'Refund' }).click();
    await toastText(page, 'Refund recorded').waitFor();
    await refund.waitFor({ state: 'hidden' });
    await page.getByLabel('Balance').getByText('Deposits held: $100.00').waitFor();
    const refunds = await json<{ items: { amount: number; reference: string | null; notes: string | null }[] }>(
      await api.request.get(`/api/payment?clientId=${client.id}&kind=refund`),
      'list refunds',
    );
    // One refund, Stripe's (its id), however often Stripe's event about it came.
    expect(refunds.items).toEqual([expect.objectContaining({ amount: 5_000, notes: 'Visit moved to the clinic', reference: expect.stringMatching(/^re_/) })]);
  });

  it('a location without Stripe says so on the estimate, and asking is refused with the reason', async () => {
    const id = unique();
    const { client } = await familyWithEstimate(withoutStripe, id);
    const { page } = await cleanTab();
    await ownerAt(page, withoutStripe.name);
    const editor = await openEstimate(page, client.id);
    await editor.getByTestId('no-stripe-note').filter({ hasText: CARD_PAYMENT_MESSAGES.noStripe }).waitFor();
    await editor.getByRole('button', { name: 'Take deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take deposit' });
    await dialog.getByTestId('no-stripe').filter({ hasText: CARD_PAYMENT_MESSAGES.noStripe }).waitFor();
    await dialog.getByRole('textbox', { name: 'Deposit' }).click();
    await page.keyboard.type('100');
    await dialog.getByRole('radio', { name: 'Open on this screen' }).check();
    await dialog.getByRole('button', { name: 'Open payment page' }).click();
    await toastText(page, CARD_PAYMENT_MESSAGES.createError).waitFor();
    // Nothing typed is lost, and nothing was asked.
    expect(await dialog.getByRole('textbox', { name: 'Deposit' }).inputValue()).toBe('100');
    expect(await json<unknown[]>(await api.request.get(`/api/cardPaymentRequest?clientId=${client.id}`), 'list requests')).toEqual([]);
  });
});
