// Stock follows the books (decisions 0223, 0224): finalising sells the first-expiring lot first, a
// credit note and a void put back into the same lots, an add-on line draws its items, what the
// visit used is not taken twice; the lines' item checks; the missed charges' items. On PGlite and,
// by the same file, PostgreSQL (where 20 finalisations at once meet the last units).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { onPostgres } from '../../../test/concurrency.js';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { at } from '../../../test/scheduling-records.js';
import { appointments } from '../appointments/appointments.table.js';
import { addOnLine, billingWorld, finalised, newEstimate, newInvoice, type BillingWorld } from '../invoices/invoices.fixtures.js';
import { makeItem, receive } from './inventory.route-fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let w: BillingWorld;
let desk: Client & { userId: string };
let vet: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  w = await billingWorld(home);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
  vet = await createUser(ctx, home, ['appointments.primary_provider'], { firstName: 'Vera' });
});
afterAll(() => ctx?.close());

/** A tablet counted one by one, received by the tablet. */
const tablets = (name = 'Gabapentin') => makeItem(home, { name: `${name} ${Math.random().toString(36).slice(2, 7)}`, unitsPerPurchase: 1, sellPrice: 150 });

const itemLine = (itemId: string, quantity: number, extra: Partial<api.InvoiceItemInput> = {}): api.InvoiceItemInput => ({
  kind: 'item',
  description: 'Tablets',
  quantity,
  unitPrice: 150,
  itemId,
  ...extra,
});

const sellOn = (itemId: string, quantity: number, data: Partial<api.InvoiceInput> = {}) => newInvoice(desk, home, w, data, [itemLine(itemId, quantity)]);

