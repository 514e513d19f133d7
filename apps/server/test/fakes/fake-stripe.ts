// Stripe's API as far as the portal uses it, on loopback: Bearer secret keys checked, webhook
// endpoints registered with a signing secret, events signed the way Stripe signs them.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { bearer, formBody, startHttpFake, type FakeAnswer, type FakeRequest, type HttpFake } from './http-fake.js';

export interface FakeWebhookEndpoint {
  id: string;
  url: string;
  enabled_events: string[];
  secret: string;
  metadata: Record<string, string>;
  /** the secret key it was registered with (the Stripe account it belongs to) */
  key: string;
}

export interface FakeStripe extends HttpFake {
  /** secret keys Stripe knows; any other is refused as Stripe refuses it */
  keys: Set<string>;
  endpoints: Map<string, FakeWebhookEndpoint>;
  /** an event as Stripe would send it to an endpoint: its body and its Stripe-Signature header */
  signedEvent(endpointId: string, event: { id?: string; type: string; object: Record<string, unknown> }): { body: string; signature: string };
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

  const fake = await startHttpFake([
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

  return {
    ...fake,
    keys: known,
    endpoints,
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
}
