// An invoice from an appointment, missed charges at check-out and the week's unbilled report, the
// PDF and its email, and the server's totals against the pricing function through the API.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { newClient } from '../../../test/records.js';
import { at } from '../../../test/scheduling-records.js';
import { appointments } from '../appointments/appointments.table.js';
import { outboxMessages } from '../communications/communications.table.js';
import { addOnLine, billingWorld, finalised, newInvoice, newTaxCode, serviceLine, type BillingWorld } from './invoices.fixtures.js';

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

let hour = 8;
/** A booked appointment of the world's client with its service and add-on, moved to `status`. */
async function appointment(status: api.AppointmentStatus = 'Checked Out', day = '2030-03-05'): Promise<api.Appointment> {
  const res = await desk.call(api.createAppointment, {
    body: {
      data: {
        locationId: home.locationId,
        clientId: w.client.id,
        patientIds: [w.patient.id],
        serviceIds: [w.service.id],
        primaryProviderId: vet.userId,
        addOns: [{ addOnId: w.addOn.id }],
        startAt: at(`${String(++hour).padStart(2, '0')}:00`, day),
        endAt: at(`${String(hour).padStart(2, '0')}:30`, day),
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The status walk is the appointments feature's; here only where it ends matters.
  await ctx.database.db.update(appointments).set({ status }).where(eq(appointments.id, res.json().id));
  return res.json() as api.Appointment;
}

describe('an invoice from an appointment', () => {
  it('has its services and add-ons as lines, priced from the catalogue, by its provider', async () => {
    const appt = await appointment();
    const res = await desk.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appt.id } } });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json() as api.Invoice;
    expect(invoice).toMatchObject({ appointmentId: appt.id, clientId: w.client.id, patientId: w.patient.id, status: 'draft' });
    expect(invoice.items.map((i) => [i.kind, i.description, i.unitPrice, i.quantity, i.providerId])).toEqual([
      ['service', 'Home euthanasia', 35_000, 1, vet.userId],
      ['addOn', 'Clay paw print', 4_550, 1, vet.userId],
    ]);
    expect(invoice.total).toBe(39_550);
  });

  it('is not made twice: a second asks for `again`, naming the first as the practice numbers it', async () => {
    const appt = await appointment();
    const make = (again?: boolean) => desk.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appt.id, ...(again !== undefined && { again }) } } });
    const first = (await make()).json() as api.Invoice;
    // The dialog of the first was closed without saving: its draft bills the appointment already.
    const draftAgain = await make();
    expect(draftAgain.statusCode).toBe(409);
    expect(errorOf(draftAgain)).toBe('A draft invoice already bills this appointment — create another invoice?');
    const numbered = await finalised(desk, first);
    const refused = await make(false);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(`${api.invoiceNumberLabel('invoice', numbered.number)} already bills this appointment — create another invoice?`);
    const listed = await desk.call(api.invoiceOps.list, { query: { appointmentId: appt.id, limit: 25, offset: 0 } });
    expect(listed.json().items.map((i: api.InvoiceSummary) => i.id)).toEqual([first.id]);
    // Asked for knowingly, a second is made.
    const second = await make(true);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ appointmentId: appt.id, status: 'draft' });
  });

  it('bills the appointment once when two desks ask at the same moment', async () => {
    const appt = await appointment();
    const both = await Promise.all([1, 2].map(() => desk.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appt.id } } })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('makes one again once the first is void', async () => {
    const appt = await appointment();
    const first = await finalised(desk, (await desk.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appt.id } } })).json());
    expect((await desk.call(api.voidInvoice, { params: { id: first.id }, body: { data: { reason: 'Wrong client' } } })).statusCode).toBe(200);
    const next = await desk.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appt.id } } });
    expect(next.statusCode, next.body).toBe(201);
  });

  it("answers 404 for another account's appointment and 400 without one", async () => {
    const appt = await appointment();
    expect((await other.admin.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appt.id } } })).statusCode).toBe(404);
    expect((await desk.call(api.invoiceFromAppointment, { body: { data: {} } })).statusCode).toBe(400);
    expect((await desk.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appt.id, again: 'yes' } } })).statusCode).toBe(400);
  });
});

