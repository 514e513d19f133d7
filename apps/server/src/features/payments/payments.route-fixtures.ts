// The payments feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import { unique, type RouteFixtures } from '../../../test/route-fixtures.js';
import { makeClient } from '../clients/clients.route-fixtures.js';

export async function makePaymentType(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.paymentTypeOps.create, { body: { data: { name: `Voucher ${unique()}`, method: 'other' } } });
  return res.json().id;
}
/** A cash payment of a new client, kept as their credit. */
export async function makePayment(t: TestAccount, clientId?: string, amount = 1_000): Promise<string> {
  const types = (await t.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[];
  const res = await t.admin.call(api.paymentOps.create, {
    body: { data: { locationId: t.locationId, clientId: clientId ?? (await makeClient(t)), paymentTypeId: types[0]!.id, amount } },
  });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/paymentType/{id}': (t) => makePaymentType(t),
  '/api/payment/{id}': (t) => makePayment(t),
  '/api/payment/{id}/refund': (t) => makePayment(t),
};
