// A family's end-of-life visit paid for from first price to last payment: the desk prices a private
// cremation in the calculator and makes it an estimate; the family signs the consent form emailed
// for the estimate (which approves it) and pays a deposit by card on Stripe's page (the local fake);
// at Checked Out the estimate becomes the invoice, where the paw print made on the day but never
// estimated is caught as a missed charge and added; the invoice is finalised, the rest is paid, and
// the invoice goes to the family as a PDF by email. In a location of its own.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_PAYMENT_MESSAGES, FORM_MESSAGES } from '@willow/contracts';
import type { Estimate, Invoice } from '@willow/contracts';
import { baseUrl, cleanTab, launch, newPage } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, pickOption, toastText, useLocalMail } from './clinic.ts';
import { FAKE_KEYS } from './fake-providers.ts';
import { openInApp, unique } from './helpers.ts';
import { waitForMail } from './mailbox.ts';
import { PAW_PRINT, seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiCreateAppointment, openFromList, ownerAt } from './scheduling.ts';
import { paymentLinkIn, payAtStripe } from './stripe-checkout.ts';

let browser: Browser;
let api: BrowserContext;
let own: OwnLocation;
const WITNESSED = { category: 'Cremation options', name: 'Witnessed cremation', price: 150 };
const CONSENT_FORM = `Cremation consent ${unique()}`;

beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Billing ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.homeEuthanasia],
    addOns: [PAW_PRINT, WITNESSED],
  });
  api = await browser.newContext({ baseURL: baseUrl() });
  await apiSignIn(api);
  const post = async (path: string, body: unknown, what: string) => json(await api.request.post(path, { data: body }), what);
  // The location's email (through the local mail server) and its Stripe account with the webhook.
  await useLocalMail(api, own.id, { email: 'front@billing-clinic.test', name: own.name });
  await post('/api/integrations', { data: { locationId: own.id, service: 'stripe', publicKey: 'pk_test_e2e', privateKey: FAKE_KEYS.stripeSecret } }, 'set up Stripe');
  await post('/api/integrations/createStripeWebhook', { data: { locationId: own.id } }, 'register the webhook');
  // Private cremation by weight.
  for (const [min, max, price] of [
    [0, 5, 16_000],
    [5, 10, 19_500],
    [10, 25, 26_000],
  ] as const)
    await post('/api/priceBand', { data: { locationId: own.id, cremationType: 'private', minGrams: min * 1000, maxGrams: max * 1000, price } }, 'price band');
  // The consent form the family signs.
  await post(
    '/api/formTemplate',
    {
      formTemplateData: {
        locationId: own.id,
        name: CONSENT_FORM,
        purpose: 'cremation_choice',
        fields: [
          { key: 'consent', type: 'consent', label: 'I agree', required: true, text: 'I agree to the estimate for {{ patient.name }}.' },
          { key: 'signature', type: 'signature', label: 'Signature', required: true },
        ],
      },
    },
    'consent form template',
  );
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

/** Types into a field as a person does: click, select what is there, type. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.page().keyboard.type(text);
}

/** Draws a signature stroke across the pad with the mouse. */
async function sign(page: Page, pad: Locator) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.15 + i * 0.05), y + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

/** A load of its own each time: the estimate changed elsewhere (the family's form, the payment), which the app's answers, fresh for minutes, would not show. */
async function openEstimate(page: Page, clientId: string): Promise<Locator> {
  await page.goto(`/clients/${clientId}?tab=estimates`);
  const grid = page.getByRole('grid', { name: 'Estimates' });
  const row = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await row.first().waitFor();
  await row.first().getByRole('gridcell').first().click();
  const editor = page.getByTestId('estimate-editor');
  await editor.waitFor();
  return editor;
}

const apiEstimate = async (id: string) => json<Estimate>(await api.request.get(`/api/estimate/${id}`), 'read estimate');
const apiInvoice = async (id: string) => json<Invoice>(await api.request.get(`/api/invoice/${id}`), 'read invoice');

