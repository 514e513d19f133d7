// What the law and the books need is never deleted by deleting something else (docs/decisions/0155):
// a client, patient or document that invoices, credit notes, estimates, payments, refunds, card
// payment requests, submitted forms or care records name, and a service or add-on an invoice or
// estimate line names, is refused (409, saying why and what to do instead) and everything stays;
// should any code try anyway, the database refuses too.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, errorOf, uploadDocument, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient, newPatient } from '../../../test/records.js';
import { newAddOn, newService } from '../../../test/scheduling-records.js';
import { addOnsRepository } from '../add-ons/add-ons.repository.js';
import { isForeignKeyViolation } from '../../platform/errors.js';
import { prescriptions } from '../care/care.table.js';
import { documents } from '../documents/documents.table.js';
import { documentsRepository } from '../documents/documents.repository.js';
import { createFormTemplate, goodAnswers, sendForm, submitForm } from '../forms/forms.fixtures.js';
import { formRequests, formSubmissions } from '../forms/forms.table.js';
import { ESTIMATE_RULES } from '../invoices/estimates.service.js';
import { estimateItems, estimates, invoiceItems, invoices } from '../invoices/invoices.table.js';
import { patientsRepository } from '../patients/patients.repository.js';
import { paymentAllocations, payments } from '../payments/payments.table.js';
import { cardPaymentRequests } from '../card-payments/card-payments.table.js';
import { servicesRepository } from '../services/services.repository.js';
import { clientsRepository } from './clients.repository.js';

const APP_URL = 'https://portal.practice.example';
let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let consent: api.FormTemplate;
let cash: string;

beforeAll(async () => {
  ctx = await createTestApp({ providers: { publicUrl: APP_URL, appUrl: APP_URL } });
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  consent = await createFormTemplate(home);
  const types = (await home.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[];
  cash = types.find((t) => t.method === 'cash')!.id;
});
afterAll(() => ctx?.close());

interface Household {
  client: api.Client;
  patient: api.PatientWithClient;
}
async function household(): Promise<Household> {
  const client = await newClient(home.admin, home.locationId);
  return { client, patient: await newPatient(home.admin, client.id, home.speciesId) };
}

/** A kept record: the table it is in and its id. */
interface Kept {
  table: PgTable & { id: never };
  id: string;
}
const kept = (table: PgTable, id: string): Kept => ({ table: table as Kept['table'], id });

async function exists(record: Kept): Promise<boolean> {
  const rows = await ctx.database.db
    .select()
    .from(record.table)
    .where(eq((record.table as unknown as { id: Parameters<typeof eq>[0] }).id, record.id));
  return rows.length === 1;
}

const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }, status = 201): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

async function invoiceOf(h: Household, opts: { finalise?: boolean } = {}): Promise<api.Invoice> {
  const invoice = ok<api.Invoice>(
    await home.admin.call(api.invoiceOps.create, {
      body: {
        invoiceData: { locationId: home.locationId, clientId: h.client.id, patientId: h.patient.id },
        invoiceItems: [{ kind: 'text', description: 'Home visit', quantity: 1, unitPrice: 20_000 }],
      },
    }),
  );
  if (opts.finalise === false) return invoice;
  return ok<api.Invoice>(await home.admin.call(api.finaliseInvoice, { params: { id: invoice.id } }), 200);
}

async function paymentOf(h: Household, invoiceId?: string): Promise<api.Payment> {
  return ok<api.Payment>(
    await home.admin.call(api.paymentOps.create, {
      body: {
        data: {
          locationId: home.locationId,
          clientId: h.client.id,
          paymentTypeId: cash,
          amount: 5_000,
          ...(invoiceId && { allocations: [{ invoiceId, amount: 5_000 }] }),
        },
      },
    }),
  );
}

/** A consent form the client signed on the clinic's device: the submission and its signed PDF. */
async function submissionOf(h: Household): Promise<{ submission: Kept; document: Kept }> {
  const request = await sendForm(home.admin, { formTemplateId: consent.id, clientId: h.client.id, patientId: h.patient.id, channel: 'device' });
  expect((await submitForm(ctx, request.url, { answers: goodAnswers() })).statusCode).toBe(201);
  const [row] = await ctx.database.db.select().from(formSubmissions).where(eq(formSubmissions.formRequestId, request.id));
  expect(row?.documentId).toBeTruthy();
  return { submission: kept(formSubmissions, row!.id), document: kept(documents, row!.documentId!) };
}

