import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clients } from '../clients/clients.table.js';
import { estimates, invoices } from '../invoices/invoices.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

const cents = () => bigint({ mode: 'number' });

/** How a practice is paid (cash, card, cheque, bank transfer, insurance, account credit…), per account. */
export const paymentTypes = pgTable(
  'payment_types',
  {
    ...tenantKey(),
    name: text().notNull(),
    /** cash, card, cheque, bank_transfer, insurance, account_credit, other */
    method: text().notNull(),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('payment_types_name_unique').on(t.accountId, t.name)],
);

/**
 * Money received from a client (kind payment) or given back (kind refund, linked to the payment it
 * refunds). Rows are never a running figure: balances are sums over these rows and their
 * allocations, so two requests at once each add a row and neither overwrites the other.
 */
export const payments = pgTable(
  'payments',
  {
    ...tenantKey(),
    locationId: locationRef(),
    clientId: uuid().notNull(),
    paymentTypeId: uuid(),
    /** payment or refund */
    kind: text().notNull().default('payment'),
    /** cents, more than 0; a refund's sign comes from its kind */
    amount: cents().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reference: text(),
    notes: text(),
    refundOfPaymentId: uuid(),
    /** a card payment: Stripe's payment intent (the webhook delivered twice records one payment) */
    stripePaymentIntentId: text(),
    cardPaymentRequestId: uuid(),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    // Money received and given back is the books: its location and client never go (decision 0155).
    locationReference('payments', t, 'no action'),
    tenantReference('payments', t, t.clientId, clients),
    tenantReference('payments', t, t.paymentTypeId, paymentTypes),
    tenantReference('payments', t, t.refundOfPaymentId, t),
    tenantReference('payments', t, t.createdById, users),
    uniqueIndex('payments_stripe_intent_unique').on(t.accountId, t.kind, t.stripePaymentIntentId),
    index().on(t.accountId, t.locationId, t.receivedAt),
    index().on(t.accountId, t.clientId),
    // A payment's refunds, read beside each payment a list answers (what was given back of it).
    index()
      .on(t.accountId, t.refundOfPaymentId)
      .where(sql`${t.refundOfPaymentId} is not null`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Where a payment went: one payment split across several invoices, or held on an estimate as a
 * deposit (moved to the invoice the estimate becomes). What is not allocated is the client's credit.
 * A refund's allocations are negative.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    ...tenantKey(),
    paymentId: uuid().notNull(),
    invoiceId: uuid(),
    estimateId: uuid(),
    amount: cents().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('payment_allocations', t, t.paymentId, payments, 'cascade'),
    // Where money went stays said: the invoice or estimate is never deleted, nor cleared, under it (decision 0155).
    tenantReference('payment_allocations', t, t.invoiceId, invoices, 'restrict'),
    tenantReference('payment_allocations', t, t.estimateId, estimates, 'restrict'),
    index().on(t.accountId, t.paymentId),
    index().on(t.accountId, t.invoiceId),
    index().on(t.accountId, t.estimateId),
    check('payment_allocations_target', sql`(${t.invoiceId} is null) <> (${t.estimateId} is null)`),
  ],
);
