// Set-up shared by the invoices feature's tests: through the real HTTP API, failing loudly when
// the set-up itself is refused.
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { Client, TestAccount } from '../../../test/harness.js';
import { newAddOn, newHousehold, newService } from '../../../test/scheduling-records.js';

export async function newTaxCode(caller: Client, locationId: string, data: Partial<api.TaxCodeInput> = {}): Promise<api.TaxCode> {
  const res = await caller.call(api.taxCodeOps.create, { body: { data: { locationId, name: 'Sales tax', rate: 825, ...data } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.TaxCode;
}

/** What an account's invoices need: a client with a patient, a service, an add-on and a tax code at its first location. */
export async function billingWorld(t: TestAccount) {
  const { client, patients } = await newHousehold(t.admin, t);
  const service = await newService(t.admin, t.locationId, { name: 'Home euthanasia', price: 350 });
  const addOn = await newAddOn(t.admin, t.locationId, { name: 'Clay paw print', price: 45.5 });
  const tax = await newTaxCode(t.admin, t.locationId);
  return { client, patient: patients[0]!, service, addOn, tax };
}
export type BillingWorld = Awaited<ReturnType<typeof billingWorld>>;

export const serviceLine = (w: BillingWorld, extra: Partial<api.InvoiceItemInput> = {}): api.InvoiceItemInput => ({
  kind: 'service',
  description: w.service.name,
  quantity: 1,
  unitPrice: 35_000,
  serviceId: w.service.id,
  taxCodeId: w.tax.id,
  ...extra,
});
export const addOnLine = (w: BillingWorld, extra: Partial<api.InvoiceItemInput> = {}): api.InvoiceItemInput => ({
  kind: 'addOn',
  description: w.addOn.name,
  quantity: 2,
  unitPrice: 4_550,
  addOnId: w.addOn.id,
  ...extra,
});

export async function newInvoice(
  caller: Client,
  t: TestAccount,
  w: BillingWorld,
  data: Partial<api.InvoiceInput> = {},
  items: api.InvoiceItemInput[] = [serviceLine(w), addOnLine(w)],
): Promise<api.Invoice> {
  const res = await caller.call(api.invoiceOps.create, {
    body: { invoiceData: { locationId: t.locationId, clientId: w.client.id, patientId: w.patient.id, ...data }, invoiceItems: items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Invoice;
}

export async function finalised(caller: Client, invoice: { id: string }): Promise<api.Invoice> {
  const res = await caller.call(api.finaliseInvoice, { params: { id: invoice.id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.Invoice;
}

export async function newEstimate(
  caller: Client,
  t: TestAccount,
  w: BillingWorld,
  data: Partial<api.EstimateInput> = {},
  items: api.EstimateItemInput[] = [{ ...serviceLine(w) }, { ...addOnLine(w), quantity: 1, highQuantity: 3 }],
): Promise<api.Estimate> {
  const res = await caller.call(api.estimateOps.create, {
    body: { estimateData: { locationId: t.locationId, clientId: w.client.id, patientId: w.patient.id, ...data }, estimateItems: items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Estimate;
}