/** Each record that keeps its client: how it is made, and the refusal's words. */
const clientRecords: [string, (h: Household) => Promise<Kept>, string][] = [
  ['a finalised invoice', async (h) => kept(invoices, (await invoiceOf(h)).id), api.INVOICE_MESSAGES.clientHasInvoices],
  ['a draft invoice', async (h) => kept(invoices, (await invoiceOf(h, { finalise: false })).id), api.INVOICE_MESSAGES.clientHasInvoices],
  [
    'a credit note',
    async (h) => {
      const invoice = await invoiceOf(h);
      const note = ok<api.Invoice>(await home.admin.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Overcharged' } } }));
      return kept(invoices, note.id);
    },
    api.INVOICE_MESSAGES.clientHasInvoices,
  ],
  [
    'an estimate',
    async (h) => {
      const estimate = ok<api.Estimate>(
        await home.admin.call(api.estimateOps.create, {
          body: {
            estimateData: { locationId: home.locationId, clientId: h.client.id },
            estimateItems: [{ kind: 'text', description: 'Cremation', quantity: 1, unitPrice: 30_000 }],
          },
        }),
      );
      return kept(estimates, estimate.id);
    },
    api.ESTIMATE_MESSAGES.clientHasEstimates,
  ],
  ['a payment (held as credit)', async (h) => kept(payments, (await paymentOf(h)).id), api.PAYMENT_MESSAGES.clientHasPayments],
  [
    'a refund',
    async (h) => {
      const payment = await paymentOf(h);
      const refund = ok<api.Payment>(await home.admin.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 1_000, reason: 'Overpaid' } } }));
      return kept(payments, refund.id);
    },
    api.PAYMENT_MESSAGES.clientHasPayments,
  ],
  [
    'a card payment request',
    async (h) => {
      // Written straight into the table: making one asks Stripe, which is not under test here.
      const id = randomUUID();
      await ctx.database.db.insert(cardPaymentRequests).values({
        id,
        accountId: home.accountId,
        locationId: home.locationId,
        clientId: h.client.id,
        purpose: 'deposit',
        amount: 5_000,
        currency: 'usd',
        channel: 'email',
      });
      return kept(cardPaymentRequests, id);
    },
    api.CARD_PAYMENT_MESSAGES.clientHasRequests,
  ],
  ['a submitted form', async (h) => (await submissionOf(h)).submission, api.FORM_MESSAGES.clientHasSubmissions],
  [
    'a prescription',
    async (h) => {
      const res = await home.admin.call(api.prescriptionOps.create, {
        body: { data: { patientId: h.patient.id, drug: 'Gabapentin', dose: '100 mg', frequency: 'BID', quantity: '60', prescribedOn: '2026-11-01' } },
      });
      return kept(prescriptions, ok<api.Prescription>(res).id);
    },
    api.CLIENT_HAS_HISTORY,
  ],
  [
    'a document',
    async (h) => {
      const res = await uploadDocument(ctx, home.admin, { clientId: h.client.id });
      return kept(documents, ok<api.Document>(res).id);
    },
    api.CLIENT_HAS_HISTORY,
  ],
];

const scope = () => ({ accountId: home.accountId });