describe('billing, from the calculator to the emailed invoice', () => {
  it('prices, estimates, takes consent and a deposit, invoices with the missed add-on, takes the rest and emails the PDF', async () => {
    const id = unique();
    const email = `rosa-${id}@example.test`;
    const client = await apiCreateClient(api, { locationId: own.id, firstName: 'Rosa', lastName: `Family${id}`, email });
    const dog = own.species.find((s) => s.name === 'Dog')!;
    const patient = await apiCreatePatient(api, { clientId: client.id, name: `Juniper${id}`, speciesId: dog.id });
    const clientName = `Rosa Family${id}`;
    const addOns = await json<{ id: string; name: string }[]>(await api.request.get(`/api/addOn?locationId=${own.id}`), 'add-ons');
    const addOnId = (name: string) => addOns.find((a) => a.name === name)!.id;
    const homeEuthanasia = own.services.find((s) => s.name === SERVICES.homeEuthanasia.name)!;

    const { page } = await cleanTab();
    // 1. The calculator: a 12.4 kg dog, private cremation, witnessed, with the home visit.
    await ownerAt(page, own.name);
    await openInApp(page, '/calculator');
    await page.getByRole('heading', { name: 'Price Calculator', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Private', exact: true }).click();
    await typeInto(page.getByRole('textbox', { name: 'Pet’s weight' }), '12.4');
    await page.getByRole('checkbox', { name: /Witnessed cremation/ }).check();
    await page.getByRole('checkbox', { name: /Home euthanasia/ }).check();
    // 260 + 150 + 495
    await expect.poll(() => page.getByTestId('quote-total').innerText()).toBe('905.00');
    const quote = page.getByRole('region', { name: 'Quote' });
    const clientBox = quote.getByRole('combobox', { name: 'Client' });
    await clientBox.click();
    await page.keyboard.type(`Family${id}`);
    await page.getByRole('listbox').getByRole('option').filter({ hasText: clientName }).click();
    await quote.getByRole('combobox', { name: 'Patient' }).click();
    await page.getByRole('listbox').getByRole('option').filter({ hasText: `Juniper${id}` }).click();
    await quote.getByRole('button', { name: 'Create estimate' }).click();
    await toastText(page, 'Estimate created').waitFor();
    const listed = await json<{ items: { id: string }[] }>(await api.request.get(`/api/estimate?clientId=${client.id}`), 'estimates');
    expect(listed.items).toHaveLength(1);
    const estimateId = listed.items[0]!.id;
    expect(await apiEstimate(estimateId)).toMatchObject({ patientId: patient.id, lowTotal: 90_500, highTotal: 90_500, status: 'open' });

    // The visit is booked: the home euthanasia with the witnessed cremation and a paw print the
    // family asked for on the day (never on the estimate). The desk links the estimate to it.
    const start = new Date(Date.now() + 60 * 60_000);
    start.setUTCSeconds(0, 0);
    const appointment = await apiCreateAppointment(api, {
      locationId: own.id,
      clientId: client.id,
      patientIds: [patient.id],
      serviceIds: [homeEuthanasia.id],
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 90 * 60_000).toISOString(),
      addOns: [
        { addOnId: addOnId(WITNESSED.name), values: {} },
        { addOnId: addOnId(PAW_PRINT.name), values: { 'Ink colour': 'Black' } },
      ],
    } as Parameters<typeof apiCreateAppointment>[1]);
    await json(await api.request.post(`/api/estimate/${estimateId}`, { data: { estimateData: { appointmentId: appointment.id } } }), 'link the estimate to the visit');

    // 2. Consent: the form emailed for the estimate, signed by the family on their phone.
    let editor = await openEstimate(page, client.id);
    await editor.getByRole('button', { name: 'Send consent form' }).click();
    const send = page.getByRole('dialog', { name: 'Send form' });
    await send.getByRole('combobox', { name: 'Form' }).click();
    await page.getByRole('listbox').getByRole('option', { name: CONSENT_FORM }).click();
    await send.getByRole('radio', { name: new RegExp(`^Email`) }).check();
    await send.getByRole('button', { name: 'Send' }).click();
    await send.waitFor({ state: 'hidden' });
    const formMail = await waitForMail(email);
    const formLink = /https?:\/\/\S+\/form\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?t=[A-Za-z0-9_-]+/.exec(formMail.text)?.[0];
    if (!formLink) throw new Error(`no form link in: ${formMail.text}`);
    const phone = await newPage(browser, { width: 375, height: 740 });
    try {
      await phone.page.goto(formLink);
      await phone.page.getByRole('heading', { name: CONSENT_FORM, level: 1 }).waitFor();
      await phone.page.getByRole('checkbox', { name: /I agree/ }).check();
      const pad = phone.page.getByRole('img', { name: /^Signature: / });
      await pad.scrollIntoViewIfNeeded();
      await sign(phone.page, pad);
      await phone.page.getByRole('img', { name: 'Signature: signed' }).waitFor();
      await phone.page.getByRole('textbox', { name: 'Your full name' }).fill(clientName);
      await phone.page.getByRole('button', { name: 'Submit' }).click();
      await phone.page.getByText(FORM_MESSAGES.thankYou).waitFor();
    } finally {
      await phone.context.close();
    }
    await expect.poll(async () => (await apiEstimate(estimateId)).status).toBe('approved');
    expect((await apiEstimate(estimateId)).approvalMethod).toBe('form');

    // 3. The deposit by card: a link by email, paid at Stripe's page.
    editor = await openEstimate(page, client.id);
    await editor.getByRole('button', { name: 'Take deposit' }).click();
    const deposit = page.getByRole('dialog', { name: 'Take deposit' });
    await typeInto(deposit.getByRole('textbox', { name: 'Deposit' }), '200');
    await deposit.getByRole('radio', { name: /^Email/ }).check();
    await deposit.getByRole('button', { name: 'Send' }).click();
    await toastText(page, CARD_PAYMENT_MESSAGES.created).waitFor();
    const payMail = await waitForMail(email, 2);
    const payLink = paymentLinkIn(payMail.text);
    const card = await newPage(browser, { width: 375, height: 740 });
    try {
      await payAtStripe(card.page, payLink, '$200.00');
    } finally {
      await card.context.close();
    }
    await expect.poll(async () => (await apiEstimate(estimateId)).deposit).toBe(20_000);

    // 4. The visit: checked in and out.
    for (const status of ['Checked In', 'Checked Out']) {
      const res = await api.request.post(`/api/appointment/${appointment.id}`, { data: { data: { status } } });
      expect(res.status(), await res.text()).toBe(200);
    }

    // 5. The estimate becomes the invoice (its deposit moves with it).
    editor = await openEstimate(page, client.id);
    await editor.getByRole('button', { name: 'Make invoice' }).click();
    await toastText(page, 'Invoice created from the estimate').waitFor();
    const invoiceId = (await apiEstimate(estimateId)).invoiceId!;
    expect(await apiInvoice(invoiceId)).toMatchObject({ appointmentId: appointment.id, total: 90_500, paid: 20_000, status: 'draft' });
    await page.keyboard.press('Escape');

    // 6. At Checked Out the paw print, performed but on no invoice, is caught and added.
    await openInApp(page, '/appointments');
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    const dialog = await openFromList(page, clientName);
    const missed = dialog.getByTestId('missed-charges');
    await missed.getByText(PAW_PRINT.name).waitFor();
    expect(await missed.getByText(WITNESSED.name).count()).toBe(0);
    await missed.getByRole('button', { name: `Add ${PAW_PRINT.name} to the invoice` }).click();
    await toastText(page, 'Invoice updated').waitFor();
    await missed.getByText('Everything performed is on an invoice.').waitFor();
    let invoice = await apiInvoice(invoiceId);
    expect(invoice.total).toBe(90_500 + 4_500);
    expect(invoice.items.map((i) => i.description)).toEqual(['Private cremation (10–25 kg)', WITNESSED.name, SERVICES.homeEuthanasia.name, PAW_PRINT.name]);

    // 7. Finalised, and the rest paid at the desk.
    await page.goto(`/invoices/${invoiceId}`);
    const invoiceEditor = page.getByTestId('invoice-editor');
    await invoiceEditor.getByRole('button', { name: 'Finalise' }).click();
    await toastText(page, 'Invoice finalised').waitFor();
    invoice = await apiInvoice(invoiceId);
    expect(invoice).toMatchObject({ status: 'finalised', balance: 95_000 - 20_000 });
    // The desk records the rest in cash from the invoice: its balance is suggested, all of it on this invoice.
    await invoiceEditor.getByRole('button', { name: 'Record payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Record payment' });
    await pickOption(payment, 'Payment type', 'Cash');
    await payment.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Payment created').waitFor();
    await payment.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await apiInvoice(invoiceId)).paymentState).toBe('paid');

    // 8. The invoice emailed as a PDF.
    await page.reload();
    await invoiceEditor.getByRole('button', { name: 'Email' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Email invoice' });
    // Left blank: it goes to the client's email address.
    await emailDialog.getByText("Leave blank to send it to the client's email address").waitFor();
    await emailDialog.getByRole('button', { name: 'Send' }).click();
    await toastText(page, 'Email sent').waitFor();
    const invoiceMail = await waitForMail(email, 3);
    expect(invoiceMail.subject).toBe(`Invoice INV-000001 from ${own.name}`);
    expect(invoiceMail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(Buffer.from(invoiceMail.attachments[0]!.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
