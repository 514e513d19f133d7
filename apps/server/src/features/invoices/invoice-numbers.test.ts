// Finalising at the same time: numbers per location without gaps or repeats, and two credit notes
// of one invoice never credit more than it holds, nor more of one line than the line holds. Only
// PostgreSQL runs requests side by side (PGlite has one connection), so these run there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { onPostgres } from '../../../test/concurrency.js';
import { createAccount, createTestApp, createUser, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { newHousehold } from '../../../test/scheduling-records.js';
import { finalised } from './invoices.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let desk: Client & { userId: string };
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestApp();
  home = await createAccount(ctx);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
});
afterAll(() => ctx?.close());

async function draft(locationId: string, clientId: string, unitPrice = 10_000): Promise<api.Invoice> {
  const res = await desk.call(api.invoiceOps.create!, {
    body: { invoiceData: { locationId, clientId }, invoiceItems: [{ description: 'Home visit', quantity: 1, unitPrice }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Invoice;
}

describe.runIf(onPostgres)('finalising at the same time', () => {
  it('gives a new location’s invoices the numbers 1…n, each once, whatever the order', async () => {
    const location = await addLocation(ctx, home);
    const { client } = await newHousehold(desk, home, { locationId: location });
    const drafts = await Promise.all(Array.from({ length: 12 }, () => draft(location, client.id)));
    const answers = await Promise.all(drafts.map((d) => desk.call(api.finaliseInvoice, { params: { id: d.id } })));
    expect(answers.map((r) => r.statusCode)).toEqual(drafts.map(() => 200));
    const numbers = answers.map((r) => (r.json() as api.Invoice).number!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('leaves no gap when some finalisations fail', async () => {
    const location = await addLocation(ctx, home);
    const { client } = await newHousehold(desk, home, { locationId: location });
    const good = await Promise.all(Array.from({ length: 6 }, () => draft(location, client.id)));
    const empty = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const res = await desk.call(api.invoiceOps.create!, { body: { invoiceData: { locationId: location, clientId: client.id }, invoiceItems: [] } });
        return res.json() as api.Invoice;
      }),
    );
    const answers = await Promise.all([...good, ...empty].map((d) => desk.call(api.finaliseInvoice, { params: { id: d.id } })));
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(3);
    const numbers = answers.filter((r) => r.statusCode === 200).map((r) => (r.json() as api.Invoice).number!).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await finalised(desk, await draft(location, client.id))).number).toBe(7);
  });

  it('two credit notes of the whole invoice finalised at once: one is, the other is refused', async () => {
    const { client } = await newHousehold(desk, home);
    const invoice = await finalised(desk, await draft(home.locationId, client.id, 25_000));
    const notes = await Promise.all(
      [1, 2].map(async () => (await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Refund' } } })).json() as api.Invoice),
    );
    const answers = await Promise.all(notes.map((n) => desk.call(api.finaliseInvoice, { params: { id: n.id } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = (await desk.call(api.invoiceOps.get!, { params: { id: invoice.id } })).json() as api.Invoice;
    expect(after).toMatchObject({ credited: 25_000, balance: 0 });
  });

  it('two credit notes of the same line finalised at once: one is, the other is refused, though the invoice holds both', async () => {
    const { client } = await newHousehold(desk, home);
    const created = await desk.call(api.invoiceOps.create!, {
      body: {
        invoiceData: { locationId: home.locationId, clientId: client.id },
        invoiceItems: [
          { description: 'Exam', quantity: 1, unitPrice: 10_000 },
          { description: 'Cremation', quantity: 1, unitPrice: 50_000 },
        ],
      },
    });
    const invoice = await finalised(desk, created.json() as api.Invoice);
    const exam = invoice.items[0]!;
    const notes = await Promise.all(
      [1, 2].map(async () => (await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Exam refund', itemIds: [exam.id] } } })).json() as api.Invoice),
    );
    const answers = await Promise.all(notes.map((n) => desk.call(api.finaliseInvoice, { params: { id: n.id } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map((r) => (r.statusCode === 409 ? (r.json() as { error: { message: string } }).error.message : null)).filter(Boolean)).toEqual([
      api.INVOICE_MESSAGES.lineCreditExceeds('Exam'),
    ]);
    const after = (await desk.call(api.invoiceOps.get!, { params: { id: invoice.id } })).json() as api.Invoice;
    expect(after).toMatchObject({ credited: 10_000, balance: 50_000 });
  });
});
