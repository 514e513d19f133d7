// Live changes (decision 0189): two pages on the same invoice, one of them phone-sized; a payment
// recorded elsewhere (through the API, as the card link's webhook or another desk would) shows on
// both without a reload, and so does a credit note: "Credited in full". In a location of its own.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Payment, PaymentType } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { json } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiHousehold, ownerAt } from './scheduling.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Live ${unique()}`, timeZone: 'America/Chicago', services: [SERVICES.wellness] });
});
afterAll(async () => {
  await browser?.close();
});

const summaryOf = (page: Page) => page.getByRole('dialog').getByTestId('invoice-summary');

describe('live changes', () => {
  it('a payment and a credit note recorded elsewhere show on every page open on the invoice, without a reload', async () => {
    const { context, page } = await cleanTab({ width: 1440, height: 900 });
    await ownerAt(page, own.name);
    const household = await apiHousehold(context, own, unique(), 'Live', 'Pip');
    const draft = await json<Invoice>(
      await context.request.post('/api/invoice', {
        data: { invoiceData: { locationId: own.id, clientId: household.client.id }, invoiceItems: [{ description: 'Home euthanasia', quantity: 1, unitPrice: 85_000 }] },
      }),
      'create invoice',
    );
    const invoice = await json<Invoice>(await context.request.post(`/api/invoice/${draft.id}/finalise`), 'finalise invoice');

    // The same invoice on a desk's screen and on a phone.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    for (const p of [page, phone]) {
      await p.goto(`/invoices/${invoice.id}`);
      await expect.poll(() => summaryOf(p).innerText()).toContain('Balance $850.00');
      await expect.poll(() => summaryOf(p).innerText()).toContain('Unpaid');
    }
    // Nothing reloads from here on: a reload would lose this mark.
    for (const p of [page, phone]) await p.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const cash = (await json<PaymentType[]>(await context.request.get('/api/paymentType'), 'payment types')).find((t) => t.name === 'Cash')!;
    const payment = await json<Payment>(
      await context.request.post('/api/payment', {
        data: { data: { locationId: own.id, clientId: household.client.id, paymentTypeId: cash.id, amount: 30_000, allocations: [{ invoiceId: invoice.id, amount: 30_000 }] } },
      }),
      'record payment',
    );
    expect(payment.amount).toBe(30_000);
    for (const p of [page, phone]) {
      await expect.poll(() => summaryOf(p).innerText()).toContain('Balance $550.00');
      await expect.poll(() => summaryOf(p).innerText()).toContain('Partly paid');
    }

    // What is left is credited: the invoice says so, and stops saying "Paid".
    const credit = await json<Invoice>(
      await context.request.post(`/api/invoice/${invoice.id}/creditNote`, { data: { data: { reason: 'Goodwill' } } }),
      'credit note',
    );
    expect(credit.kind).toBe('credit_note');
    // The credit note credits the whole invoice; the payment stays as the client's credit.
    expect((await context.request.delete(`/api/payment/${payment.id}`)).ok()).toBe(true);
    await json<Invoice>(await context.request.post(`/api/invoice/${credit.id}/finalise`), 'finalise credit note');
    for (const p of [page, phone]) {
      await expect.poll(() => summaryOf(p).innerText()).toContain('Credited in full');
      await expect.poll(() => summaryOf(p).innerText()).toContain('Credited $850.00');
      expect(await p.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    }
  });
});
