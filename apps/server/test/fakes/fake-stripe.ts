// Stripe's API as far as the portal uses it, on loopback: Bearer secret keys checked, webhook
// endpoints registered with a signing secret, events signed the way Stripe signs them, and
// Checkout Sessions with a hosted page where a person pays with a test card, after which the
// signed events go to the endpoints of that Stripe account and the browser to the success URL;
// refunds of what was paid, never more than is left, once per Idempotency-Key.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { bearer, formBody, nestedFormBody, startHttpFake, type FakeAnswer, type FakeRequest, type HttpFake } from './http-fake.js';

export interface FakeWebhookEndpoint {
  id: string;
  url: string;
  enabled_events: string[];
  secret: string;
  metadata: Record<string, string>;
  /** the secret key it was registered with (the Stripe account it belongs to) */
  key: string;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  /** what the page shows: the first line's product name */
  description: string;
  payment_intent: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
  /** the secret key it was created with (the Stripe account it belongs to) */
  key: string;
  /** payment_intent_data[metadata]: what the payment intent carries */
  intentMetadata: Record<string, string>;
}

/** A payment intent a paid session made: what was taken, and what refunds gave back. */
export interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  refunded: number;
  /** the secret key of the Stripe account it belongs to */
  key: string;
}

/** A refund Stripe made. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** An event the fake sent to an endpoint, and what the endpoint answered. */
export interface FakeDelivery {
  endpointId: string;
  type: string;
  status: number;
  /** charge.refunded: the charge's refunds */
  refundIds?: string[];
}

/** How the fake reaches an endpoint: over HTTP by default; tests of an app without a listener inject it. */
export type Deliver = (to: { url: string; body: string; signature: string }) => Promise<number>;

/** Stripe's test cards: this one pays, the declined one is refused. */
export const TEST_CARDS = { pays: '4242424242424242', declined: '4000000000000002' } as const;

export interface FakeStripe extends HttpFake {
  /** secret keys Stripe knows; any other is refused as Stripe refuses it */
  keys: Set<string>;
  endpoints: Map<string, FakeWebhookEndpoint>;
  sessions: Map<string, FakeCheckoutSession>;
  intents: Map<string, FakePaymentIntent>;
  /** every refund made, once each (a repeated Idempotency-Key answers the first one again) */
  refunds: FakeRefund[];
  deliveries: FakeDelivery[];
  /** replaced by tests whose app does not listen (fastify inject) */
  deliver: Deliver;
  /** an event as Stripe would send it to an endpoint: its body and its Stripe-Signature header */
  signedEvent(endpointId: string, event: { id?: string; type: string; object: Record<string, unknown> }): { body: string; signature: string };
  /**
   * What the hosted page's Pay button does: completes an open session with a payment intent and
   * sends checkout.session.completed and payment_intent.succeeded to the account's endpoints.
   */
  pay(sessionId: string): Promise<FakeCheckoutSession>;
  /** A refund made in Stripe's own dashboard: the charge.refunded event is sent before this settles. */
  refundInDashboard(intentId: string, amount: number): Promise<FakeRefund>;
  /** The session as Stripe's API answers it. */
  publicSession(session: FakeCheckoutSession): Record<string, unknown>;
}

const error = (status: number, type: string, message: string, code?: string): FakeAnswer => ({ status, body: { error: { type, message, ...(code && { code }) } } });

