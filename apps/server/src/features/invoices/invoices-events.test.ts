// invoice.finalised: told when an invoice or a credit note leaves draft with its number, inside
// the finalising transaction, so a refusal leaves it a draft and its number untaken.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { conflict } from '../../platform/errors.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { billingWorld, finalised, newInvoice, type BillingWorld } from './invoices.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let w: BillingWorld;
let desk: Client & { userId: string };
const seen: DomainEvents['invoice.finalised'][] = [];
/** The invoices whose finalising the test subscriber refuses. */
const refused = new Set<string>();
const REFUSAL = 'Not while the test says no';

beforeAll(async () => {
  ctx = await createTestApp();
  home = await createAccount(ctx);
  w = await billingWorld(home);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
  ctx.app.container.events.on('invoice.finalised', 'test', async (_tx, _caller, event) => {
    if (refused.has(event.invoiceId)) throw conflict(REFUSAL);
    seen.push(event);
  });
});
beforeEach(() => {
  seen.length = 0;
});
afterAll(() => ctx?.close());

describe('invoice.finalised', () => {
  it('tells an invoice finalised and a credit note of it, each with its kind, number and total in cents', async () => {
    const draft = await newInvoice(desk, home, w, { dueOn: '2030-01-31' });
    expect(seen).toEqual([]);
    const invoice = await finalised(desk, draft);
    expect(seen).toEqual([
      {
        invoiceId: invoice.id,
        kind: 'invoice',
        creditedInvoiceId: null,
        number: invoice.number,
        locationId: home.locationId,
        clientId: w.client.id,
        patientId: w.patient.id,
        appointmentId: null,
        total: invoice.total,
        currency: invoice.currency,
        dueOn: '2030-01-31',
        finalisedById: desk.userId,
        finalisedAt: new Date(invoice.finalisedAt!),
      },
    ]);
    expect(invoice.total).toBeGreaterThan(0);

    const made = await desk.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Overcharged' } } });
    expect(made.statusCode, made.body).toBe(201);
    const note = await finalised(desk, made.json() as api.Invoice);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ invoiceId: note.id, kind: 'credit_note', creditedInvoiceId: invoice.id, number: note.number, total: -invoice.total });
  });

  it('runs in the finalising transaction: a refusal leaves the invoice a draft, its number not taken', async () => {
    const draft = await newInvoice(desk, home, w);
    refused.add(draft.id);
    const res = await desk.call(api.finaliseInvoice, { params: { id: draft.id } });
    refused.delete(draft.id);
    expect([res.statusCode, errorOf(res)]).toEqual([409, REFUSAL]);
    expect(((await desk.call(api.invoiceOps.get, { params: { id: draft.id } })).json() as api.Invoice)).toMatchObject({ status: 'draft', number: null });
    expect(seen).toEqual([]);

    // The number the refused one would have taken is the next invoice's: none is skipped.
    const last = Math.max(...((await desk.call(api.invoiceOps.list, { query: { limit: 100 } })).json().items as api.InvoiceSummary[]).filter((i) => i.kind === 'invoice').map((i) => i.number ?? 0));
    expect((await finalised(desk, draft)).number).toBe(last + 1);
  });
});