describe('missed charges', () => {
  it('lists what the invoices do not bill, until they do', async () => {
    const appt = await appointment();
    const none = await desk.call(api.missedCharges, { query: { appointmentId: appt.id } });
    expect(none.json()).toMatchObject({ appointmentId: appt.id, invoiceId: null });
    expect(none.json().items.map((i: api.MissedCharge) => [i.kind, i.description, i.quantity, i.unitPrice])).toEqual([
      ['service', 'Home euthanasia', 1, 35_000],
      ['addOn', 'Clay paw print', 1, 4_550],
    ]);
    // the service billed, the add-on forgotten
    const invoice = await newInvoice(desk, home, w, { appointmentId: appt.id }, [serviceLine(w)]);
    const some = (await desk.call(api.missedCharges, { query: { appointmentId: appt.id } })).json();
    expect(some.invoiceId).toBe(invoice.id);
    expect(some.items.map((i: api.MissedCharge) => i.addOnId)).toEqual([w.addOn.id]);
    // a void invoice bills nothing
    const voided = await finalised(desk, await newInvoice(desk, home, w, { appointmentId: appt.id }, [addOnLine(w, { quantity: 1 })]));
    expect((await desk.call(api.missedCharges, { query: { appointmentId: appt.id } })).json().items).toHaveLength(0);
    await desk.call(api.voidInvoice, { params: { id: voided.id }, body: { data: { reason: 'Wrong' } } });
    expect((await desk.call(api.missedCharges, { query: { appointmentId: appt.id } })).json().items).toHaveLength(1);
    expect((await other.admin.call(api.missedCharges, { query: { appointmentId: appt.id } })).statusCode).toBe(404);
  });

  it("the week's report lists appointments past check-out with something unbilled, in few statements", async () => {
    const day = '2030-04-09';
    const open = await appointment('Completed', day);
    const billed = await appointment('Checked Out', day);
    await newInvoice(desk, home, w, { appointmentId: billed.id }, [serviceLine(w), addOnLine(w, { quantity: 1 })]);
    const notYet = await appointment('Confirmed', day);
    const res = await desk.call(api.unbilledReport, { query: { locationId: home.locationId, weekOf: '2030-04-08' } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { appointmentId: string; clientName: string; patientName: string; status: string; missing: number }[];
    expect(rows.map((r) => r.appointmentId)).toEqual([open.id]);
    expect(rows[0]).toMatchObject({ clientName: 'Cora Smith', patientName: 'Max', status: 'Completed', missing: 39_550 });
    expect(rows.map((r) => r.appointmentId)).not.toContain(notYet.id);
    expect(Number(res.headers['x-query-count'])).toBeLessThanOrEqual(9);
    const nextWeek = await desk.call(api.unbilledReport, { query: { locationId: home.locationId, weekOf: '2030-04-15' } });
    expect(nextWeek.json()).toEqual([]);
    expect((await desk.call(api.unbilledReport, { query: { locationId: other.locationId, weekOf: '2030-04-08' } })).statusCode).toBe(404);
    expect((await desk.call(api.unbilledReport, { query: { locationId: home.locationId, weekOf: 'soon' } })).statusCode).toBe(400);
  });
});

describe('the invoice PDF and its email', () => {
  it('prints the lines, discounts, tax, totals and balance in the account currency', async () => {
    const invoice = await finalised(desk, await newInvoice(desk, home, w, { discountType: 'amount', discountValue: 1_000, notes: 'Thank you' }));
    const res = await desk.call(api.invoicePdf, { params: { id: invoice.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Invoice ${api.invoiceNumberLabel('invoice', invoice.number)}`);
    for (const expected of ['Home euthanasia', 'Clay paw print', 'Sales tax', 'Balance due', 'Thank you', api.formatCents(invoice.total, 'USD', 'en-US')]) {
      expect(text).toContain(expected);
    }
    expect((await other.admin.call(api.invoicePdf, { params: { id: invoice.id } })).statusCode).toBe(404);
  });

  it('emails it as the client’s document, queued with the PDF attached', async () => {
    const integration = await home.admin.call(api.createIntegration, {
      body: {
        data: {
          locationId: home.locationId,
          service: 'smtp',
          publicKey: 'front',
          privateKey: 'smtp-pass',
          settings: { host: '127.0.0.1', port: 2525, security: 'none', fromEmail: 'front@practice.example' },
        },
      },
    });
    expect(integration.statusCode, integration.body).toBe(201);
    const client = await newClient(desk, home.locationId, { firstName: 'Ellen', lastName: 'Email', email: 'ellen@example.com' });
    const invoice = await newInvoice(desk, home, { ...w, client: client as never, patient: { id: null } as never }, { patientId: null });
    const res = await desk.call(api.emailInvoice, { params: { id: invoice.id }, body: { data: {} } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: api.INVOICE_MESSAGES.emailSent });
    const [message] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.clientId, client.id));
    expect(message).toMatchObject({ channel: 'email', toAddress: 'ellen@example.com' });
    expect(message!.attachmentDocumentIds).toHaveLength(1);
    const docs = await desk.call(api.listDocuments, { query: { clientId: client.id } });
    expect((docs.json() as api.Document[]).map((d) => d.id)).toEqual(message!.attachmentDocumentIds);
  });

  // Runs after the test above, which set up the location's mail server.
  it('names the invoice by its number as the practice shows it, and sends the text the person wrote as written', async () => {
    const client = await newClient(desk, home.locationId, { firstName: 'Nina', lastName: 'Number', email: 'nina@example.com' });
    const invoice = await finalised(desk, await newInvoice(desk, home, { ...w, client: client as never, patient: { id: null } as never }, { patientId: null }));
    const label = api.invoiceNumberLabel('invoice', invoice.number);
    expect((await desk.call(api.emailInvoice, { params: { id: invoice.id }, body: { data: {} } })).statusCode).toBe(200);
    const [plain] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.clientId, client.id));
    expect(plain!.subject).toMatch(new RegExp(`^Invoice ${label} from `));
    expect(plain!.body).toContain(`Please find your Invoice ${label} attached`);
    expect(plain!.body).not.toContain(String(invoice.id));

    const written = { subject: `Your ${label}`, message: 'Dear Nina,\n<b>thank you</b> **for** everything.' };
    const res = await desk.call(api.emailInvoice, { params: { id: invoice.id }, body: { data: written } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.clientId, client.id));
    const mine = rows.find((r) => r.subject === written.subject)!;
    expect(mine).toMatchObject({ body: written.message, bodyHtml: null });
    expect(mine.attachmentDocumentIds).toHaveLength(1);

    const both = await desk.call(api.emailInvoice, { params: { id: invoice.id }, body: { data: { ...written, emailTemplateId: invoice.id } } });
    expect(both.statusCode).toBe(400);
    expect(errorOf(both)).toBe('emailTemplateId: give a template or the text to send, not both');
  });

  it('without a client email answers 400 with the message', async () => {
    const invoice = await newInvoice(desk, home, w);
    const res = await desk.call(api.emailInvoice, { params: { id: invoice.id }, body: { data: {} } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(api.INVOICE_MESSAGES.noClientEmail);
    const bad = await desk.call(api.emailInvoice, { params: { id: invoice.id }, body: { data: { to: 'not an address' } } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the server stores what priceDocument computes', () => {
  it('for generated lines, discounts and tax rates, through the API', async () => {
    const rates = [await newTaxCode(home.admin, home.locationId, { name: 'Reduced', rate: 500 }), await newTaxCode(home.admin, home.locationId, { name: 'Odd', rate: 1_337 })];
    const discount = fc.oneof(
      fc.constant({ discountType: 'none' as const, discountValue: 0 }),
      fc.integer({ min: 0, max: 10_000 }).map((v) => ({ discountType: 'percent' as const, discountValue: v })),
      fc.integer({ min: 0, max: 50_000 }).map((v) => ({ discountType: 'amount' as const, discountValue: v })),
    );
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 20_000 }).map((n) => n / 1000),
      unitPrice: fc.integer({ min: 0, max: 200_000 }),
      discount,
      tax: fc.integer({ min: -1, max: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), discount, async (lines, doc) => {
        const items = lines.map((l) => ({
          description: 'Line',
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          ...l.discount,
          taxCodeId: l.tax < 0 ? null : rates[l.tax]!.id,
        }));
        const invoice = await newInvoice(desk, home, w, doc, items);
        const expected = api.priceDocument(
          lines.map((l) => ({
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            discount: { type: l.discount.discountType, value: l.discount.discountValue },
            taxRate: l.tax < 0 ? 0 : rates[l.tax]!.rate,
          })),
          { type: doc.discountType, value: doc.discountValue },
        );
        expect({ subtotal: invoice.subtotal, discount: invoice.discount, tax: invoice.tax, total: invoice.total }).toEqual(expected.totals);
        expect(invoice.items.map((i) => i.total)).toEqual(expected.lines.map((l) => l.total));
      }),
      { numRuns: 8 },
    );
  });
});