export async function startFakeStripe(keys: string[] = []): Promise<FakeStripe> {
  const known = new Set(keys);
  const endpoints = new Map<string, FakeWebhookEndpoint>();
  const authed = (handler: (req: FakeRequest, key: string) => FakeAnswer) => (req: FakeRequest) => {
    const key = bearer(req);
    // Stripe says which key it refused (its real answer masks most of it; echoing it whole here
    // proves the portal never passes a key on).
    if (!key || !known.has(key)) return error(401, 'invalid_request_error', `Invalid API Key provided: ${key ?? ''}`);
    return handler(req, key);
  };
  const publicEndpoint = (e: FakeWebhookEndpoint) => ({
    id: e.id,
    object: 'webhook_endpoint',
    url: e.url,
    enabled_events: e.enabled_events,
    metadata: e.metadata,
    status: 'enabled',
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  });
  const mine = (req: FakeRequest, key: string) => {
    const e = endpoints.get(req.params.id!);
    return e && e.key === key ? e : undefined;
  };
  const missing = (id: string) => error(404, 'invalid_request_error', `No such webhook endpoint: '${id}'`, 'resource_missing');

  const sessions = new Map<string, FakeCheckoutSession>();
  const deliveries: FakeDelivery[] = [];
  let base = '';
  const publicSession = ({ key: _key, intentMetadata: _m, description: _d, ...s }: FakeCheckoutSession) => ({ ...s, url: s.status === 'open' ? `${base}/checkout/${s.id}` : null });
  const noSession = (id: string) => error(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing');
  const mySession = (req: FakeRequest, key: string) => {
    const s = sessions.get(req.params.id!);
    return s && s.key === key ? s : undefined;
  };
  /** Stripe closes an open session at its expires_at. */
  const current = (s: FakeCheckoutSession) => {
    if (s.status === 'open' && s.expires_at * 1000 <= Date.now()) s.status = 'expired';
    return s;
  };

  function createSession(req: FakeRequest, key: string): FakeAnswer {
    const form = nestedFormBody(req.text) as Record<string, any>;
    const missingParam = (name: string) => error(400, 'invalid_request_error', `Missing required param: ${name}.`);
    if (form.mode !== 'payment') return error(400, 'invalid_request_error', 'Invalid mode: must be payment here.');
    if (typeof form.success_url !== 'string' || !/^https?:\/\//.test(form.success_url)) return missingParam('success_url');
    const line = Array.isArray(form.line_items) ? form.line_items[0] : undefined;
    const price = line?.price_data;
    if (!price) return missingParam('line_items');
    const unit = Number(price.unit_amount);
    const quantity = Number(line.quantity ?? 1);
    if (!Number.isInteger(unit) || unit < 50) return error(400, 'invalid_request_error', 'The Checkout Session\'s total amount due must add up to at least $0.50 usd');
    if (typeof price.currency !== 'string' || !/^[a-z]{3}$/.test(price.currency)) return missingParam('line_items[0][price_data][currency]');
    if (!price.product_data?.name) return missingParam('line_items[0][price_data][product_data][name]');
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = form.expires_at === undefined ? now + 24 * 3600 : Number(form.expires_at);
    if (!(expiresAt >= now + 30 * 60 - 5 && expiresAt <= now + 24 * 3600 + 5)) {
      return error(400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
    const session: FakeCheckoutSession = {
      id: `cs_test_${randomBytes(16).toString('hex')}`,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: unit * quantity,
      currency: price.currency,
      description: String(price.product_data.name),
      payment_intent: null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      success_url: form.success_url,
      cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      expires_at: expiresAt,
      created: now,
      livemode: false,
      url: null,
      key,
      intentMetadata: (form.payment_intent_data?.metadata as Record<string, string>) ?? {},
    };
    sessions.set(session.id, session);
    return { status: 200, body: publicSession(session) };
  }

  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = (status: number, title: string, body: string): FakeAnswer => ({
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  });

  /** The hosted page: what is paid, a card field and a Pay button (the test card pays). */
  function checkoutPage(req: FakeRequest, problem?: string): FakeAnswer {
    const s = sessions.get(req.params.id!);
    if (!s) return html(404, 'Not found', '<h1>This page was not found</h1>');
    current(s);
    if (s.status !== 'open') return html(410, 'Expired', `<h1>${s.status === 'complete' ? 'This payment is complete' : 'This payment page has expired'}</h1>`);
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: s.currency.toUpperCase() }).format(s.amount_total / 100);
    return html(
      problem ? 402 : 200,
      'Pay — Stripe test mode',
      `<h1>${escapeHtml(s.description)}</h1><p>Pay <strong data-testid="amount">${amount}</strong></p>` +
        (problem ? `<p role="alert">${escapeHtml(problem)}</p>` : '') +
        `<form method="post" action="/checkout/${s.id}/pay"><label>Card number <input name="card" inputmode="numeric" autocomplete="cc-number"></label>` +
        `<label>Expiry <input name="expiry" placeholder="MM / YY"></label><label>CVC <input name="cvc"></label>` +
        `<button type="submit">Pay</button></form>` +
        (s.cancel_url ? `<p><a href="${escapeHtml(s.cancel_url)}">Back</a></p>` : ''),
    );
  }

  const intents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  /** Stripe answers a repeated Idempotency-Key (per account) with its first answer. */
  const idempotent = new Map<string, FakeAnswer>();

  /** POST /v1/refunds: part or all of a payment intent's money back, never more than is left. */
  function createRefund(req: FakeRequest, key: string): FakeAnswer {
    const idempotencyKey = req.headers['idempotency-key'];
    const remembered = typeof idempotencyKey === 'string' ? `${key} ${idempotencyKey}` : undefined;
    if (remembered && idempotent.has(remembered)) return idempotent.get(remembered)!;
    const form = nestedFormBody(req.text) as Record<string, any>;
    const intent = typeof form.payment_intent === 'string' ? intents.get(form.payment_intent) : undefined;
    if (!intent || intent.key !== key) return error(404, 'invalid_request_error', `No such payment_intent: '${String(form.payment_intent ?? '')}'`, 'resource_missing');
    const left = intent.amount - intent.refunded;
    const amount = form.amount === undefined ? left : Number(form.amount);
    let answer: FakeAnswer;
    if (left === 0) answer = error(400, 'invalid_request_error', `Charge for payment intent ${intent.id} has already been refunded.`, 'charge_already_refunded');
    else if (!Number.isInteger(amount) || amount <= 0) answer = error(400, 'invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer');
    else if (amount > left) {
      const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      answer = error(400, 'invalid_request_error', `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`, 'amount_too_large');
    } else {
      const { refund, sent } = refundIntent(intent, amount, form);
      answer = { status: 200, body: refund };
      // Stripe's event follows its answer, on its own time: the caller may still be in the transaction.
      setImmediate(() => void sent());
    }
    if (remembered) idempotent.set(remembered, answer);
    return answer;
  }

  async function complete(s: FakeCheckoutSession): Promise<void> {
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = `pi_${randomBytes(12).toString('hex')}`;
    intents.set(s.payment_intent, { id: s.payment_intent, amount: s.amount_total, currency: s.currency, refunded: 0, key: s.key });
    const intent = {
      id: s.payment_intent,
      object: 'payment_intent',
      amount: s.amount_total,
      amount_received: s.amount_total,
      currency: s.currency,
      status: 'succeeded',
      metadata: s.intentMetadata,
      livemode: false,
    };
    await send(s.key, [
      ['checkout.session.completed', publicSession(s)],
      ['payment_intent.succeeded', intent],
    ]);
  }

  /** As Stripe does, events go to every endpoint of the Stripe account (`key`) that asked for them. */
  async function send(key: string, events: (readonly [string, Record<string, unknown>])[]): Promise<void> {
    for (const endpoint of endpoints.values()) {
      if (endpoint.key !== key) continue;
      for (const [type, object] of events) {
        if (!endpoint.enabled_events.includes(type) && !endpoint.enabled_events.includes('*')) continue;
        const event = fakeApi.signedEvent(endpoint.id, { type, object });
        const status = await fakeApi.deliver({ url: endpoint.url, ...event }).catch(() => 0);
        const refundList = (object.refunds as { data?: { id: string }[] } | undefined)?.data;
        deliveries.push({ endpointId: endpoint.id, type, status, ...(refundList && { refundIds: refundList.map((r) => r.id) }) });
      }
    }
  }

  /** Refunds `amount` of an intent and says so in a charge.refunded event (the charge, with its refunds newest first). */
  function refundIntent(intent: FakePaymentIntent, amount: number, form: Record<string, any>): { refund: FakeRefund; sent: () => Promise<void> } {
    intent.refunded += amount;
    const refund: FakeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: typeof form.reason === 'string' ? form.reason : null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    const charge = {
      id: `ch_${intent.id.slice(3)}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: intent.refunded,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: intent.refunded === intent.amount,
      refunds: { object: 'list', data: refunds.filter((r) => r.payment_intent === intent.id).reverse() },
    };
    return { refund, sent: () => send(intent.key, [['charge.refunded', charge]]) };
  }

  const fake = await startHttpFake([
    ['POST', '/v1/checkout/sessions', authed(createSession)],
    ['GET', '/v1/checkout/sessions/:id', authed((req, key) => {
      const s = mySession(req, key);
      return s ? { status: 200, body: publicSession(current(s)) } : noSession(req.params.id!);
    })],
    ['POST', '/v1/checkout/sessions/:id/expire', authed((req, key) => {
      const s = mySession(req, key);
      if (!s) return noSession(req.params.id!);
      if (current(s).status !== 'open') return error(400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.');
      s.status = 'expired';
      return { status: 200, body: publicSession(s) };
    })],
    ['GET', '/checkout/:id', (req) => checkoutPage(req)],
    ['POST', '/checkout/:id/pay', async (req) => {
      const s = sessions.get(req.params.id!);
      if (!s || current(s).status !== 'open') return checkoutPage(req);
      const card = new URLSearchParams(req.text).get('card')?.replace(/\s+/g, '') ?? '';
      if (card === TEST_CARDS.declined) return checkoutPage(req, 'Your card was declined.');
      if (card !== TEST_CARDS.pays) return checkoutPage(req, 'Your card number is invalid.');
      await complete(s);
      return { status: 303, headers: { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) } };
    }],
    ['POST', '/v1/refunds', authed(createRefund)],
    ['GET', '/v1/balance', authed(() => ({ status: 200, body: { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [], livemode: false } }))],
    [
      'POST',
      '/v1/webhook_endpoints',
      authed((req, key) => {
        const form = formBody(req.text);
        if (typeof form.url !== 'string' || !/^https?:\/\//.test(form.url)) return error(400, 'invalid_request_error', 'Missing required param: url.');
        if (!Array.isArray(form.enabled_events) || form.enabled_events.length === 0) return error(400, 'invalid_request_error', 'Missing required param: enabled_events.');
        const endpoint: FakeWebhookEndpoint = {
          id: `we_${randomBytes(12).toString('hex')}`,
          url: form.url,
          enabled_events: form.enabled_events,
          secret: `whsec_${randomBytes(24).toString('hex')}`,
          metadata: (form.metadata as Record<string, string>) ?? {},
          key,
        };
        endpoints.set(endpoint.id, endpoint);
        return { status: 200, body: { ...publicEndpoint(endpoint), secret: endpoint.secret } };
      }),
    ],
    ['GET', '/v1/webhook_endpoints/:id', authed((req, key) => {
      const e = mine(req, key);
      return e ? { status: 200, body: publicEndpoint(e) } : missing(req.params.id!);
    })],
    ['DELETE', '/v1/webhook_endpoints/:id', authed((req, key) => {
      const e = mine(req, key);
      if (!e) return missing(req.params.id!);
      endpoints.delete(e.id);
      return { status: 200, body: { id: e.id, object: 'webhook_endpoint', deleted: true } };
    })],
  ]);

  base = fake.url;
  const fakeApi: FakeStripe = {
    ...fake,
    keys: known,
    endpoints,
    sessions,
    intents,
    refunds,
    deliveries,
    deliver: async ({ url, body, signature }) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body });
      return res.status;
    },
    publicSession,
    async pay(sessionId) {
      const s = sessions.get(sessionId);
      if (!s || current(s).status !== 'open') throw new Error(`session ${sessionId} is not open`);
      await complete(s);
      return s;
    },
    async refundInDashboard(intentId, amount) {
      const intent = intents.get(intentId);
      if (!intent || amount > intent.amount - intent.refunded) throw new Error(`cannot refund ${amount} of ${intentId}`);
      const { refund, sent } = refundIntent(intent, amount, {});
      await sent();
      return refund;
    },
    signedEvent(endpointId, event) {
      const endpoint = endpoints.get(endpointId);
      if (!endpoint) throw new Error(`no endpoint ${endpointId}`);
      const body = JSON.stringify({
        id: event.id ?? `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type: event.type,
        data: { object: event.object },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: endpoint.secret }) };
    },
  };
  return fakeApi;
}