describe('DELETE /api/client/{id} of a client the books or the law need', () => {
  it('answers 409 for a client with a finalised invoice, paid, and a signed consent form: all of it stays, and the client can be archived', async () => {
    const h = await household();
    const invoice = await invoiceOf(h);
    const payment = await paymentOf(h, invoice.id);
    const { submission, document } = await submissionOf(h);

    const res = await home.admin.call(api.deleteClient, { params: { id: h.client.id } });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe(api.INVOICE_MESSAGES.clientHasInvoices);

    for (const record of [kept(invoices, invoice.id), kept(payments, payment.id), submission, document]) expect(await exists(record)).toBe(true);
    expect(ok<api.Invoice>(await home.admin.call(api.invoiceOps.get, { params: { id: invoice.id } }), 200)).toMatchObject({ status: 'finalised', number: invoice.number });
    expect(ok<api.ClientDetail>(await home.admin.call(api.getClient, { params: { id: h.client.id } }), 200)).toMatchObject({ hasHistory: true });

    // What to do instead works.
    const archived = await home.admin.call(api.archiveClient, { params: { id: h.client.id } });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ archivedAt: expect.any(String) });
    expect(await exists(kept(invoices, invoice.id))).toBe(true);
  });

  it.each(clientRecords)('answers 409 for a client with %s, which stays', async (_kind, make, message) => {
    const h = await household();
    const record = await make(h);
    expect(ok<api.ClientDetail>(await home.admin.call(api.getClient, { params: { id: h.client.id } }), 200)).toMatchObject({ hasHistory: true });
    const res = await home.admin.call(api.deleteClient, { params: { id: h.client.id } });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe(message);
    expect(await exists(record)).toBe(true);
    expect((await home.admin.call(api.getClient, { params: { id: h.client.id } })).statusCode).toBe(200);
    expect((await home.admin.call(api.getPatient, { params: { id: h.patient.id } })).statusCode).toBe(200);
  });

  it.each(clientRecords)('the database itself refuses to delete a client with %s', async (_kind, make) => {
    const h = await household();
    const record = await make(h);
    const deleting = ctx.database.db.transaction((tx) => clientsRepository.remove(tx, scope(), h.client.id));
    await expect(deleting).rejects.toSatisfy(isForeignKeyViolation);
    expect(await exists(record)).toBe(true);
  });

  it('deletes a client whose only form was sent and never answered: the open link goes with them', async () => {
    const h = await household();
    const request = await sendForm(home.admin, { formTemplateId: consent.id, clientId: h.client.id, channel: 'device' });
    expect(ok<api.ClientDetail>(await home.admin.call(api.getClient, { params: { id: h.client.id } }), 200)).toMatchObject({ hasHistory: false });
    const res = await home.admin.call(api.deleteClient, { params: { id: h.client.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await exists(kept(formRequests, request.id))).toBe(false);
  });

  it('answers 404 for another account’s client with invoices, which stays', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    const res = await home.admin.call(api.deleteClient, { params: { id: theirs.id } });
    expect(res.statusCode).toBe(404);
    expect((await other.admin.call(api.getClient, { params: { id: theirs.id } })).statusCode).toBe(200);
  });
});

/** Each record that keeps the patient it names: how it is made, and the refusal's words. */
const patientRecords: [string, (h: Household) => Promise<Kept>, string][] = [
  ['an invoice', async (h) => kept(invoices, (await invoiceOf(h)).id), api.INVOICE_MESSAGES.patientHasInvoices],
  [
    'an estimate',
    async (h) => {
      const estimate = ok<api.Estimate>(
        await home.admin.call(api.estimateOps.create, {
          body: {
            estimateData: { locationId: home.locationId, clientId: h.client.id, patientId: h.patient.id },
            estimateItems: [{ kind: 'text', description: 'Cremation', quantity: 1, unitPrice: 30_000 }],
          },
        }),
      );
      return kept(estimates, estimate.id);
    },
    api.ESTIMATE_MESSAGES.patientHasEstimates,
  ],
  ['a submitted form', async (h) => (await submissionOf(h)).submission, api.FORM_MESSAGES.patientHasSubmissions],
  [
    'a prescription',
    async (h) => {
      const res = await home.admin.call(api.prescriptionOps.create, {
        body: { data: { patientId: h.patient.id, drug: 'Gabapentin', dose: '100 mg', frequency: 'BID', quantity: '60', prescribedOn: '2026-11-01' } },
      });
      return kept(prescriptions, ok<api.Prescription>(res).id);
    },
    api.PATIENT_HAS_HISTORY,
  ],
];