async function lots(itemId: string): Promise<[string | null, number][]> {
  const res = await home.admin.call(api.listItemLots, { params: { id: itemId }, query: { locationId: home.locationId, includeEmpty: true } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as api.Lot[]).map((l) => [l.lotNumber, l.onHand]);
}

/** The item's log, oldest first: type, lot, quantity, balance. */
async function ledger(itemId: string): Promise<[string, string | null, number, number][]> {
  const res = await home.admin.call(api.listInventoryLog, { query: { itemId, order: 'oldest', limit: 100, offset: 0 } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: api.InventoryLogEntry[] }).items.filter((e) => e.type !== 'received').map((e) => [e.type, e.lotNumber, e.quantity, e.balance]);
}

async function onHand(itemId: string): Promise<number> {
  const rows = await ctx.database.query<{ on_hand: string }>(`select on_hand from item_stocks where item_id = '${itemId}' and location_id = '${home.locationId}'`);
  return Number(rows[0]?.on_hand ?? 0);
}

const creditAll = async (invoice: api.Invoice) => {
  const res = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Returned unopened' } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Invoice;
};

/** Two lots: 3 expiring later, 2 expiring sooner. */
async function stocked(itemId: string) {
  await receive(home, itemId, 3, { lotNumber: 'LATE', expiresOn: '2032-01-01' });
  await receive(home, itemId, 2, { lotNumber: 'SOON', expiresOn: '2031-01-01' });
}

describe('finalising an invoice takes its items off stock', () => {
  it('sells the first-expiring lot first, one entry per lot, and a void puts them back into the same lots', async () => {
    const itemId = await tablets();
    await stocked(itemId);
    const invoice = await finalised(desk, await sellOn(itemId, 4));
    expect(await ledger(itemId)).toEqual([
      ['sold', 'SOON', -2, 3],
      ['sold', 'LATE', -2, 1],
    ]);
    expect(await lots(itemId)).toEqual([
      ['SOON', 0],
      ['LATE', 1],
    ]);
    const voided = await desk.call(api.voidInvoice, { params: { id: invoice.id }, body: { data: { reason: 'Billed the wrong client' } } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await ledger(itemId)).slice(2)).toEqual([
      ['sale_reversed', 'LATE', 2, 3],
      ['sale_reversed', 'SOON', 2, 5],
    ]);
    expect(await lots(itemId)).toEqual([
      ['SOON', 2],
      ['LATE', 3],
    ]);
  });

  it('a credit note puts back what it credits, into the lots the sale took from', async () => {
    const itemId = await tablets();
    await stocked(itemId);
    const invoice = await finalised(desk, await sellOn(itemId, 3));
    const draft = await creditAll(invoice);
    // credit one tablet of the three
    const line = draft.items[0]!;
    const lowered = await desk.call(api.invoiceOps.update!, {
      params: { id: draft.id },
      body: { invoiceData: {}, invoiceItems: [{ ...itemLine(itemId, 1), discountType: 'amount', discountValue: 0, creditedItemId: line.creditedItemId }] },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    await finalised(desk, draft);
    expect(await onHand(itemId)).toBe(3);
    expect((await ledger(itemId)).at(-1)).toEqual(['sale_reversed', 'LATE', 1, 3]);
    // the rest credited: all of it is back, and no more
    const rest = await finalised(desk, await creditAll(invoice));
    expect(await onHand(itemId)).toBe(5);
    expect(await lots(itemId)).toEqual([
      ['SOON', 2],
      ['LATE', 3],
    ]);
    // a credit note voided: what it put back is sold again, from the same lots
    const voided = await desk.call(api.voidInvoice, { params: { id: rest.id }, body: { data: { reason: 'Kept after all' } } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await onHand(itemId)).toBe(3);
    expect((await ledger(itemId)).at(-1)).toEqual(['sold', 'SOON', -2, 3]);
  });

  it('an invoice finalised, credited, and a new one finalised leaves stock and the log exact', async () => {
    const itemId = await tablets();
    await stocked(itemId);
    const first = await finalised(desk, await sellOn(itemId, 4));
    await finalised(desk, await creditAll(first));
    await finalised(desk, await sellOn(itemId, 5));
    expect(await onHand(itemId)).toBe(0);
    expect(await lots(itemId)).toEqual([
      ['SOON', 0],
      ['LATE', 0],
    ]);
    const entries = await ledger(itemId);
    expect(entries.map(([type, lot, q]) => [type, lot, q]).slice(0, 2)).toEqual([
      ['sold', 'SOON', -2],
      ['sold', 'LATE', -2],
    ]);
    expect(entries.slice(2, 4).map(([type, , q]) => [type, q])).toEqual([
      ['sale_reversed', 2],
      ['sale_reversed', 2],
    ]);
    expect(entries.slice(4)).toEqual([
      ['sold', 'SOON', -2, 3],
      ['sold', 'LATE', -3, 0],
    ]);
    // every balance is the running sum of the entries before it (5 received)
    let balance = 5;
    for (const [, , q, b] of entries) expect(b).toBe((balance += q));
  });

  it('answers 409 naming the item and what is left beyond stock: the invoice stays a draft, nothing written', async () => {
    const itemId = await makeItem(home, { name: 'Cerenia', unitsPerPurchase: 1, sellUnit: 'tablet' });
    await receive(home, itemId, 2);
    const invoice = await sellOn(itemId, 3);
    const res = await desk.call(api.finaliseInvoice, { params: { id: invoice.id } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.INVENTORY_MESSAGES.notEnoughStock('Cerenia', 2, 'tablet'));
    expect((await desk.call(api.invoiceOps.get!, { params: { id: invoice.id } })).json()).toMatchObject({ status: 'draft', number: null });
    expect(await ledger(itemId)).toEqual([]);
    expect(await onHand(itemId)).toBe(2);
  });

  it('an add-on line draws its items: the urn add-on takes an urn for each one billed', async () => {
    const urn = await makeItem(home, { name: 'Cedar urn', category: 'urn', sellUnit: 'urn', unitsPerPurchase: 1, addOnDraws: [{ addOnId: w.addOn.id, quantity: 1 }] });
    await receive(home, urn, 3);
    const invoice = await finalised(desk, await newInvoice(desk, home, w, {}, [addOnLine(w, { quantity: 2 })]));
    expect(await ledger(urn)).toEqual([['sold', 'L1', -2, 1]]);
    await finalised(desk, await creditAll(invoice));
    expect(await onHand(urn)).toBe(3);
  });
});

describe('the lines name items of the account', () => {
  it("another account's item answers 404, a fraction of a whole unit 400 naming the field, on invoices and estimates", async () => {
    const theirs = await makeItem(other);
    const mine = await tablets();
    const create = (items: api.InvoiceItemInput[]) =>
      desk.call(api.invoiceOps.create!, { body: { invoiceData: { locationId: home.locationId, clientId: w.client.id }, invoiceItems: items } });
    const foreign = await create([itemLine(theirs, 1)]);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('invoiceItems.0.itemId: unknown item');
    const half = await create([addOnLine(w), itemLine(mine, 0.5)]);
    expect(half.statusCode).toBe(400);
    expect(errorOf(half)).toBe('invoiceItems.1.quantity: must be a whole number of tablets');
    const noItem = await create([{ ...itemLine(mine, 1), itemId: null }]);
    expect(noItem.statusCode).toBe(400);
    const estimate = await desk.call(api.estimateOps.create!, {
      body: { estimateData: { locationId: home.locationId, clientId: w.client.id }, estimateItems: [{ ...itemLine(theirs, 1), highQuantity: null }] },
    });
    expect(estimate.statusCode).toBe(404);
    expect(errorOf(estimate)).toBe('estimateItems.0.itemId: unknown item');
    const kept = await newEstimate(desk, home, w, {}, [{ ...itemLine(mine, 2), highQuantity: 3 }]);
    expect(kept.items[0]).toMatchObject({ kind: 'item', itemId: mine });
    // the estimate's invoice keeps the item
    expect((await desk.call(api.approveEstimate, { params: { id: kept.id } })).statusCode).toBe(200);
    const invoice = await desk.call(api.invoiceFromEstimate, { params: { id: kept.id } });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect((invoice.json() as api.Invoice).items[0]).toMatchObject({ kind: 'item', itemId: mine, quantity: 2 });
  });

  it('an item an invoice or estimate line names is not deleted (409: archive it)', async () => {
    const itemId = await tablets();
    await sellOn(itemId, 1);
    const res = await home.admin.call(api.deleteItem, { params: { id: itemId } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.INVENTORY_MESSAGES.itemInUse);
    const unused = await tablets();
    expect((await home.admin.call(api.deleteItem, { params: { id: unused } })).statusCode).toBe(200);
  });
});

let hour = 7;
async function appointment(): Promise<api.Appointment> {
  const res = await desk.call(api.createAppointment, {
    body: {
      data: {
        locationId: home.locationId,
        clientId: w.client.id,
        patientIds: [w.patient.id],
        serviceIds: [],
        primaryProviderId: vet.userId,
        startAt: at(`${String(++hour).padStart(2, '0')}:00`, '2030-05-07'),
        endAt: at(`${String(hour).padStart(2, '0')}:30`, '2030-05-07'),
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await ctx.database.db.update(appointments).set({ status: 'Checked Out' }).where(eq(appointments.id, res.json().id));
  return res.json() as api.Appointment;
}

const administer = async (itemId: string, quantity: number, appointmentId: string) => {
  const res = await desk.call(api.createInventoryLogEntry, {
    body: { inventoryLogData: { type: 'administered', itemId, locationId: home.locationId, quantity, patientId: w.patient.id, appointmentId } },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('what the visit used', () => {
  it('administered then billed is not taken twice; billed beyond it takes the rest', async () => {
    const itemId = await tablets();
    await receive(home, itemId, 10);
    const appt = await appointment();
    await administer(itemId, 2, appt.id);
    await finalised(desk, await sellOn(itemId, 2, { appointmentId: appt.id, patientId: w.patient.id }));
    expect(await onHand(itemId)).toBe(8);
    await finalised(desk, await sellOn(itemId, 1, { appointmentId: appt.id, patientId: w.patient.id }));
    expect(await onHand(itemId)).toBe(7);
    expect((await ledger(itemId)).map(([type, , q]) => [type, q])).toEqual([
      ['administered', -2],
      ['sold', -1],
    ]);
  });

  it('missed charges list an administered item not billed, and the appointment’s invoice bills it', async () => {
    const itemId = await tablets('Maropitant');
    await receive(home, itemId, 5);
    const appt = await appointment();
    await administer(itemId, 3, appt.id);
    const missed = await desk.call(api.missedCharges, { query: { appointmentId: appt.id } });
    expect(missed.statusCode, missed.body).toBe(200);
    expect(missed.json().items).toEqual([expect.objectContaining({ kind: 'item', itemId, quantity: 3, unitPrice: 150, serviceId: null, addOnId: null })]);
    const made = await desk.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appt.id } } });
    expect(made.statusCode, made.body).toBe(201);
    expect((made.json() as api.Invoice).items).toEqual([expect.objectContaining({ kind: 'item', itemId, quantity: 3, unitPrice: 150 })]);
    // the draft bills it: nothing is missing, and finalising takes nothing more off
    expect((await desk.call(api.missedCharges, { query: { appointmentId: appt.id } })).json().items).toEqual([]);
    await finalised(desk, made.json());
    expect(await onHand(itemId)).toBe(2);
  });
});

describe.runIf(onPostgres)('finalising at the same time', () => {
  it('20 invoices each selling 1 of the last 5 units: exactly 5 sell, 15 answer 409 and write nothing', async () => {
    const itemId = await makeItem(home, { name: 'Last urns', sellUnit: 'urn', unitsPerPurchase: 1 });
    await receive(home, itemId, 5);
    const drafts = await Promise.all(Array.from({ length: 20 }, () => sellOn(itemId, 1)));
    const answers = await Promise.all(drafts.map((d) => desk.call(api.finaliseInvoice, { params: { id: d.id } })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(errorOf(r)).toBe(api.INVENTORY_MESSAGES.notEnoughStock('Last urns', 0, 'urn'));
    }
    expect(await onHand(itemId)).toBe(0);
    expect((await ledger(itemId)).map(([type, , q, b]) => [type, q, b])).toEqual([4, 3, 2, 1, 0].map((b) => ['sold', -1, b]));
    const stillDrafts = await Promise.all(drafts.map(async (d) => (await desk.call(api.invoiceOps.get!, { params: { id: d.id } })).json().status));
    expect(stillDrafts.filter((s) => s === 'draft')).toHaveLength(15);
  });
});
