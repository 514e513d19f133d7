// The invoices feature's fixtures for the route table test (test/route-fixtures.ts).
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import { unique, type RouteFixtures } from '../../../test/route-fixtures.js';
import { makeClient } from '../clients/clients.route-fixtures.js';

export async function makeTaxCode(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.taxCodeOps.create!, { body: { data: { locationId: t.locationId, name: `Tax ${unique()}`, rate: 825 } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
/** A draft invoice (or a finalised one) of a new client with one free-text line. */
export async function makeInvoice(t: TestAccount, opts: { finalise?: boolean; clientId?: string } = {}): Promise<string> {
  const res = await t.admin.call(api.invoiceOps.create!, {
    body: {
      invoiceData: { locationId: t.locationId, clientId: opts.clientId ?? (await makeClient(t)) },
      invoiceItems: [{ description: 'Home visit', quantity: 1, unitPrice: 12_000 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  if (opts.finalise) expect((await t.admin.call(api.finaliseInvoice, { params: { id: res.json().id } })).statusCode).toBe(200);
  return res.json().id;
}
export async function makeEstimate(t: TestAccount, clientId?: string): Promise<string> {
  const res = await t.admin.call(api.estimateOps.create!, {
    body: {
      estimateData: { locationId: t.locationId, clientId: clientId ?? (await makeClient(t)) },
      estimateItems: [{ description: 'Private cremation', quantity: 1, highQuantity: 2, unitPrice: 30_000 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/taxCode/{id}': (t) => makeTaxCode(t),
  '/api/invoice/{id}': (t) => makeInvoice(t),
  '/api/invoice/{id}/finalise': (t) => makeInvoice(t),
  '/api/invoice/{id}/void': (t) => makeInvoice(t, { finalise: true }),
  '/api/invoice/{id}/creditNote': (t) => makeInvoice(t, { finalise: true }),
  '/api/invoice/{id}/email': (t) => makeInvoice(t),
  '/api/invoice/{id}/pdf': (t) => makeInvoice(t),
  '/api/estimate/{id}': (t) => makeEstimate(t),
  '/api/estimate/{id}/approve': (t) => makeEstimate(t),
  '/api/estimate/{id}/decline': (t) => makeEstimate(t),
  '/api/estimate/{id}/invoice': (t) => makeEstimate(t),
};
