// Security-critical: card payments. A request creates a Stripe Checkout Session with the
// location's own secret key; the payment is believed only from Stripe's signed webhook
// (stripe-webhooks.service.ts checks the signature) and is recorded once per payment intent, in
// the transaction that marks the event processed (docs/decisions/0116–0118). A refund of such a
// payment is made at Stripe before it is recorded (docs/decisions/0128).
import { randomUUID } from 'node:crypto';
import {
  CARD_PAYMENT_MESSAGES,
  CARD_PAYMENT_RETURN_PATHS,
  invoiceNumberLabel,
  type CardPaymentChannel,
  type CardPaymentPurpose,
  type CardPaymentRequest,
  type CardPaymentRequestCreated,
  type CardPaymentRequestInput,
  type InvoiceKind,
} from '@willow/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext, Caller } from '../../platform/access.js';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { Providers } from '../../platform/providers.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { type CommunicationsService, toE164 } from '../communications/index.js';
import {
  integrationRefused,
  withoutSecrets,
  type IntegrationsService,
  isStripeAuthError,
  isStripeError,
  type Stripe,
  stripeClient,
} from '../integrations/index.js';
import { balanceReads, estimatesRepository, invoicesRepository } from '../invoices/index.js';
import { locationsRepository } from '../locations/index.js';
import {
  allocationTargets,
  invoicePayments,
  paymentTypesRepository,
  type PaymentsService,
  type StripeRefundSeen,
} from '../payments/index.js';
import { usersRepository } from '../users/index.js';
import type { CardPaymentTexts } from './card-payment-texts.js';
import { cardPaymentRequestsRepository, type CardPaymentRequestRow } from './card-payments.repository.js';

type Input = z.output<typeof CardPaymentRequestInput>;

/** How long Stripe's page can be paid: Stripe's longest (24 hours), so an SMS read the next morning still works. */
export const CHECKOUT_LIFETIME_S = 24 * 3600;

/** Estimates a deposit can be taken on: not yet declined or turned into an invoice. */
const DEPOSIT_ESTIMATE_STATUSES = new Set(['open', 'approved']);

