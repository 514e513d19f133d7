// Payments as the front desk takes them: one payment split across a client's two open invoices
// (made through the API) with the split the dialog suggests and the rest kept as credit, the
// balances changing on the client's page, part of it refunded; Esc keeps what was typed; a
// phone-sized pass. In a location of its own.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientBalance, Invoice } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { json, pickOption, toastText } from './clinic.ts';
import { narrowToPhone, openInApp, typeDate, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiHousehold, ownerAt, type Household } from './scheduling.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Payments ${unique()}`, timeZone: 'America/Chicago', services: [SERVICES.wellness] });
});
afterAll(async () => {
  await browser?.close();
});

/** A finalised invoice of the client with one line of `cents`. */
async function apiFinalisedInvoice(context: BrowserContext, household: Household, description: string, cents: number): Promise<Invoice> {
  const draft = await json<Invoice>(
    await context.request.post('/api/invoice', {
      data: {
        invoiceData: { locationId: own.id, clientId: household.client.id, issuedOn: '2026-11-02' },
        invoiceItems: [{ description, quantity: 1, unitPrice: cents }],
      },
    }),
    'create invoice',
  );
  return json<Invoice>(await context.request.post(`/api/invoice/${draft.id}/finalise`), 'finalise invoice');
}
const apiInvoice = async (context: BrowserContext, id: string) => json<Invoice>(await context.request.get(`/api/invoice/${id}`), 'read invoice');
const apiBalance = async (context: BrowserContext, clientId: string) =>
  json<ClientBalance>(await context.request.get(`/api/invoice/clientBalance?clientId=${clientId}`), 'client balance');

const paymentDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Record payment' });
const discardPrompt = (page: Page): Locator => page.getByRole('dialog', { name: 'Discard changes?' });

/** Types into a field as a person does: click, select what is there, type. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.page().keyboard.type(text);
}

describe('payments', () => {
  it('a payment split across two invoices with the rest as credit, the balances following, part of it refunded', async () => {
    const { context, page } = await cleanTab();
    // Signed in on the page first: the API calls below ride on the same session (a session set
    // through the API first would send the sign-in page straight on, away from its form).
    await ownerAt(page, own.name);
    const household = await apiHousehold(context, own, unique(), 'Payer', 'Rex');
    const first = await apiFinalisedInvoice(context, household, 'Cremation', 10_000);
    const second = await apiFinalisedInvoice(context, household, 'Urn', 6_000);

    await openInApp(page, `/clients/${household.client.id}`);
    await page.getByRole('tab', { name: 'Payments', exact: true }).click();
    await expect.poll(() => page.getByTestId('client-balance-owed').innerText()).toBe('$160.00');
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = paymentDialog(page);
    await dialog.getByRole('button', { name: 'Suggest split' }).waitFor();

    await typeInto(dialog.getByRole('textbox', { name: 'Amount' }), '170');
    await pickOption(dialog, 'Payment type', 'Cash');
    await typeDate(dialog.getByLabel('Received on'), '2026-11-03');
    await typeInto(dialog.getByRole('textbox', { name: 'Reference' }), 'Receipt 88');
    await dialog.getByRole('button', { name: 'Suggest split' }).click();
    const firstLabel = `Pay on INV-${String(first.number).padStart(6, '0')}`;
    const secondLabel = `Pay on INV-${String(second.number).padStart(6, '0')}`;
    expect(await dialog.getByRole('textbox', { name: firstLabel }).inputValue()).toBe('100.00');
    expect(await dialog.getByRole('textbox', { name: secondLabel }).inputValue()).toBe('60.00');
    await expect.poll(() => dialog.getByTestId('payment-credit').innerText()).toBe('On invoices $160.00 · left as credit $10.00');

    // Esc asks before throwing the typing away; keeping on editing keeps all of it.
    await page.keyboard.press('Escape');
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await discardPrompt(page).waitFor({ state: 'hidden' });
    expect(await dialog.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('170');
    expect(await dialog.getByRole('textbox', { name: secondLabel }).inputValue()).toBe('60.00');

    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Payment created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await apiInvoice(context, first.id)).balance).toBe(0);
    expect((await apiInvoice(context, second.id)).balance).toBe(0);
    expect(await apiBalance(context, household.client.id)).toMatchObject({ owed: 0, credit: 1_000 });
    await expect.poll(() => page.getByTestId('client-balance-owed').innerText()).toBe('$0.00');
    await expect.poll(() => page.getByTestId('client-credit').innerText()).toBe('Credit: $10.00');

    // $40 back: the $10 of credit first, then $30 off the invoice paid last.
    await page.getByRole('menuitem', { name: 'Refund $170.00' }).or(page.getByRole('button', { name: 'Refund $170.00' })).click();
    const refund = page.getByRole('dialog', { name: 'Refund payment' });
    await typeInto(refund.getByRole('textbox', { name: 'Refund amount' }), '40');
    await typeInto(refund.getByRole('textbox', { name: 'Reason' }), 'Urn returned');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await toastText(page, 'Refund recorded').waitFor();
    expect(await apiBalance(context, household.client.id)).toMatchObject({ owed: 3_000, credit: 0 });
    expect((await apiInvoice(context, second.id)).balance).toBe(3_000);
    await expect.poll(() => page.getByTestId('client-balance-owed').innerText()).toBe('$30.00');
    await page.getByRole('grid').getByText('-$40.00').waitFor();
  });

  it('Business › Payments lists the payments; on a 375 px screen the dialog fills the screen and nothing spills sideways', async () => {
    const { page } = await cleanTab();
    // Signed in (and the location chosen) on a desktop window, then narrowed to a phone's.
    await ownerAt(page, own.name);
    await narrowToPhone(page);
    await openInApp(page, '/payments');
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = paymentDialog(page);
    await dialog.getByRole('textbox', { name: 'Amount' }).waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(375);
    const content = dialog.locator('.MuiDialogContent-root');
    expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    // Nothing typed: Esc closes at once.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