describe('DELETE /api/patient/{id} of a patient the books or the law name', () => {
  it.each(patientRecords)('answers 409 for a patient named on %s, which stays naming them', async (_kind, make, message) => {
    const h = await household();
    const record = await make(h);
    expect(ok<api.PatientDetail>(await home.admin.call(api.getPatient, { params: { id: h.patient.id } }), 200)).toMatchObject({ hasHistory: true });
    const res = await home.admin.call(api.deletePatient, { params: { id: h.patient.id } });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe(message);
    expect(await exists(record)).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(record.table)
      .where(eq((record.table as unknown as { id: Parameters<typeof eq>[0] }).id, record.id));
    expect((row as { patientId: string | null }).patientId).toBe(h.patient.id);
  });

  it.each(patientRecords)('the database itself refuses to delete a patient named on %s', async (_kind, make) => {
    const h = await household();
    const record = await make(h);
    const deleting = ctx.database.db.transaction((tx) => patientsRepository.remove(tx, scope(), h.patient.id));
    await expect(deleting).rejects.toSatisfy(isForeignKeyViolation);
    expect(await exists(record)).toBe(true);
  });
});

describe('DELETE /api/document/{id} of a submitted form’s signed copy', () => {
  it('answers 409 and keeps the document and the submission pointing at it', async () => {
    const h = await household();
    const { submission, document } = await submissionOf(h);
    const res = await home.admin.call(api.deleteDocument, { params: { id: document.id } });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe(api.FORM_MESSAGES.submissionDocument);
    expect(await exists(document)).toBe(true);
    const [row] = await ctx.database.db.select().from(formSubmissions).where(eq(formSubmissions.id, submission.id));
    expect(row?.documentId).toBe(document.id);
  });

  it('the database itself refuses to delete it', async () => {
    const { document } = await submissionOf(await household());
    const deleting = ctx.database.db.transaction((tx) => documentsRepository.remove(tx, scope(), document.id));
    await expect(deleting).rejects.toSatisfy(isForeignKeyViolation);
    expect(await exists(document)).toBe(true);
  });

  it('still deletes a document no submission keeps', async () => {
    const h = await household();
    const doc = ok<api.Document>(await uploadDocument(ctx, home.admin, { clientId: h.client.id }));
    expect((await home.admin.call(api.deleteDocument, { params: { id: doc.id } })).statusCode).toBe(200);
  });
});

describe('DELETE of a service or add-on an invoice or estimate line names', () => {
  /** A finalised invoice selling the service and an open estimate quoting the add-on. */
  async function sold() {
    const h = await household();
    const service = await newService(home.admin, home.locationId, { name: `Visit ${randomUUID().slice(0, 6)}` });
    const addOn = await newAddOn(home.admin, home.locationId, { name: `Paw print ${randomUUID().slice(0, 6)}` });
    const invoice = ok<api.Invoice>(
      await home.admin.call(api.invoiceOps.create, {
        body: {
          invoiceData: { locationId: home.locationId, clientId: h.client.id },
          invoiceItems: [{ kind: 'service', serviceId: service.id, description: service.name, quantity: 1, unitPrice: 12_000 }],
        },
      }),
    );
    await home.admin.call(api.finaliseInvoice, { params: { id: invoice.id } });
    const estimate = ok<api.Estimate>(
      await home.admin.call(api.estimateOps.create, {
        body: {
          estimateData: { locationId: home.locationId, clientId: h.client.id },
          estimateItems: [{ kind: 'addOn', addOnId: addOn.id, description: addOn.name, quantity: 1, unitPrice: 4_500 }],
        },
      }),
    );
    return { service, addOn, invoice, estimate };
  }
  const serviceOfLine = async (invoiceId: string) =>
    (await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)))[0]?.serviceId;
  const addOnOfLine = async (estimateId: string) =>
    (await ctx.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, estimateId)))[0]?.addOnId;

  it('answers 409 (make it inactive instead) and the lines keep naming them', async () => {
    const { service, addOn, invoice, estimate } = await sold();
    const refusedService = await home.admin.call(api.serviceOps.remove, { params: { id: service.id } });
    expect(refusedService.statusCode, refusedService.body).toBe(409);
    expect(errorOf(refusedService)).toBe(api.INVOICE_MESSAGES.serviceOnLines);
    const refusedAddOn = await home.admin.call(api.addOnOps.remove, { params: { id: addOn.id } });
    expect(refusedAddOn.statusCode, refusedAddOn.body).toBe(409);
    expect(errorOf(refusedAddOn)).toBe(api.INVOICE_MESSAGES.addOnOnLines);
    expect(await serviceOfLine(invoice.id)).toBe(service.id);
    expect(await addOnOfLine(estimate.id)).toBe(addOn.id);
    // What to do instead works.
    const inactive = await home.admin.call(api.serviceOps.update, { params: { id: service.id }, body: { data: { active: false } } });
    expect(inactive.statusCode, inactive.body).toBe(200);
  });

  it('the database itself refuses to delete them, or to clear the lines', async () => {
    const { service, addOn, invoice, estimate } = await sold();
    await expect(ctx.database.db.transaction((tx) => servicesRepository.remove(tx, scope(), service.id))).rejects.toSatisfy(isForeignKeyViolation);
    await expect(ctx.database.db.transaction((tx) => addOnsRepository.remove(tx, scope(), addOn.id))).rejects.toSatisfy(isForeignKeyViolation);
    expect(await serviceOfLine(invoice.id)).toBe(service.id);
    expect(await addOnOfLine(estimate.id)).toBe(addOn.id);
  });

  it('still deletes a service and an add-on no line names', async () => {
    const service = await newService(home.admin, home.locationId, { name: `Unsold ${randomUUID().slice(0, 6)}` });
    const addOn = await newAddOn(home.admin, home.locationId, { name: `Unsold ${randomUUID().slice(0, 6)}` });
    expect((await home.admin.call(api.serviceOps.remove, { params: { id: service.id } })).statusCode).toBe(200);
    expect((await home.admin.call(api.addOnOps.remove, { params: { id: addOn.id } })).statusCode).toBe(200);
  });
});

