import { z } from 'zod';
import { crudOperations } from './crud.js';
import { anyOf, authenticated, operation } from './operation.js';
import { DELETE_RECORDS, MANAGE_BILLING } from './permissions.js';
import { IdParams, idField, instantField, nameField, optionalText, PageQuery, patchOf, wrapped } from './rules.js';

/**
 * Payments and payment types (SPEC §7 "Lists with create, update and delete": payment, paymentType;
 * menu Business › Payments). Amounts are integer minor units (cents) of the account's currency.
 * A payment is split across a client's finalised invoices (allocations) or held on an estimate as a
 * deposit; what is not allocated is the client's credit. A refund is a row of its own against the
 * payment it gives back. Balances are sums over these rows (docs/decisions/0106), and money rows
 * are never edited (docs/decisions/0113).
 */

// ---------- texts (SPEC §8) ----------
export const PAYMENT_MESSAGES = {
  listError: 'Error loading payments',
  createError: 'Error creating payment',
  updateError: 'Error updating payment',
  deleteError: 'Error deleting payment',
  created: 'Payment created',
  updated: 'Payment updated',
  deleted: 'Payment deleted',
  refunded: 'Refund recorded',
  refundError: 'Error recording refund',
  creditAllocated: 'Credit applied to the invoice',
  creditError: 'Error applying credit',
  /** money that went through the card processor is given back by a refund, never deleted */
  cardDelete: 'A card payment cannot be deleted. Refund it instead.',
  hasRefunds: 'This payment has refunds. Delete the refunds first.',
  overAllocated: 'The allocations add up to more than the payment',
  refundTooMuch: 'A refund cannot be more than what was paid less earlier refunds',
  refundOfRefund: 'A refund cannot be refunded',
  refundUndo: 'The invoice this refund gave back to has been paid again since: deleting the refund would pay it twice',
  notFinalised: 'Only a finalised invoice takes payments',
  otherClient: 'The invoice belongs to another client',
  estimateOtherClient: 'The estimate belongs to another client',
  estimateClosed: 'Deposits are taken only on an open or approved estimate',
  noCredit: 'This client has no credit to apply',
  inactiveType: 'This payment type is no longer in use',
  /** a client with payments or refunds is kept (docs/decisions/0155) */
  clientHasPayments: 'This client has payments or refunds, which the books must keep, so they cannot be deleted for good. Archive them instead.',
} as const;

export const PAYMENT_TYPE_MESSAGES = {
  listError: 'Error loading payment types',
  createError: 'Error creating payment type',
  updateError: 'Error updating payment type',
  deleteError: 'Error deleting payment type',
  created: 'Payment type created',
  updated: 'Payment type updated',
  deleted: 'Payment type deleted',
  nameTaken: 'A payment type with this name already exists',
  inUse: 'This payment type has payments. Mark it inactive instead.',
} as const;

/** The Idempotency-Key header's texts (money-creating POSTs, docs/decisions/0115). */
export const IDEMPOTENCY_MESSAGES = {
  differentRequest: 'This Idempotency-Key was already used with a different request',
  inProgress: 'A request with this Idempotency-Key is still in progress',
  badKey: 'Idempotency-Key: must be 1 to 255 visible characters',
} as const;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer replayed from an earlier request with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

// ---------- payment types ----------
export const PAYMENT_METHODS = ['cash', 'card', 'cheque', 'bank_transfer', 'insurance', 'account_credit', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  insurance: 'Insurance',
  account_credit: 'Account credit',
  other: 'Other',
};
/** Every account starts with these (docs/decisions/0114); card payments use the 'card' one. */
export const DEFAULT_PAYMENT_TYPES: readonly { name: string; method: PaymentMethod }[] = [
  { name: 'Cash', method: 'cash' },
  { name: 'Card', method: 'card' },
  { name: 'Cheque', method: 'cheque' },
  { name: 'Bank transfer', method: 'bank_transfer' },
  { name: 'Insurance', method: 'insurance' },
  { name: 'Account credit', method: 'account_credit' },
];

export const PaymentType = z.object({
  id: z.string(),
  name: z.string(),
  method: z.enum(PAYMENT_METHODS),
  active: z.boolean(),
  position: z.number().int(),
});
export type PaymentType = z.infer<typeof PaymentType>;
export const PaymentTypeInput = z.object({
  name: nameField(60),
  method: z.enum(PAYMENT_METHODS, { message: 'must be one of the payment methods' }),
  active: z.boolean().default(true),
  position: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1000, 'must be at most 1000').default(0),
});
export type PaymentTypeInput = z.input<typeof PaymentTypeInput>;
export const paymentTypeOps = crudOperations({
  path: '/api/paymentType',
  tag: 'payments',
  noun: 'payment type',
  entity: PaymentType,
  read: authenticated,
  // How a practice is paid is the account's set-up, like its locations' tax codes (docs/decisions/0114).
  write: anyOf('account.manage', 'locations.manage'),
  list: { query: z.object({}) },
  create: { input: PaymentTypeInput },
  update: { input: patchOf(PaymentTypeInput) },
  remove: {},
});

// ---------- payments ----------
export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** The most one payment may be (cents): ten million in the currency's units. */
export const PAYMENT_MAX = 1_000_000_000;
const centsField = () =>
  z.number({ message: 'must be a number' }).int('must be whole cents').positive('must be more than 0').max(PAYMENT_MAX, 'is too large');