export function toCardPaymentRequest(r: CardPaymentRequestRow, now: Date = new Date()): CardPaymentRequest {
  const expired = r.status === 'open' && r.expiresAt !== null && r.expiresAt <= now;
  const state = expired ? 'expired' : (r.status as CardPaymentRequest['state']);
  return {
    id: r.id,
    locationId: r.locationId,
    clientId: r.clientId,
    invoiceId: r.invoiceId,
    estimateId: r.estimateId,
    purpose: r.purpose as CardPaymentPurpose,
    amount: r.amount,
    currency: r.currency,
    channel: r.channel as CardPaymentChannel,
    state,
    url: state === 'open' ? r.url : null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    paymentId: r.paymentId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What a request is for, as the checks found it. */
interface Target {
  purpose: CardPaymentPurpose;
  locationId: string;
  clientId: string;
  patientId: string | null;
  currency: string;
  invoiceId: string | null;
  estimateId: string | null;
  /** what Stripe's page and the message call it */
  label: string | null;
}

/** A Stripe object's id, whether Stripe sent the id or the expanded object. */
const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null);

/** A succeeded refund of a charge.refunded event's list, read defensively (the event is Stripe's). */
function refundSeen(r: unknown): StripeRefundSeen[] {
  if (!r || typeof r !== 'object') return [];
  const { id, amount, status, metadata } = r as { id?: unknown; amount?: unknown; status?: unknown; metadata?: { reason?: unknown } };
  if (typeof id !== 'string' || !Number.isSafeInteger(amount) || (amount as number) <= 0 || status === 'failed' || status === 'canceled') return [];
  const reason = typeof metadata?.reason === 'string' && metadata.reason.trim() ? metadata.reason.trim().slice(0, 500) : null;
  return [{ id, amount: amount as number, reason }];
}

export class CardPaymentsService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      audit: AuditService;
      integrations: IntegrationsService;
      communications: CommunicationsService;
      payments: PaymentsService;
      texts: CardPaymentTexts;
      providers: Providers;
      events: DomainEventBus;
    },
  ) {
    deps.audit.registerRecord('cardPaymentRequest', cardPaymentRequestsRepository);
    deps.events.on('stripe.eventReceived', 'card payments', (tx, caller, event) => this.onStripeEvent(tx, caller, event));
    // A refund of a payment Stripe took is made at Stripe first; other payments are not ours to refund.
    deps.events.on('payment.refunding', 'card payments', (tx, caller, refund) => this.refundAtStripe(tx, caller, refund));
    // A card payment asked of a client (paid, open or not) is the books' and Stripe's record too (decision 0155).
    deps.events.on('client.deleting', 'card-payments', async (tx, caller, { clientId }) => {
      if (await cardPaymentRequestsRepository.anyOfClient(tx, caller, clientId)) throw conflict(CARD_PAYMENT_MESSAGES.clientHasRequests);
    });
  }

  /**
   * Gives money taken through Stripe back to the card, inside the refund's transaction (the
   * payment locked) and before the refund is recorded. `refund.key` (payments names it from the
   * request's Idempotency-Key) is Stripe's idempotency key: retried after Stripe made it but the
   * answer or the transaction was lost, it is the same refund at Stripe, never a second.
   */
  private readonly refundAtStripe = async (tx: Executor, auth: Caller, refund: DomainEvents['payment.refunding']): Promise<string> => {
    const credentials = await this.deps.integrations.require(auth, refund.locationId, 'stripe', tx);
    const secretKey = credentials.privateKey!;
    const stripe = await stripeClient(secretKey, this.deps.providers.stripe);
    try {
      const made = await stripe.refunds.create(
        {
          payment_intent: refund.intentId,
          amount: refund.amount,
          metadata: { accountId: auth.accountId, locationId: refund.locationId, paymentId: refund.paymentId, reason: refund.reason },
        },
        { idempotencyKey: refund.key },
      );
      return made.id;
    } catch (err) {
      if (isStripeAuthError(err)) throw integrationRefused(`Stripe said: ${withoutSecrets(err.message, [secretKey])}`);
      if (isStripeError(err)) throw conflict(`${CARD_PAYMENT_MESSAGES.refundRefused}: ${withoutSecrets(err.message, [secretKey])}`);
      throw err;
    }
  };

  // --- staff: asking for a payment -------------------------------------------------------------

  /**
   * `run` is the transaction the request's rows are written in: the route's Idempotency-Key
   * transaction (platform/idempotency.ts), whose key is claimed before Stripe is asked, so a
   * request sent twice creates one page at Stripe and one request.
   */
  async create(
    auth: AuthContext,
    input: Input,
    opts: { log?: FastifyBaseLogger | undefined; run?: <R>(work: (tx: Executor) => Promise<R>) => Promise<R> } = {},
  ): Promise<CardPaymentRequestCreated> {
    const run = opts.run ?? ((work) => this.db.transaction(work));
    const log = opts.log;
    const target = await this.targetOf(auth, input);
    const client = await clientsRepository.findById(this.db, auth, target.clientId);
    if (!client) throw notFound();
    if (input.channel !== 'screen') {
      // A link nobody receives is no use: the channel must be ready before Stripe is asked.
      const ready = (await this.deps.communications.channels(auth, client.id))[input.channel];
      if (!ready.ready) throw conflict(ready.reason ?? CARD_PAYMENT_MESSAGES.createError);
    }
    const credentials = await this.deps.integrations.require(auth, target.locationId, 'stripe');
    const secretKey = credentials.privateKey!;
    const location = await locationsRepository.findById(this.db, auth, target.locationId);
    const user = await usersRepository.findSignedIn(this.db, auth);
    const appUrl = this.deps.providers.appUrl;
    const stripe = await stripeClient(secretKey, this.deps.providers.stripe);
    const what = target.purpose === 'deposit' ? 'Deposit' : `Invoice ${target.label ?? ''}`.trim();

    return run(async (tx) => {
      const id = randomUUID();
      const metadata = { accountId: auth.accountId, locationId: target.locationId, requestId: id };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: target.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: `${what} — ${location?.name ?? ''}`.trim() } },
              },
            ],
            metadata,
            // The payment intent carries the same ids: its own event finds the request too.
            payment_intent_data: { metadata },
            client_reference_id: id,
            ...(client.email && { customer_email: client.email }),
            success_url: `${appUrl}${CARD_PAYMENT_RETURN_PATHS.paid}`,
            cancel_url: `${appUrl}${CARD_PAYMENT_RETURN_PATHS.cancelled}`,
            expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_S,
          },
          // A retry of this very call at Stripe makes no second session.
          { idempotencyKey: `card-payment-request-${id}` },
        );
      } catch (err) {
        if (isStripeAuthError(err)) throw integrationRefused(`Stripe said: ${withoutSecrets(err.message, [secretKey])}`);
        if (isStripeError(err)) throw badRequest(`${CARD_PAYMENT_MESSAGES.stripeRefused}: ${withoutSecrets(err.message, [secretKey])}`);
        throw err;
      }
      const url = session.url;
      try {
        if (!url) throw badRequest(CARD_PAYMENT_MESSAGES.stripeRefused);
        // a super administrator working in another account is not one of its staff
        const staffUserId = auth.homeAccountId === auth.accountId ? auth.userId : null;
        const row = await cardPaymentRequestsRepository.insertWithId(tx, auth, id, {
          locationId: target.locationId,
          clientId: client.id,
          invoiceId: target.invoiceId,
          estimateId: target.estimateId,
          purpose: target.purpose,
          amount: input.amount,
          currency: target.currency,
          stripeSessionId: session.id,
          url,
          status: 'open',
          channel: input.channel,
          expiresAt: new Date(session.expires_at * 1000),
          createdById: staffUserId,
        });
        let messageId: string | null = null;
        if (input.channel !== 'screen') {
          const text = await this.deps.texts.linkMessage(tx, auth, {
            channel: input.channel,
            url,
            amount: input.amount,
            currency: target.currency,
            purpose: target.purpose,
            invoiceLabel: target.label,
            locationId: target.locationId,
            clientId: client.id,
            patientId: target.patientId,
            staffUserId,
          });
          const message = await this.deps.communications.enqueue(tx, auth, {
            locationId: target.locationId,
            clientId: client.id,
            channel: input.channel,
            to: input.channel === 'email' ? client.email! : toE164(client.phone!),
            subject: text.subject,
            body: text.body,
            sentBy: user ? { id: user.id, name: `${user.firstName} ${user.lastName}` } : null,
          });
          messageId = message.id;
        }
        await this.deps.audit.record(tx, auth, [{ entityType: 'cardPaymentRequest', entityId: row.id, action: 'create', after: row }]);
        return { ...toCardPaymentRequest(row), messageId };
      } catch (err) {
        // Nothing here will name the page: it must not stay payable at Stripe.
        await stripe.checkout.sessions
          .expire(session.id)
          .catch((e: unknown) => log?.warn({ session: session.id, problem: isStripeError(e) ? withoutSecrets(e.message, [secretKey]) : 'unknown' }, 'a Checkout Session could not be expired'));
        throw err;
      }
    });
  }

  /** The invoice or estimate paid, checked: the account's, payable, and the amount within what is owed. */
  private async targetOf(scope: Scope, input: Input): Promise<Target> {
    // Both looked up before either is judged: another account's id is not found, whichever it is.
    const [[invoice], estimate] = await Promise.all([
      input.invoiceId ? balanceReads(invoicePayments).withExtras(this.db, scope, [input.invoiceId]) : [],
      input.estimateId ? estimatesRepository.findById(this.db, scope, input.estimateId) : undefined,
    ]);
    if ((input.invoiceId && !invoice) || (input.estimateId && !estimate)) throw notFound();
    if (invoice && estimate) throw badRequest(`estimateId: ${CARD_PAYMENT_MESSAGES.eitherTarget}`);
    if (invoice) {
      if (invoice.kind !== 'invoice' || invoice.status !== 'finalised') throw conflict(CARD_PAYMENT_MESSAGES.notFinalised);
      if (invoice.balance <= 0) throw conflict(CARD_PAYMENT_MESSAGES.nothingOwed);
      if (input.amount > invoice.balance) throw badRequest(`amount: ${CARD_PAYMENT_MESSAGES.moreThanBalance}`);
      return {
        purpose: 'balance',
        locationId: invoice.locationId,
        clientId: invoice.clientId,
        patientId: invoice.patientId,
        currency: invoice.currency,
        invoiceId: invoice.id,
        estimateId: null,
        label: invoiceNumberLabel(invoice.kind as InvoiceKind, invoice.number),
      };
    }
    if (!estimate) throw badRequest(`invoiceId: ${CARD_PAYMENT_MESSAGES.eitherTarget}`);
    if (!DEPOSIT_ESTIMATE_STATUSES.has(estimate.status)) throw conflict(CARD_PAYMENT_MESSAGES.estimateClosed);
    // Deposits held on an estimate never pass its high amount (what the payments feature allows on it).
    const [held] = await this.db.transaction((tx) => allocationTargets.lockEstimates(tx, scope, [estimate.id]));
    if (held && input.amount > held.highTotal - held.deposit) throw badRequest(`amount: ${CARD_PAYMENT_MESSAGES.moreThanEstimate}`);
    return {
      purpose: 'deposit',
      locationId: estimate.locationId,
      clientId: estimate.clientId,
      patientId: estimate.patientId,
      currency: estimate.currency,
      invoiceId: null,
      estimateId: estimate.id,
      label: null,
    };
  }

  async list(auth: AuthContext, q: { clientId?: string | undefined; invoiceId?: string | undefined; estimateId?: string | undefined }): Promise<CardPaymentRequest[]> {
    await assertFiltersVisible(this.db, auth, [
      [clientsRepository, q.clientId],
      [invoicesRepository, q.invoiceId],
      [estimatesRepository, q.estimateId],
    ]);
    const now = new Date();
    return (await cardPaymentRequestsRepository.listFor(this.db, auth, q)).map((r) => toCardPaymentRequest(r, now));
  }

  /**
   * Cancels an open request: Stripe's page is expired first, so it cannot be paid after it was
   * cancelled here. A page Stripe already completed is not cancelled: its payment is on its way.
   */
  async cancel(auth: AuthContext, id: string): Promise<CardPaymentRequest> {
    const row = await cardPaymentRequestsRepository.findById(this.db, auth, id);
    if (!row) throw notFound();
    if (toCardPaymentRequest(row).state !== 'open' || !row.stripeSessionId) throw conflict(CARD_PAYMENT_MESSAGES.notOpen);
    const credentials = await this.deps.integrations.require(auth, row.locationId, 'stripe');
    const secretKey = credentials.privateKey!;
    try {
      await (await stripeClient(secretKey, this.deps.providers.stripe)).checkout.sessions.expire(row.stripeSessionId);
    } catch (err) {
      if (isStripeAuthError(err)) throw integrationRefused(`Stripe said: ${withoutSecrets(err.message, [secretKey])}`);
      // Stripe refuses to expire a session that is complete (paid) or already expired.
      if (isStripeError(err)) throw conflict(CARD_PAYMENT_MESSAGES.notOpen);
      throw err;
    }
    return this.db.transaction(async (tx) => {
      const cancelled = await cardPaymentRequestsRepository.cancelIfOpen(tx, auth, id);
      if (!cancelled) throw conflict(CARD_PAYMENT_MESSAGES.notOpen);
      await this.deps.audit.record(tx, auth, [{ entityType: 'cardPaymentRequest', entityId: id, action: 'update', before: row, after: cancelled }]);
      return toCardPaymentRequest(cancelled);
    });
  }

  // --- Stripe's webhook: the payment ------------------------------------------------------------

  /**
   * A verified event of a location's webhook, inside the transaction that records it and marks it
   * processed. checkout.session.completed and payment_intent.succeeded both say one payment
   * succeeded: whichever comes first records it, with the request held FOR UPDATE, and the other
   * finds the request paid (the unique payment intent index stands behind that). Answers whether
   * the event was about a request of ours.
   */
  private readonly onStripeEvent = async (tx: Executor, scope: Scope, event: DomainEvents['stripe.eventReceived']): Promise<boolean> => {
    let found: { request: CardPaymentRequestRow; intentId: string; amount: number } | undefined;
    const object = event.object;
    if (event.type === 'checkout.session.completed') {
      if (object.payment_status !== 'paid' || typeof object.id !== 'string') return false;
      const request = await cardPaymentRequestsRepository.lockBySession(tx, scope, event.locationId, object.id);
      const intentId = idOf(object.payment_intent);
      if (!request || !intentId) return false;
      found = { request, intentId, amount: Number(object.amount_total) };
    } else if (event.type === 'payment_intent.succeeded') {
      const requestId = (object.metadata as Record<string, unknown> | undefined)?.requestId;
      if (typeof requestId !== 'string' || !/^[0-9a-f-]{36}$/i.test(requestId) || typeof object.id !== 'string') return false;
      const request = await cardPaymentRequestsRepository.lockById(tx, scope, event.locationId, requestId);
      if (!request) return false;
      found = { request, intentId: object.id, amount: Number(object.amount_received ?? object.amount) };
    } else if (event.type === 'charge.refunded') {
      // Refunds the portal made are recorded already; one made in Stripe's dashboard is recorded now.
      const intentId = idOf(object.payment_intent);
      const refundedAtStripe = Number(object.amount_refunded);
      if (!intentId || !Number.isSafeInteger(refundedAtStripe) || refundedAtStripe <= 0) return false;
      const listed = (object.refunds as { data?: unknown } | undefined)?.data;
      const refunds = Array.isArray(listed) ? listed.flatMap(refundSeen) : null;
      return this.deps.payments.recordStripeRefunds(tx, scope, { locationId: event.locationId, intentId, refundedAtStripe, refunds });
    } else {
      return false;
    }
    const { request, intentId } = found;
    if (request.status === 'paid') return true;
    // What Stripe took is what is recorded; it is what the request asked unless Stripe says otherwise.
    const amount = Number.isInteger(found.amount) && found.amount > 0 ? found.amount : request.amount;
    const cardType = await paymentTypesRepository.firstOfMethod(tx, scope, 'card');
    const payment = {
      locationId: request.locationId,
      clientId: request.clientId,
      paymentTypeId: cardType?.id ?? null,
      amount,
      receivedAt: event.occurredAt,
      reference: intentId,
      stripePaymentIntentId: intentId,
      cardPaymentRequestId: request.id,
      createdById: request.createdById,
    };
    const target = request.invoiceId ? { invoiceId: request.invoiceId } : { estimateId: request.estimateId! };
    let recorded: { id: string };
    try {
      // In a savepoint: if the invoice can no longer take it (paid meanwhile at the desk, voided),
      // the money Stripe took is still the client's, so it is recorded as their credit instead.
      recorded = await tx.transaction((sp) => this.deps.payments.record(sp, scope, { ...payment, allocations: [{ ...target, amount }] }));
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      recorded = await this.deps.payments.record(tx, scope, { ...payment, allocations: [] });
    }
    await cardPaymentRequestsRepository.markPaid(tx, scope, request.id, recorded.id);
    return true;
  };
}
