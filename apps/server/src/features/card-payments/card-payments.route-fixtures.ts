// The card payments feature's fixtures for the route table test (test/route-fixtures.ts).
import { randomUUID } from 'node:crypto';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { makeClient } from '../clients/clients.route-fixtures.js';
import { cardPaymentRequestsRepository } from './card-payments.repository.js';

export const routeFixtures: RouteFixtures = {
  // Written directly (asking one talks to Stripe, which is not under test here): an open deposit request.
  '/api/cardPaymentRequest/{id}/cancel': async (t, ctx) => {
    const row = await cardPaymentRequestsRepository.insert(ctx.database.db, t, {
      locationId: t.locationId,
      clientId: await makeClient(t),
      purpose: 'deposit',
      amount: 5_000,
      currency: 'USD',
      stripeSessionId: `cs_test_${randomUUID()}`,
      url: 'https://checkout.stripe.test/pay',
      channel: 'screen',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return row.id;
  },
};
