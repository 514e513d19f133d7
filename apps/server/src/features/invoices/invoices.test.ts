import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { newService } from '../../../test/scheduling-records.js';
import { addOnLine, billingWorld, finalised, newInvoice, newTaxCode, serviceLine, type BillingWorld } from './invoices.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let w: BillingWorld;
let theirs: BillingWorld;
let desk: Client & { userId: string };
let manager: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  [w, theirs] = [await billingWorld(home), await billingWorld(other)];
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
  manager = await createUser(ctx, home, ['billing.manage']);
});
afterAll(() => ctx?.close());

describe('tax codes', () => {
  it('are created, listed by location, updated and deleted by a manager', async () => {
    const code = await newTaxCode(home.admin, home.locationId, { name: 'Urns', rate: 1000 });
    const list = await desk.call(api.taxCodeOps.list!, { query: { locationId: home.locationId } });
    expect(list.statusCode).toBe(200);
    expect((list.json() as api.TaxCode[]).map((c) => c.name)).toContain('Urns');
    const updated = await home.admin.call(api.taxCodeOps.update!, { params: { id: code.id }, body: { data: { rate: 1250 } } });
    expect(updated.json()).toMatchObject({ rate: 1250, name: 'Urns' });
    expect((await home.admin.call(api.taxCodeOps.remove!, { params: { id: code.id } })).statusCode).toBe(200);
  });

  it('answers 400 naming the field', async () => {
    const res = await home.admin.call(api.taxCodeOps.create!, { body: { data: { locationId: home.locationId, name: 'Bad', rate: 12.5 } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^rate:/);
  });

  it("refuse '&' in the name with the name rule's words (SPEC §5), on create and update", async () => {
    const created = await home.admin.call(api.taxCodeOps.create!, { body: { data: { locationId: home.locationId, name: 'Urns & boxes', rate: 500 } } });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created)).toBe(api.MESSAGES.ampersand);
    const updated = await home.admin.call(api.taxCodeOps.update!, { params: { id: w.tax.id }, body: { data: { name: 'State & city' } } });
    expect(updated.statusCode).toBe(400);
    expect(errorOf(updated)).toBe(api.MESSAGES.ampersand);
  });

  it('need locations.manage to change (403), anyone signed in reads them', async () => {
    const res = await desk.call(api.taxCodeOps.create!, { body: { data: { locationId: home.locationId, name: 'Desk', rate: 100 } } });
    expect(res.statusCode).toBe(403);
    expect((await desk.call(api.taxCodeOps.update!, { params: { id: w.tax.id }, body: { data: { rate: 1 } } })).statusCode).toBe(403);
  });

  it("answers 404 for another account's tax code or location filter", async () => {
    expect((await home.admin.call(api.taxCodeOps.update!, { params: { id: theirs.tax.id }, body: { data: { rate: 1 } } })).statusCode).toBe(404);
    expect((await home.admin.call(api.taxCodeOps.remove!, { params: { id: theirs.tax.id } })).statusCode).toBe(404);
    expect((await home.admin.call(api.taxCodeOps.list!, { query: { locationId: other.locationId } })).statusCode).toBe(404);
  });

  it('a tax code on a line is not deleted (409), it is made inactive', async () => {
    const code = await newTaxCode(home.admin, home.locationId, { name: 'Exams' });
    await newInvoice(desk, home, w, {}, [serviceLine(w, { taxCodeId: code.id })]);
    const res = await home.admin.call(api.taxCodeOps.remove!, { params: { id: code.id } });
    expect(res.statusCode).toBe(409);
  });
});

