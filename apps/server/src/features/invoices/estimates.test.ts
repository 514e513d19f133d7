import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { createFormTemplate, goodAnswers, sendForm, submitForm } from '../forms/forms.fixtures.js';
import { paymentAllocations, payments } from '../payments/payments.table.js';
import { addOnLine, billingWorld, newEstimate, serviceLine, type BillingWorld } from './invoices.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let w: BillingWorld;
let theirs: BillingWorld;
let desk: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  [w, theirs] = [await billingWorld(home), await billingWorld(other)];
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
});
afterAll(() => ctx?.close());

/** A deposit taken on an estimate, as the payments feature records it (a payment and its allocation). */
async function deposit(estimate: api.Estimate, amount: number): Promise<void> {
  const [payment] = await ctx.database.db
    .insert(payments)
    .values({ accountId: home.accountId, locationId: estimate.locationId, clientId: estimate.clientId, amount })
    .returning();
  await ctx.database.db.insert(paymentAllocations).values({ accountId: home.accountId, paymentId: payment!.id, estimateId: estimate.id, amount });
}

describe('estimates', () => {
  it('carry a low and a high total priced by priceDocument', async () => {
    const estimate = await newEstimate(desk, home, w);
    const lines = [
      { quantity: 1, unitPrice: 35_000, discount: { type: 'none' as const, value: 0 }, taxRate: 825 },
      { quantity: 1, unitPrice: 4_550, discount: { type: 'none' as const, value: 0 }, taxRate: 0 },
    ];
    expect(estimate).toMatchObject({
      status: 'open',
      lowTotal: api.priceDocument(lines).totals.total,
      highTotal: api.priceDocument([lines[0]!, { ...lines[1]!, quantity: 3 }]).totals.total,
      deposit: 0,
      currency: 'USD',
      clientName: 'Cora Smith',
    });
    const list = await desk.call(api.estimateOps.list!, { query: { clientId: w.client.id, limit: 20 } });
    expect((list.json() as { items: api.EstimateSummary[] }).items.map((e) => e.id)).toContain(estimate.id);
  });

  it('answers 400 naming the field, and 404 for ids of another account (header and lines)', async () => {
    const bad = await desk.call(api.estimateOps.create!, {
      body: { estimateData: { locationId: home.locationId, clientId: w.client.id }, estimateItems: [{ ...serviceLine(w), quantity: 2, highQuantity: 1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^estimateItems\.0\.highQuantity:/);
    for (const [field, data, items] of [
      ['clientId', { clientId: theirs.client.id }, [serviceLine(w)]],
      ['serviceId', {}, [serviceLine(w, { serviceId: theirs.service.id })]],
      ['addOnId', {}, [addOnLine(w, { addOnId: theirs.addOn.id })]],
      ['taxCodeId', {}, [serviceLine(w, { taxCodeId: theirs.tax.id })]],
    ] as const) {
      const res = await desk.call(api.estimateOps.create!, {
        body: { estimateData: { locationId: home.locationId, clientId: w.client.id, ...data }, estimateItems: items },
      });
      expect(res.statusCode, field).toBe(404);
    }
    const mine = await newEstimate(desk, home, w);
    for (const op of [api.estimateOps.get!, api.estimateOps.remove!, api.approveEstimate, api.invoiceFromEstimate]) {
      expect((await other.admin.call(op, { params: { id: mine.id } })).statusCode, op.path).toBe(404);
    }
    // Deleting an estimate needs billing.manage (decision 0132): the front desk may not, an administrator may.
    expect((await desk.call(api.estimateOps.remove!, { params: { id: mine.id } })).statusCode).toBe(403);
    expect((await home.admin.call(api.estimateOps.remove!, { params: { id: mine.id } })).statusCode).toBe(200);
  });

  it('only an open estimate is changed; approved in person it keeps what was agreed', async () => {
    const estimate = await newEstimate(desk, home, w);
    const approved = await desk.call(api.approveEstimate, { params: { id: estimate.id } });
    expect(approved.json()).toMatchObject({ status: 'approved', approvalMethod: 'in_person' });
    const update = await desk.call(api.estimateOps.update!, { params: { id: estimate.id }, body: { estimateData: { notes: 'x' } } });
    expect(update.statusCode).toBe(409);
    expect(errorOf(update)).toBe(api.ESTIMATE_MESSAGES.notOpen);
    expect((await desk.call(api.declineEstimate, { params: { id: estimate.id }, body: { data: { reason: null } } })).statusCode).toBe(409);
  });

  it('declined with a reason', async () => {
    const estimate = await newEstimate(desk, home, w);
    const res = await desk.call(api.declineEstimate, { params: { id: estimate.id }, body: { data: { reason: 'Chose communal' } } });
    expect(res.json()).toMatchObject({ status: 'declined' });
    expect(res.json().notes).toContain('Chose communal');
    const invoice = await desk.call(api.invoiceFromEstimate, { params: { id: estimate.id } });
    expect(invoice.statusCode).toBe(409);
    expect(errorOf(invoice)).toBe(api.ESTIMATE_MESSAGES.notApproved);
  });

  it('an approved estimate becomes an invoice once, and its deposits move to it', async () => {
    const estimate = await newEstimate(desk, home, w, { discountType: 'percent', discountValue: 500 });
    await deposit(estimate, 10_000);
    expect((await desk.call(api.estimateOps.get!, { params: { id: estimate.id } })).json().deposit).toBe(10_000);
    await desk.call(api.approveEstimate, { params: { id: estimate.id } });
    const depositsHeld = async () => ((await desk.call(api.clientBalance, { query: { clientId: w.client.id } })).json() as api.ClientBalance).deposits;
    const heldBefore = await depositsHeld();
    const res = await desk.call(api.invoiceFromEstimate, { params: { id: estimate.id } });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json() as api.Invoice;
    expect(invoice).toMatchObject({ estimateId: estimate.id, status: 'draft', total: estimate.lowTotal, paid: 10_000, discountType: 'percent', discountValue: 500 });
    // One balance rule for a draft too: total − paid − credited, in the answer and in the list.
    expect(invoice.balance).toBe(estimate.lowTotal - 10_000);
    const listed = (await desk.call(api.invoiceOps.list!, { query: { clientId: w.client.id, limit: 200 } })).json() as { items: api.InvoiceSummary[] };
    expect(listed.items.find((i) => i.id === invoice.id)).toMatchObject({ paid: 10_000, credited: 0, balance: estimate.lowTotal - 10_000, paymentState: 'not_due' });
    // The deposit is still held for the client while the invoice is a draft.
    expect(await depositsHeld()).toBe(heldBefore);
    expect(invoice.items.map((i) => i.description)).toEqual(estimate.items.map((i) => i.description));
    const after = (await desk.call(api.estimateOps.get!, { params: { id: estimate.id } })).json() as api.Estimate;
    expect(after).toMatchObject({ status: 'invoiced', invoiceId: invoice.id, deposit: 0 });
    const again = await desk.call(api.invoiceFromEstimate, { params: { id: estimate.id } });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(api.ESTIMATE_MESSAGES.alreadyInvoiced);
    // the draft holds the deposit: it is not deleted from under it
    expect((await home.admin.call(api.invoiceOps.remove!, { params: { id: invoice.id } })).statusCode).toBe(409);
  });

  it('two requests turning one estimate into an invoice make one', async () => {
    const estimate = await newEstimate(desk, home, w);
    await desk.call(api.approveEstimate, { params: { id: estimate.id } });
    const answers = await Promise.all([1, 2].map(() => desk.call(api.invoiceFromEstimate, { params: { id: estimate.id } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const invoices = await desk.call(api.invoiceOps.list!, { query: { clientId: w.client.id, limit: 200 } });
    expect((invoices.json() as { items: api.InvoiceSummary[] }).items.filter((i) => i.estimateId === estimate.id)).toHaveLength(1);
  });

  it('a consent form sent for the estimate approves it when the client submits it', async () => {
    const estimate = await newEstimate(desk, home, w);
    const template = await createFormTemplate(home);
    const request = await sendForm(desk, { formTemplateId: template.id, clientId: w.client.id, patientId: w.patient.id, estimateId: estimate.id, channel: 'device' });
    const res = await submitForm(ctx, request.url, { answers: goodAnswers() });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await desk.call(api.estimateOps.get!, { params: { id: estimate.id } })).json() as api.Estimate;
    expect(after).toMatchObject({ status: 'approved', approvalMethod: 'form' });
    expect(after.approvedAt).not.toBeNull();
  });

  it("a form cannot be sent for another account's estimate (404) or another client's (400)", async () => {
    const template = await createFormTemplate(home);
    const theirEstimate = await newEstimate(other.admin, other, theirs);
    const res = await desk.call(api.createFormRequest, {
      body: { data: { formTemplateId: template.id, clientId: w.client.id, estimateId: theirEstimate.id, channel: 'device' } },
    });
    expect(res.statusCode).toBe(404);
  });
});