describe('DELETE /api/estimate/{id} of an estimate money was taken or asked for on', () => {
  async function openEstimate(h: Household): Promise<api.Estimate> {
    return ok<api.Estimate>(
      await home.admin.call(api.estimateOps.create, {
        body: {
          estimateData: { locationId: home.locationId, clientId: h.client.id },
          estimateItems: [{ kind: 'text', description: 'Cremation', quantity: 1, unitPrice: 30_000 }],
        },
      }),
    );
  }
  const allocationsOf = async (estimateId: string) =>
    ctx.database.db.select().from(paymentAllocations).where(eq(paymentAllocations.estimateId, estimateId));

  it('answers 409 for a deposit refunded in full: the payment and the refund still say where they went', async () => {
    const h = await household();
    const estimate = await openEstimate(h);
    const deposit = ok<api.Payment>(
      await home.admin.call(api.paymentOps.create, {
        body: { data: { locationId: home.locationId, clientId: h.client.id, paymentTypeId: cash, amount: 5_000, allocations: [{ estimateId: estimate.id, amount: 5_000 }] } },
      }),
    );
    ok<api.Payment>(await home.admin.call(api.refundPayment, { params: { id: deposit.id }, body: { data: { amount: 5_000, reason: 'Plans changed' } } }));
    expect((await allocationsOf(estimate.id)).reduce((sum, a) => sum + a.amount, 0)).toBe(0);
    const res = await home.admin.call(api.estimateOps.remove, { params: { id: estimate.id } });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe(ESTIMATE_RULES.deleteWithPaymentHistory);
    expect(await allocationsOf(estimate.id)).toHaveLength(2);
    expect(await exists(kept(estimates, estimate.id))).toBe(true);
  });

  it('answers 409 for an estimate a card payment was asked for, which stays naming it', async () => {
    const h = await household();
    const estimate = await openEstimate(h);
    const id = randomUUID();
    await ctx.database.db.insert(cardPaymentRequests).values({
      id,
      accountId: home.accountId,
      locationId: home.locationId,
      clientId: h.client.id,
      estimateId: estimate.id,
      purpose: 'deposit',
      amount: 5_000,
      currency: 'usd',
      channel: 'email',
    });
    const res = await home.admin.call(api.estimateOps.remove, { params: { id: estimate.id } });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe(ESTIMATE_RULES.deleteWithCardRequest);
    const [request] = await ctx.database.db.select().from(cardPaymentRequests).where(eq(cardPaymentRequests.id, id));
    expect(request?.estimateId).toBe(estimate.id);
  });

  it('still deletes an estimate no money was taken or asked for on', async () => {
    const estimate = await openEstimate(await household());
    expect((await home.admin.call(api.estimateOps.remove, { params: { id: estimate.id } })).statusCode).toBe(200);
    expect(await exists(kept(estimates, estimate.id))).toBe(false);
  });
});
