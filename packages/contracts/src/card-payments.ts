import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { IdParams, idField, wrapped } from './rules.js';

/**
 * Card payments through a location's Stripe integration (docs/decisions/0116–0118): a request asks a
 * client to pay an amount by card, on Stripe's own Checkout page, against an invoice's balance or as
 * a deposit on an estimate (a family settling before a home visit). The link goes by email or SMS,
 * or is opened on screen for a client at the desk; Stripe's webhook records the payment once.
 * Amounts are integer cents of the account's currency.
 */

export const CARD_PAYMENT_MESSAGES = {
  created: 'Payment request sent',
  openedOnScreen: 'Payment page opened',
  createError: 'Error creating payment request',
  cancelled: 'Payment request cancelled',
  cancelError: 'Error cancelling payment request',
  listError: 'Error loading payment requests',
  /** the location has no Stripe integration: the same words as every integration that is missing */
  noStripe: 'This integration has not been set up properly',
  noStripeHelp: 'Card payments need the location’s Stripe integration. An administrator sets it up under Settings › Locations › Integrations.',
  notFinalised: 'Only a finalised invoice can be paid by card',
  nothingOwed: 'This invoice has nothing left to pay',
  moreThanBalance: 'must be at most what is left to pay on the invoice',
  moreThanEstimate: 'must be at most what is left of the estimate’s high amount after its deposits',
  estimateClosed: 'A deposit is taken on an open or approved estimate',
  notOpen: 'This payment request is no longer open',
  stripeRefused: 'Stripe did not create the payment page',
  /** a refund of money taken through Stripe goes back to the card through Stripe, or not at all */
  refundRefused: 'Stripe did not make the refund',
  eitherTarget: 'give either an invoice or an estimate',
  /** a client asked for a card payment is kept (docs/decisions/0155) */
  clientHasRequests: 'This client has card payment requests, which the books must keep, so they cannot be deleted for good. Archive them instead.',
} as const;

export const CARD_PAYMENT_PURPOSES = ['balance', 'deposit'] as const;
export type CardPaymentPurpose = (typeof CARD_PAYMENT_PURPOSES)[number];
export const CARD_PAYMENT_CHANNELS = ['email', 'sms', 'screen'] as const;
export type CardPaymentChannel = (typeof CARD_PAYMENT_CHANNELS)[number];
export const CARD_PAYMENT_CHANNEL_LABELS: Record<CardPaymentChannel, string> = { email: 'Email', sms: 'SMS', screen: 'Open on this screen' };
/** expired: Stripe's page closed before it was paid (a state read from the time, never stored) */
export const CARD_PAYMENT_STATES = ['open', 'paid', 'expired', 'cancelled'] as const;
export type CardPaymentState = (typeof CARD_PAYMENT_STATES)[number];
export const CARD_PAYMENT_STATE_LABELS: Record<CardPaymentState, string> = { open: 'Waiting for payment', paid: 'Paid', expired: 'Expired', cancelled: 'Cancelled' };

/** The most one request asks (cents): Stripe's own limit for a Checkout payment is $999,999.99. */
export const CARD_PAYMENT_MAX = 99_999_999;
/** Stripe's smallest charge in USD is $0.50. */
export const CARD_PAYMENT_MIN = 50;

export * from './card-payments.constants.js';

export const CardPaymentRequest = z.object({
  id: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  invoiceId: z.string().nullable(),
  estimateId: z.string().nullable(),
  purpose: z.enum(CARD_PAYMENT_PURPOSES),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.enum(CARD_PAYMENT_CHANNELS),
  state: z.enum(CARD_PAYMENT_STATES),
  /** Stripe's payment page, while it can still be paid */
  url: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** the payment the webhook recorded */
  paymentId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CardPaymentRequest = z.infer<typeof CardPaymentRequest>;

export const CardPaymentRequestCreated = CardPaymentRequest.extend({
  /** email and sms: the queued message's id */
  messageId: z.string().nullable(),
});
export type CardPaymentRequestCreated = z.infer<typeof CardPaymentRequestCreated>;

/**
 * Either `invoiceId` or `estimateId` (the server says which is wrong after it has looked both up, so
 * another account's id is not found rather than named).
 */
export const CardPaymentRequestInput = z.object({
  /** a balance: the finalised invoice it pays */
  invoiceId: idField().nullable().default(null),
  /** a deposit: the estimate it is held on until the estimate becomes an invoice */
  estimateId: idField().nullable().default(null),
  amount: z
    .number({ message: 'must be a number' })
    .int('must be a whole number of cents')
    .min(CARD_PAYMENT_MIN, `must be at least ${(CARD_PAYMENT_MIN / 100).toFixed(2)}`)
    .max(CARD_PAYMENT_MAX, `must be at most ${(CARD_PAYMENT_MAX / 100).toFixed(2)}`),
  channel: z.enum(CARD_PAYMENT_CHANNELS, 'must be email, sms or screen'),
});
export type CardPaymentRequestInput = z.input<typeof CardPaymentRequestInput>;

export const createCardPaymentRequest = operation({
  method: 'POST',
  path: '/api/cardPaymentRequest',
  access: authenticated,
  tag: 'card-payments',
  summary:
    'Ask a client to pay by card on Stripe’s page (a balance of an invoice or a deposit on an estimate): the link by email or SMS (queued) or to open on screen; honours Idempotency-Key',
  body: wrapped(CardPaymentRequestInput),
  response: CardPaymentRequestCreated,
  status: 201,
});

export const CardPaymentRequestListQuery = z
  .object({
    clientId: idField().optional(),
    invoiceId: idField().optional(),
    estimateId: idField().optional(),
  })
  .refine((q) => q.clientId || q.invoiceId || q.estimateId, { message: 'is required (or invoiceId or estimateId)', path: ['clientId'] });

export const listCardPaymentRequests = operation({
  method: 'GET',
  path: '/api/cardPaymentRequest',
  access: authenticated,
  tag: 'card-payments',
  summary: 'The card payment requests of a client, an invoice or an estimate (one is required), newest first',
  query: CardPaymentRequestListQuery,
  response: z.array(CardPaymentRequest),
});

export const cancelCardPaymentRequest = operation({
  method: 'POST',
  path: '/api/cardPaymentRequest/{id}/cancel',
  access: authenticated,
  tag: 'card-payments',
  summary: 'Cancel an open request: Stripe’s page is expired so it can no longer be paid',
  params: IdParams,
  response: CardPaymentRequest,
});
