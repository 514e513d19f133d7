import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.table.js';
import { estimates, invoices } from '../invoices/invoices.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { payments } from '../payments/payments.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

const cents = () => bigint({ mode: 'number' });

/**
 * A card payment asked of a client through the location's Stripe integration: a Checkout Session
 * whose link is sent by email or SMS, or opened on screen (a deposit before a home visit, a balance).
 */
export const cardPaymentRequests = pgTable(
  'card_payment_requests',
  {
    ...tenantKey(),
    locationId: locationRef(),
    clientId: uuid().notNull(),
    invoiceId: uuid(),
    estimateId: uuid(),
    /** deposit or balance */
    purpose: text().notNull(),
    amount: cents().notNull(),
    currency: text().notNull(),
    stripeSessionId: text(),
    url: text(),
    /** open, paid, expired, cancelled */
    status: text().notNull().default('open'),
    /** email, sms or screen */
    channel: text().notNull(),
    paymentId: uuid(),
    expiresAt: timestamp({ withTimezone: true }),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    // A card payment asked for is the books' (and Stripe's) record: its location and client never go (decision 0155).
    locationReference('card_payment_requests', t, 'no action'),
    tenantReference('card_payment_requests', t, t.clientId, clients),
    tenantReference('card_payment_requests', t, t.invoiceId, invoices, 'restrict'),
    tenantReference('card_payment_requests', t, t.estimateId, estimates, 'restrict'),
    tenantReference('card_payment_requests', t, t.paymentId, payments),
    uniqueIndex('card_payment_requests_session_unique').on(t.accountId, t.stripeSessionId),
    index().on(t.accountId, t.clientId),
  ],
);