export const PaymentAllocation = z.object({
  id: z.string(),
  invoiceId: z.string().nullable(),
  estimateId: z.string().nullable(),
  /** INV-000042 for a finalised invoice, null for an estimate */
  invoiceNumber: z.number().int().nullable(),
  /** negative on a refund */
  amount: z.number().int(),
});
export type PaymentAllocation = z.infer<typeof PaymentAllocation>;

export const Payment = z.object({
  id: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  paymentTypeId: z.string().nullable(),
  paymentTypeName: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  currency: z.string(),
  /** cents, more than 0; a refund gives money back */
  amount: z.number().int(),
  receivedAt: z.string(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** a refund: the payment it gives back */
  refundOfPaymentId: z.string().nullable(),
  /** paid by card through the location's Stripe integration */
  card: z.boolean(),
  allocations: z.array(PaymentAllocation),
  /** a payment: what its refunds gave back */
  refunded: z.number().int(),
  /** a payment: what is on no invoice or estimate and not refunded (the client's credit from it) */
  unallocated: z.number().int(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof Payment>;

export const AllocationInput = z
  .object({
    invoiceId: idField().optional(),
    estimateId: idField().optional(),
    amount: centsField(),
  })
  .superRefine((a, ctx) => {
    // Both named is refused by the server once it has looked both up (another account's id is not found first).
    if (!a.invoiceId && !a.estimateId) ctx.addIssue({ code: 'custom', path: ['invoiceId'], message: 'name an invoice or an estimate' });
  });
export type AllocationInput = z.input<typeof AllocationInput>;

/** Not in the future (a day's slack for clocks and time zones). */
const receivedAtField = () =>
  instantField().refine((v) => Date.parse(v) <= Date.now() + 24 * 3600_000, 'must not be in the future');

export const PaymentInput = z
  .object({
    locationId: idField(),
    clientId: idField(),
    paymentTypeId: idField(),
    amount: centsField(),
    /** now when not given */
    receivedAt: receivedAtField().optional(),
    reference: optionalText(200).default(null),
    notes: optionalText(1000).default(null),
    /** where the money goes; the rest is the client's credit */
    allocations: z.array(AllocationInput).max(50, 'must have at most 50 allocations').default([]),
  })
  .superRefine((p, ctx) => {
    const targets = p.allocations.map((a) => a.invoiceId ?? a.estimateId);
    if (new Set(targets).size !== targets.length) ctx.addIssue({ code: 'custom', path: ['allocations'], message: 'name each invoice or estimate once' });
    const sum = p.allocations.reduce((s, a) => s + a.amount, 0);
    if (sum > p.amount) ctx.addIssue({ code: 'custom', path: ['allocations'], message: PAYMENT_MESSAGES.overAllocated, params: { verbatim: true } });
  });
export type PaymentInput = z.input<typeof PaymentInput>;

/** Money rows are never edited: only what describes the payment changes (docs/decisions/0113). */
export const PaymentUpdateInput = z.object({
  receivedAt: receivedAtField().optional(),
  reference: optionalText(200).optional(),
  notes: optionalText(1000).optional(),
});
export type PaymentUpdateInput = z.input<typeof PaymentUpdateInput>;

export const PaymentListQuery = PageQuery.extend({
  locationId: idField().optional(),
  clientId: idField().optional(),
  invoiceId: idField().optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
});

export const paymentOps = crudOperations({
  path: '/api/payment',
  tag: 'payments',
  noun: 'payment',
  entity: Payment,
  read: authenticated,
  // The front desk takes payments.
  write: authenticated,
  list: { query: PaymentListQuery, paged: true },
  get: {},
  create: { input: PaymentInput },
  update: { input: PaymentUpdateInput },
  // Deleting money for good (a payment recorded by mistake) is a right of its own; card payments are refunded.
  remove: { access: anyOf(DELETE_RECORDS) },
});

export const RefundInput = z.object({
  amount: centsField(),
  reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  /** how the money goes back; the payment's own type when not given */
  paymentTypeId: idField().optional(),
});
export type RefundInput = z.input<typeof RefundInput>;
export const refundPayment = operation({
  method: 'POST',
  path: '/api/payment/{id}/refund',
  // Money going out is a manager's call (decision 0132).
  access: anyOf(MANAGE_BILLING),
  tag: 'payments',
  summary:
    'Give back part or all of a payment: a refund row taken from the payment’s unallocated part first, then from its invoices (latest first); a payment taken through Stripe is refunded to the card at Stripe first (refused there: 409, nothing recorded); honours Idempotency-Key',
  params: IdParams,
  body: wrapped(RefundInput),
  response: Payment,
  status: 201,
});

export const AllocateCreditInput = z.object({
  clientId: idField(),
  invoiceId: idField(),
  /** cents; as much as both the credit and the invoice's balance allow when not given */
  amount: centsField().optional(),
});
export type AllocateCreditInput = z.input<typeof AllocateCreditInput>;
export const allocateCredit = operation({
  method: 'POST',
  path: '/api/payment/allocateCredit',
  access: authenticated,
  tag: 'payments',
  summary: 'Move a client’s unallocated credit (oldest payments first) onto one of their finalised invoices',
  body: wrapped(AllocateCreditInput),
  response: z.object({ allocated: z.number().int(), credit: z.number().int() }),
});
