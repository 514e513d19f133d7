// Invoices and estimates as the front desk works them: an invoice typed by keyboard with a line
// discount, an invoice discount and tax, whose totals on screen are the totals the server saved;
// finalised (numbered, read-only) and corrected by a credit note; Esc on a changed editor asks
// first; a phone-sized pass; an estimate approved in person and made into an invoice; the add-on
// performed at Checked Out but missing from the invoice added in one click. In a location of its own.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, localDate, priceDocument } from '@willow/contracts';
import type { Invoice } from '@willow/contracts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiSignIn, json, pickOption, toastText } from './clinic.ts';
import { openInApp, typeDate, unique } from './helpers.ts';
import { PAW_PRINT, seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiCreateAppointment, apiHousehold, type Household, openFromList, ownerAt } from './scheduling.ts';

let browser: Browser;
let own: OwnLocation;
let taxCodeId: string;
/** The owner signed in through the API, for the records the tests start from and check against. */
let apiContext: BrowserContext;
const TAX_NAME = 'Sales tax';
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Invoices ${unique()}`,
    timeZone: 'America/Chicago',
    services: [SERVICES.privateCremation, SERVICES.wellness],
    addOns: [PAW_PRINT],
  });
  apiContext = await browser.newContext({ baseURL: baseUrl() });
  await signInApi(apiContext);
  taxCodeId = (await json<{ id: string }>(await apiContext.request.post('/api/taxCode', { data: { data: { locationId: own.id, name: TAX_NAME, rate: 825 } } }), 'create tax code')).id;
});
afterAll(async () => {
  await apiContext?.close();
  await browser?.close();
});

async function signInApi(context: BrowserContext) {
  await apiSignIn(apiContext);
}

const invoiceEditor = (page: Page): Locator => page.getByTestId('invoice-editor');
const estimateEditor = (page: Page): Locator => page.getByTestId('estimate-editor');
const discardPrompt = (page: Page): Locator => page.getByRole('dialog', { name: 'Discard changes?' });

/** Types into a field as a person does: click, select what is there, type. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.page().keyboard.type(text);
}

async function pickClientIn(editor: Locator, household: Household) {
  const box = editor.getByRole('combobox', { name: 'Client' });
  await box.click();
  await editor.page().keyboard.type(household.client.lastName);
  await editor.page().getByRole('listbox').getByRole('option').filter({ hasText: household.clientName }).click();
  await expect.poll(() => box.inputValue()).toBe(household.clientName);
}

async function openInvoices(page: Page) {
  await ownerAt(page, own.name);
  await openInApp(page, '/invoices');
  await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
}

async function apiInvoice(context: BrowserContext, id: string): Promise<Invoice> {
  return json<Invoice>(await apiContext.request.get(`/api/invoice/${id}`), 'read invoice');
}

describe('invoices', () => {
  it('an invoice typed by keyboard shows the totals the server saves; finalised it is numbered and read-only; a credit note corrects it', async () => {
    const { page } = await cleanTab();
    const household = await apiHousehold(apiContext, own, unique(), 'Billing', 'Rex');
    await openInvoices(page);
    await page.getByRole('button', { name: 'New invoice' }).click();
    const editor = invoiceEditor(page);
    await pickClientIn(editor, household);

    // A service from the catalogue fills in its description and price; 10 % off it, taxed.
    await pickOption(editor, 'Line 1 kind', 'Service');
    await pickOption(editor, 'Line 1 service', SERVICES.privateCremation.name);
    expect(await editor.getByRole('textbox', { name: 'Line 1 description' }).inputValue()).toBe(SERVICES.privateCremation.name);
    expect(await editor.getByRole('textbox', { name: 'Line 1 unit price' }).inputValue()).toBe('260.00');
    await pickOption(editor, 'Line 1 discount', '%');
    await typeInto(editor.getByRole('textbox', { name: 'Line 1 discount %' }), '10');
    await pickOption(editor, 'Line 1 tax', `${TAX_NAME} (8.25 %)`);
    // A free-text line, untaxed.
    await editor.getByRole('button', { name: 'Add line' }).click();
    await typeInto(editor.getByRole('textbox', { name: 'Line 2 description' }), 'Cedar urn');
    await typeInto(editor.getByRole('textbox', { name: 'Line 2 quantity' }), '2');
    await typeInto(editor.getByRole('textbox', { name: 'Line 2 unit price' }), '45.55');
    // $5 off the whole invoice, shared over the lines before tax.
    await pickOption(editor, 'Invoice discount', 'Amount');
    await typeInto(editor.getByRole('textbox', { name: 'Invoice discount amount' }), '5.00');

    const expected = priceDocument(
      [
        { quantity: 1, unitPrice: 26000, discount: { type: 'percent', value: 1000 }, taxRate: 825 },
        { quantity: 2, unitPrice: 4555, discount: { type: 'none', value: 0 }, taxRate: 0 },
      ],
      { type: 'amount', value: 500 },
    ).totals;
    const shownTotal = editor.getByLabel('Total', { exact: true });
    await expect.poll(() => shownTotal.innerText()).toBe(formatCents(expected.total, 'USD'));
    expect(await editor.getByLabel('Tax', { exact: true }).innerText()).toBe(formatCents(expected.tax, 'USD'));

    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, 'Invoice created').waitFor();
    await editor.getByRole('heading', { name: 'Draft invoice' }).waitFor();
    const list = await json<{ items: { id: string }[] }>(await apiContext.request.get(`/api/invoice?clientId=${household.client.id}`), 'list invoices');
    expect(list.items).toHaveLength(1);
    const saved = await apiInvoice(apiContext, list.items[0]!.id);
    // What the page showed while typing is what the server computed and stored.
    expect({ subtotal: saved.subtotal, discount: saved.discount, tax: saved.tax, total: saved.total }).toEqual(expected);
    expect(await shownTotal.innerText()).toBe(formatCents(saved.total, saved.currency));
    expect(saved.items.map((i) => [i.description, i.taxRate])).toEqual([
      [SERVICES.privateCremation.name, 825],
      ['Cedar urn', 0],
    ]);
    expect(saved.items[0]!.taxCodeId).toBe(taxCodeId);

    // Finalised: the location's first number, and nothing can be changed any more.
    await editor.getByRole('button', { name: 'Finalise' }).click();
    await toastText(page, 'Invoice finalised').waitFor();
    await editor.getByRole('heading', { name: 'Invoice INV-000001' }).waitFor();
    expect(await editor.getByRole('textbox', { name: 'Line 1 unit price' }).isDisabled()).toBe(true);
    expect(await editor.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await editor.getByRole('button', { name: 'Add line' }).count()).toBe(0);
    expect((await apiInvoice(apiContext, saved.id)).status).toBe('finalised');

    // The list shows it with its number and what is still owed.
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'hidden' });
    const row = page.getByRole('grid', { name: 'Invoices' }).getByRole('row').filter({ hasText: household.clientName });
    await row.filter({ hasText: 'INV-000001' }).waitFor();
    expect(await row.innerText()).toContain('Unpaid');

    // A credit note of every line, started as a draft with the figures negative.
    await row.getByRole('gridcell').first().click();
    await editor.getByRole('heading', { name: 'Invoice INV-000001' }).waitFor();
    await editor.getByRole('button', { name: 'Credit note' }).click();
    const prompt = page.getByRole('dialog', { name: 'Credit note' });
    await typeInto(prompt.getByRole('textbox', { name: 'Reason' }), 'Urn returned');
    await prompt.getByRole('button', { name: 'Create credit note' }).click();
    await toastText(page, 'Credit note created').waitFor();
    await editor.getByRole('heading', { name: 'Draft credit note' }).waitFor();
    await expect.poll(() => editor.getByLabel('Total', { exact: true }).innerText()).toBe(formatCents(-expected.total, 'USD'));
    // Its lines are the invoice's: lowered or removed, never added to.
    expect(await editor.getByRole('button', { name: 'Add line' }).count()).toBe(0);

    // The client page: the finalised invoice is owed (a draft credit note is not counted yet).
    await openInApp(page, `/clients/${household.client.id}?tab=invoices`);
    await page.getByTestId('client-balance-owed').filter({ hasText: formatCents(expected.total, 'USD') }).waitFor();
    await page.getByRole('tabpanel').getByRole('row').filter({ hasText: 'INV-000001' }).waitFor();
   }, 120_000);

  it('Esc on an editor with changes asks first and keeps what was typed; a refused line shows its error under the line’s field', async () => {
    const { page } = await cleanTab();
    await openInvoices(page);
    await page.getByRole('button', { name: 'New invoice' }).click();
    const editor = invoiceEditor(page);
    await editor.getByRole('textbox', { name: 'Line 1 description' }).waitFor();
    // Untouched, Esc closes at once.
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'New invoice' }).click();
    await typeInto(editor.getByRole('textbox', { name: 'Line 1 description' }), 'Nail trim');
    await page.keyboard.press('Escape');
    await discardPrompt(page).waitFor();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await discardPrompt(page).waitFor({ state: 'hidden' });
    expect(await editor.getByRole('textbox', { name: 'Line 1 description' }).inputValue()).toBe('Nail trim');

    // A quantity of 0 is refused under that line's quantity, with the one error toast.
    await typeInto(editor.getByRole('textbox', { name: 'Line 1 quantity' }), '0');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.getByText('This field must be more than 0.').waitFor();

    await page.keyboard.press('Escape');
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
    await editor.waitFor({ state: 'hidden' });
  });

  it('on a 375 px screen the editor fills the screen and nothing spills sideways', async () => {
    const { page } = await cleanTab();
    await openInvoices(page);
    // Signed in and at the location on a desktop, then the window narrows to a phone's.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'New invoice' }).click();
    const editor = invoiceEditor(page);
    await editor.getByRole('textbox', { name: 'Line 1 description' }).waitFor();
    const box = await editor.boundingBox();
    expect(box?.width).toBe(375);
    const content = editor.locator('.MuiDialogContent-root');
    expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await typeInto(editor.getByRole('textbox', { name: 'Line 1 unit price' }), '22');
    await expect.poll(() => editor.getByLabel('Total', { exact: true }).innerText()).toBe('$22.00');
    const save = editor.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isVisible()).toBe(true);
    const saveBox = await save.boundingBox();
    expect((saveBox?.x ?? 0) + (saveBox?.width ?? 0)).toBeLessThanOrEqual(375);
  });

  it('an estimate with a low and a high total, approved in person, becomes a draft invoice', async () => {
    const { page } = await cleanTab();
    const household = await apiHousehold(apiContext, own, unique(), 'Estimate', 'Bo');
    await ownerAt(page, own.name);
    await openInApp(page, `/clients/${household.client.id}?tab=estimates`);
    await page.getByRole('tab', { name: 'Estimates' }).waitFor();
    await page.getByRole('button', { name: 'New estimate' }).click();
    const editor = estimateEditor(page);
    await expect.poll(() => editor.getByRole('combobox', { name: 'Client' }).inputValue()).toBe(household.clientName);
    await typeInto(editor.getByRole('textbox', { name: 'Line 1 description' }), 'Sedation');
    await typeInto(editor.getByRole('textbox', { name: 'Line 1 quantity' }), '1');
    await typeInto(editor.getByRole('textbox', { name: 'Line 1 high quantity' }), '3');
    await typeInto(editor.getByRole('textbox', { name: 'Line 1 unit price' }), '100');
    await expect.poll(() => editor.getByLabel('Low total', { exact: true }).innerText()).toBe('$100.00');
    expect(await editor.getByLabel('High total', { exact: true }).innerText()).toBe('$300.00');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, 'Estimate created').waitFor();
    await editor.getByRole('button', { name: 'Approve in person' }).click();
    await toastText(page, 'Estimate approved').waitFor();
    await editor.getByRole('button', { name: 'Make invoice' }).click();
    await toastText(page, 'Invoice created from the estimate').waitFor();
    const invoice = invoiceEditor(page);
    await invoice.getByRole('heading', { name: 'Draft invoice' }).waitFor();
    expect(await invoice.getByRole('textbox', { name: 'Line 1 description' }).inputValue()).toBe('Sedation');
    const estimates = await json<{ items: { status: string; invoiceId: string | null }[] }>(
      await apiContext.request.get(`/api/estimate?clientId=${household.client.id}`),
      'list estimates',
    );
    expect(estimates.items.map((e) => e.status)).toEqual(['invoiced']);
  });

  it('at Checked Out the add-on performed but missing from the invoice is added with one click', async () => {
    const { page } = await cleanTab();
    const household = await apiHousehold(apiContext, own, unique(), 'Missed', 'Pip');
    const addOns = await json<{ id: string; name: string }[]>(await apiContext.request.get(`/api/addOn?locationId=${own.id}`), 'list add-ons');
    const pawPrint = addOns.find((a) => a.name === PAW_PRINT.name)!;
    const service = own.services.find((s) => s.name === SERVICES.privateCremation.name)!;
    const start = new Date(Date.now() + 60 * 60_000);
    start.setUTCSeconds(0, 0);
    const appointment = await apiCreateAppointment(apiContext, {
      locationId: own.id,
      clientId: household.client.id,
      patientIds: [household.patient.id],
      serviceIds: [service.id],
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
      addOns: [{ addOnId: pawPrint.id, values: { 'Ink colour': 'Black' } }],
    } as Parameters<typeof apiCreateAppointment>[1]);
    for (const status of ['Checked In', 'Checked Out']) {
      const res = await apiContext.request.post(`/api/appointment/${appointment.id}`, { data: { data: { status } } });
      expect(res.status(), await res.text()).toBe(200);
    }
    // The invoice bills the cremation only: the paw print was forgotten.
    const draft = await json<Invoice>(
      await apiContext.request.post('/api/invoice', {
        data: {
          invoiceData: { locationId: own.id, clientId: household.client.id, patientId: household.patient.id, appointmentId: appointment.id },
          invoiceItems: [{ kind: 'service', serviceId: service.id, description: service.name, quantity: 1, unitPrice: 26000 }],
        },
      }),
      'create invoice',
    );

    await ownerAt(page, own.name);
    // The week's unbilled report lists it, from a week typed by keyboard.
    await openInApp(page, '/invoices');
    await page.getByRole('link', { name: 'Unbilled report' }).click();
    await page.getByRole('heading', { name: 'Unbilled report', level: 1 }).waitFor();
    const weekOf = page.getByLabel('Week of');
    const day = localDate(start, own.timezone);
    await typeDate(weekOf, day);
    const unbilled = page.getByRole('grid', { name: 'Unbilled appointments' }).getByRole('row').filter({ hasText: household.clientName });
    await unbilled.waitFor();
    expect(await unbilled.innerText()).toContain(PAW_PRINT.name);
    expect(await unbilled.innerText()).not.toContain(service.name);

    await openInApp(page, '/appointments');
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    const dialog = await openFromList(page, household.clientName);
    const missed = dialog.getByTestId('missed-charges');
    await missed.getByText(PAW_PRINT.name).waitFor();
    await missed.getByRole('button', { name: `Add ${PAW_PRINT.name} to the invoice` }).click();
    await toastText(page, 'Invoice updated').waitFor();
    await missed.getByText('Everything performed is on an invoice.').waitFor();
    const saved = await apiInvoice(apiContext, draft.id);
    expect(saved.items.map((i) => i.description)).toEqual([service.name, PAW_PRINT.name]);
    expect(saved.total).toBe(26000 + 4500);
   }, 120_000);
});