describe('invoices', () => {
  it('creates a draft with its lines priced by priceDocument, in the account currency', async () => {
    const invoice = await newInvoice(desk, home, w, { discountType: 'percent', discountValue: 1000 });
    const expected = api.priceDocument(
      [
        { quantity: 1, unitPrice: 35_000, discount: { type: 'none', value: 0 }, taxRate: 825 },
        { quantity: 2, unitPrice: 4_550, discount: { type: 'none', value: 0 }, taxRate: 0 },
      ],
      { type: 'percent', value: 1000 },
    );
    expect(invoice).toMatchObject({ status: 'draft', number: null, kind: 'invoice', currency: 'USD', clientName: 'Cora Smith', patientName: 'Max', ...expected.totals });
    expect(invoice.items.map((i) => [i.gross, i.lineDiscount, i.sharedDiscount, i.tax, i.total])).toEqual(
      expected.lines.map((l) => [l.gross, l.lineDiscount, l.sharedDiscount, l.tax, l.total]),
    );
    expect(invoice.items[0]).toMatchObject({ taxCodeId: w.tax.id, taxName: 'Sales tax', taxRate: 825, serviceId: w.service.id });
    expect(invoice).toMatchObject({ balance: expected.totals.total, paid: 0, paymentState: 'not_due' });
    const got = await desk.call(api.invoiceOps.get!, { params: { id: invoice.id } });
    expect(got.json()).toEqual(invoice);
  });

  it('lists a page with each row’s balance, filtered by client and status', async () => {
    const invoice = await newInvoice(desk, home, w);
    const res = await desk.call(api.invoiceOps.list!, { query: { locationId: home.locationId, clientId: w.client.id, status: 'draft', limit: 50 } });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: api.InvoiceSummary[]; total: number };
    expect(page.items.find((i) => i.id === invoice.id)).toMatchObject({ total: invoice.total, balance: invoice.total, clientName: 'Cora Smith' });
    expect(page.total).toBeGreaterThan(0);
    expect(Number(res.headers['x-query-count'])).toBeLessThanOrEqual(3);
  });

  it('updates a draft: header and lines in one write; a new discount prices the stored lines again', async () => {
    const invoice = await newInvoice(desk, home, w);
    const res = await desk.call(api.invoiceOps.update!, {
      params: { id: invoice.id },
      body: { invoiceData: { notes: 'Thank you' }, invoiceItems: [serviceLine(w, { quantity: 2, discountType: 'amount', discountValue: 5000 })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ notes: 'Thank you', subtotal: 70_000, discount: 5000, items: [{ quantity: 2 }] });
    const discounted = await desk.call(api.invoiceOps.update!, { params: { id: invoice.id }, body: { invoiceData: { discountType: 'amount', discountValue: 1000 } } });
    const expected = api.priceDocument([{ quantity: 2, unitPrice: 35_000, discount: { type: 'amount', value: 5000 }, taxRate: 825 }], { type: 'amount', value: 1000 });
    expect(discounted.json()).toMatchObject(expected.totals);
  });

  it('takes quantities of three decimals that floating point cannot hold exactly, and refuses a fourth', async () => {
    const ok = await newInvoice(desk, home, w, {}, [serviceLine(w, { quantity: 4.007 })]);
    expect(ok.items[0]!.quantity).toBe(4.007);
    const res = await desk.call(api.invoiceOps.create!, {
      body: { invoiceData: { locationId: home.locationId, clientId: w.client.id }, invoiceItems: [serviceLine(w, { quantity: 4.0071 })] },
    });
    expect(errorOf(res)).toBe('invoiceItems.0.quantity: must have at most three decimals');
  });

  it('answers 400 naming the field for bad lines and headers', async () => {
    const bad = await desk.call(api.invoiceOps.create!, {
      body: { invoiceData: { locationId: home.locationId, clientId: w.client.id }, invoiceItems: [{ ...serviceLine(w), quantity: 0 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^invoiceItems\.0\.quantity:/);
    const noService = await desk.call(api.invoiceOps.create!, {
      body: { invoiceData: { locationId: home.locationId, clientId: w.client.id }, invoiceItems: [{ ...serviceLine(w), serviceId: null }] },
    });
    expect(noService.statusCode).toBe(400);
    const noClient = await desk.call(api.invoiceOps.create!, { body: { invoiceData: { locationId: home.locationId }, invoiceItems: [] } });
    expect(noClient.statusCode).toBe(400);
    expect(errorOf(noClient)).toMatch(/clientId/);
  });

  it("refuses another account's ids in the header and in the lines (404), and writes nothing", async () => {
    const cases: [string, Record<string, unknown>, api.InvoiceItemInput[]][] = [
      ['clientId', { clientId: theirs.client.id }, [serviceLine(w)]],
      ['patientId', { patientId: theirs.patient.id }, [serviceLine(w)]],
      ['serviceId', {}, [serviceLine(w, { serviceId: theirs.service.id })]],
      ['addOnId', {}, [addOnLine(w, { addOnId: theirs.addOn.id })]],
      ['taxCodeId', {}, [serviceLine(w, { taxCodeId: theirs.tax.id })]],
      ['providerId', {}, [serviceLine(w, { providerId: other.admin === undefined ? randomUUID() : (await createUser(ctx, other)).userId })]],
    ];
    const before = (await desk.call(api.invoiceOps.list!, { query: { clientId: w.client.id, limit: 200 } })).json().total as number;
    for (const [field, data, items] of cases) {
      const res = await desk.call(api.invoiceOps.create!, {
        body: { invoiceData: { locationId: home.locationId, clientId: w.client.id, ...data }, invoiceItems: items },
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(404);
      expect(errorOf(res)).toContain(field);
    }
    expect((await desk.call(api.invoiceOps.list!, { query: { clientId: w.client.id, limit: 200 } })).json().total).toBe(before);
    const mine = await newInvoice(desk, home, w);
    for (const op of [api.invoiceOps.get!, api.invoiceOps.remove!, api.finaliseInvoice, api.invoicePdf]) {
      expect((await other.admin.call(op, { params: { id: mine.id } })).statusCode, op.path).toBe(404);
    }
    const update = await desk.call(api.invoiceOps.update!, { params: { id: mine.id }, body: { invoiceData: {}, invoiceItems: [serviceLine(w, { serviceId: theirs.service.id })] } });
    expect(update.statusCode).toBe(404);
    expect((await other.admin.call(api.invoiceOps.list!, { query: { clientId: w.client.id, limit: 10 } })).statusCode).toBe(404);
  });

  it('refuses a tax code or service of another location of the account (400 naming the field)', async () => {
    const branch = await addLocation(ctx, home);
    const branchTax = await newTaxCode(home.admin, branch);
    const branchService = await newService(home.admin, branch, { name: 'Branch exam' });
    const tax = await desk.call(api.invoiceOps.create!, {
      body: { invoiceData: { locationId: home.locationId, clientId: w.client.id }, invoiceItems: [serviceLine(w, { taxCodeId: branchTax.id })] },
    });
    expect(tax.statusCode).toBe(400);
    expect(errorOf(tax)).toMatch(/^invoiceItems\.0\.taxCodeId:/);
    const service = await desk.call(api.invoiceOps.create!, {
      body: { invoiceData: { locationId: home.locationId, clientId: w.client.id }, invoiceItems: [serviceLine(w, { serviceId: branchService.id })] },
    });
    expect(errorOf(service)).toMatch(/^invoiceItems\.0\.serviceId:/);
  });

  it('finalises with the next number; a finalised invoice is not changed (409) nor deleted; a draft is', async () => {
    const a = await finalised(desk, await newInvoice(desk, home, w));
    const b = await finalised(desk, await newInvoice(desk, home, w));
    expect(b.number).toBe(a.number! + 1);
    expect(a).toMatchObject({ status: 'finalised', paymentState: 'unpaid', balance: a.total });
    expect(a.finalisedAt).not.toBeNull();
    const update = await desk.call(api.invoiceOps.update!, { params: { id: a.id }, body: { invoiceData: { notes: 'x' } } });
    expect(update.statusCode).toBe(409);
    expect(errorOf(update)).toBe(api.INVOICE_MESSAGES.notDraft);
    expect((await desk.call(api.finaliseInvoice, { params: { id: a.id } })).statusCode).toBe(409);
    const del = await manager.call(api.invoiceOps.remove!, { params: { id: a.id } });
    expect(del.statusCode).toBe(409);
    expect(errorOf(del)).toBe(api.INVOICE_MESSAGES.cannotDelete);
    const draft = await newInvoice(desk, home, w);
    // Throwing a billing draft away needs billing.manage (decision 0132): the front desk may not.
    expect((await desk.call(api.invoiceOps.remove!, { params: { id: draft.id } })).statusCode).toBe(403);
    expect((await manager.call(api.invoiceOps.remove!, { params: { id: draft.id } })).statusCode).toBe(200);
    expect((await desk.call(api.invoiceOps.get!, { params: { id: draft.id } })).statusCode).toBe(404);
  });

  it('numbers each location on its own and needs a line to finalise', async () => {
    const empty = await newInvoice(desk, home, w, {}, []);
    const res = await desk.call(api.finaliseInvoice, { params: { id: empty.id } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(api.INVOICE_MESSAGES.emptyInvoice);
    const theirFirst = await finalised(other.admin, await newInvoice(other.admin, other, theirs));
    expect(theirFirst.number).toBe(1);
  });

  it('voids a finalised invoice with a reason; not a draft, not twice', async () => {
    const invoice = await finalised(desk, await newInvoice(desk, home, w));
    const noReason = await desk.call(api.voidInvoice, { params: { id: invoice.id }, body: { data: { reason: '' } } });
    expect(noReason.statusCode).toBe(400);
    const res = await desk.call(api.voidInvoice, { params: { id: invoice.id }, body: { data: { reason: 'Entered twice' } } });
    expect(res.json()).toMatchObject({ status: 'void', voidReason: 'Entered twice', number: invoice.number, balance: 0, paymentState: 'not_due' });
    const again = await desk.call(api.voidInvoice, { params: { id: invoice.id }, body: { data: { reason: 'Again' } } });
    expect(errorOf(again)).toBe(api.INVOICE_MESSAGES.alreadyVoid);
    const draft = await newInvoice(desk, home, w);
    expect((await desk.call(api.voidInvoice, { params: { id: draft.id }, body: { data: { reason: 'x' } } })).statusCode).toBe(409);
    expect((await other.admin.call(api.voidInvoice, { params: { id: invoice.id }, body: { data: { reason: 'x' } } })).statusCode).toBe(404);
  });
});

describe('credit notes', () => {
  it('copies the lines as negatives, numbered CN on their own, and lower the balance once finalised', async () => {
    const invoice = await finalised(desk, await newInvoice(desk, home, w, { discountType: 'percent', discountValue: 1500 }));
    const res = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Overcharged' } } });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as api.Invoice;
    expect(note).toMatchObject({ kind: 'credit_note', status: 'draft', creditedInvoiceId: invoice.id, total: -invoice.total, tax: -invoice.tax });
    expect(note.items.map((i) => i.total)).toEqual(invoice.items.map((i) => -i.total));
    const done = await finalised(desk, note);
    expect(done.number).toBeGreaterThanOrEqual(1);
    const after = (await desk.call(api.invoiceOps.get!, { params: { id: invoice.id } })).json() as api.Invoice;
    expect(after).toMatchObject({ credited: invoice.total, balance: 0, paymentState: 'paid' });
  });

  it('cannot credit more than is left (409), nor a draft', async () => {
    const invoice = await finalised(desk, await newInvoice(desk, home, w));
    const [line, other] = [invoice.items[0]!, invoice.items[1]!];
    const first = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Part', itemIds: [line.id] } } });
    expect(first.statusCode).toBe(201);
    expect(first.json().total).toBe(-line.total);
    await finalised(desk, first.json());
    // "All" now is what is left: the other line only; named again, the credited line is refused
    const again = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Again', itemIds: [line.id] } } });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(api.INVOICE_MESSAGES.lineCreditExceeds(line.description));
    const rest = (await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Rest' } } })).json() as api.Invoice;
    expect(rest.items.map((i) => [i.creditedItemId, i.total])).toEqual([[other.id, -other.total]]);
    // a draft credit note made larger than what is left of its line is refused on update too
    const bigger = await desk.call(api.invoiceOps.update!, { params: { id: rest.id }, body: { invoiceData: {}, invoiceItems: [addOnLine(w, { quantity: 20, creditedItemId: other.id })] } });
    expect(bigger.statusCode).toBe(409);
    expect(errorOf(bigger)).toBe(api.INVOICE_MESSAGES.lineCreditExceeds(other.description));
    // each of its lines names a line of the credited invoice (400 under the field)
    const unnamed = await desk.call(api.invoiceOps.update!, { params: { id: rest.id }, body: { invoiceData: {}, invoiceItems: [addOnLine(w, { quantity: 1 })] } });
    expect(unnamed.statusCode).toBe(400);
    expect(errorOf(unnamed)).toMatch(/^invoiceItems\.0\.creditedItemId: /);
    await finalised(desk, rest);
    const nothing = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'All again' } } });
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing)).toBe(api.INVOICE_MESSAGES.nothingLeftToCredit);
    const draft = await newInvoice(desk, home, w);
    const ofDraft = await desk.call(api.createCreditNote, { params: { id: draft.id }, body: { data: { reason: 'x' } } });
    expect(errorOf(ofDraft)).toBe(api.INVOICE_MESSAGES.creditNoteOfDraft);
    const unknownLine = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'x', itemIds: [randomUUID()] } } });
    expect(unknownLine.statusCode).toBe(400);
    // an invoice's own line credits nothing
    const onInvoice = await desk.call(api.invoiceOps.update!, { params: { id: draft.id }, body: { invoiceData: {}, invoiceItems: [serviceLine(w, { creditedItemId: line.id })] } });
    expect(onInvoice.statusCode).toBe(400);
    expect(errorOf(onInvoice)).toMatch(/^invoiceItems\.0\.creditedItemId: /);
  });

  it('credits one line at most once: a taxed line named by three credit notes is credited by the first only', async () => {
    const tenPercent = await newTaxCode(home.admin, home.locationId, { name: 'Ten', rate: 1000 });
    const invoice = await finalised(
      desk,
      await newInvoice(desk, home, w, {}, [
        { description: 'Exam', quantity: 1, unitPrice: 10_000, taxCodeId: tenPercent.id },
        { description: 'Cremation', quantity: 1, unitPrice: 50_000 },
      ]),
    );
    const taxed = invoice.items[0]!;
    const answers: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: `Credit ${n}`, itemIds: [taxed.id] } } });
      answers.push(res.statusCode);
      if (res.statusCode === 201) {
        expect(res.json()).toMatchObject({ total: -11_000, tax: -1_000 });
        await finalised(desk, res.json());
      }
    }
    expect(answers).toEqual([201, 409, 409]);
    const after = (await desk.call(api.invoiceOps.get!, { params: { id: invoice.id } })).json() as api.Invoice;
    expect(after).toMatchObject({ credited: 11_000, balance: 50_000 });
  });

  it('credits part of a line and then the rest, never more than its quantity or its amount', async () => {
    const invoice = await finalised(desk, await newInvoice(desk, home, w, {}, [{ description: 'Urn', quantity: 3, unitPrice: 1_005, taxCodeId: w.tax.id }]));
    const urn = invoice.items[0]!;
    const one = (await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'One back' } } })).json() as api.Invoice;
    // Only one of the three comes back: the draft is edited down to a quantity of 1.
    const edited = await desk.call(api.invoiceOps.update!, {
      params: { id: one.id },
      body: { invoiceData: {}, invoiceItems: [{ description: 'Urn', quantity: 1, unitPrice: 1_005, taxCodeId: w.tax.id, creditedItemId: urn.id }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await finalised(desk, one);
    const rest = (await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'The rest' } } })).json() as api.Invoice;
    expect(rest.items).toEqual([expect.objectContaining({ creditedItemId: urn.id, quantity: 2 })]);
    expect(-rest.total).toBeLessThanOrEqual(urn.total - -(edited.json() as api.Invoice).total);
    await finalised(desk, rest);
    const more = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'More', itemIds: [urn.id] } } });
    expect(more.statusCode).toBe(409);
    expect(((await desk.call(api.invoiceOps.get!, { params: { id: invoice.id } })).json() as api.Invoice).credited).toBeLessThanOrEqual(urn.total);
  });
});

describe('client balance', () => {
  it('sums what the finalised invoices still owe', async () => {
    const { client, patients } = await import('../../../test/scheduling-records.js').then((m) => m.newHousehold(desk, home, { lastName: 'Balance' }));
    const mine = { ...w, client, patient: patients[0]! };
    const a = await finalised(desk, await newInvoice(desk, home, mine));
    await newInvoice(desk, home, mine);
    const res = await desk.call(api.clientBalance, { query: { clientId: client.id } });
    expect(res.json()).toEqual({ clientId: client.id, currency: 'USD', owed: a.total, credit: 0, deposits: 0 });
    expect((await other.admin.call(api.clientBalance, { query: { clientId: client.id } })).statusCode).toBe(404);
  });
});
