// Security-critical: the card payment webhook. Registering it hands Stripe an address and keeps
// the signing secret Stripe answers with, sealed; receiving checks every event's signature with
// that secret before anything is recorded.
import { INTEGRATION_MESSAGES, STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_MESSAGES, type Integration } from '@willow/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Providers } from '../../platform/providers.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { locationsRepository, assertLocationVisible } from '../locations/index.js';
import { integrationRefused, withoutSecrets } from './integration-errors.js';
import { stripeEventsRepository } from './integrations.repository.js';
import type { IntegrationsService } from './integrations.service.js';
import { isStripeAuthError, isStripeError, isStripeMissing, loadStripe, type Stripe, stripeClient } from './stripe-client.js';

/** The webhook's address at the portal for a location (what Stripe is told to call). */
export const stripeWebhookUrl = (publicUrl: string, locationId: string) => `${publicUrl}/api/integrations/stripe/webhook/${locationId}`;

/** A verified event as a feature acting on it sees it. */
export interface StripeEventSeen {
  locationId: string;
  eventId: string;
  type: string;
  object: Record<string, unknown>;
  occurredAt: Date;
}

export class StripeWebhooksService {
  constructor(
    private readonly db: Db,
    private readonly integrations: IntegrationsService,
    private readonly providers: Providers,
    private readonly events: DomainEventBus,
  ) {
    // Removing the webhook's integration removes its endpoint at Stripe, with the location's key.
    events.on('integration.removing', 'stripe webhooks', async (ex, scope, row) => {
      if (row.service !== 'stripeWebhook') return;
      const log = row.log;
      const stripeCredentials = await integrations.credentials(scope, row.locationId, 'stripe', { ex });
      if (!row.publicKey || !stripeCredentials?.privateKey) return;
      const secretKey = stripeCredentials.privateKey;
      await (await stripeClient(secretKey, this.providers.stripe))
        .webhookEndpoints.del(row.publicKey)
        .catch((err: unknown) => {
          if (!isStripeMissing(err))
            log?.warn({ endpoint: row.publicKey, problem: isStripeError(err) ? withoutSecrets(err.message, [secretKey]) : 'unknown' }, 'the Stripe webhook could not be removed at Stripe');
        });
    });
  }

  /**
   * Registers the location's webhook with Stripe (with its Stripe integration's secret key) and
   * keeps the signing secret as the location's `stripeWebhook` integration, replacing an earlier
   * one (whose endpoint is removed at Stripe).
   */
  async register(scope: Scope, locationId: string, log: FastifyBaseLogger): Promise<Integration> {
    await assertLocationVisible(this.db, scope, locationId);
    const stripeCredentials = await this.integrations.require(scope, locationId, 'stripe');
    if (!this.providers.publicUrl) throw conflict(STRIPE_WEBHOOK_MESSAGES.noPublicUrl);
    const secretKey = stripeCredentials.privateKey!;
    const stripe = await stripeClient(secretKey, this.providers.stripe);
    const url = stripeWebhookUrl(this.providers.publicUrl, locationId);
    let endpoint: Stripe.WebhookEndpoint;
    try {
      endpoint = await stripe.webhookEndpoints.create({
        url,
        enabled_events: [...STRIPE_WEBHOOK_EVENTS],
        description: 'Willow card payments',
        metadata: { locationId },
      });
    } catch (err) {
      if (isStripeAuthError(err)) throw integrationRefused(`Stripe said: ${withoutSecrets(err.message, [secretKey])}`);
      if (isStripeError(err)) throw badRequest(`Stripe did not register the webhook: ${withoutSecrets(err.message, [secretKey])}`);
      throw err;
    }
    if (!endpoint.secret) throw new Error('Stripe registered a webhook without a signing secret');

    let replaced: Awaited<ReturnType<IntegrationsService['replaceIssued']>>;
    try {
      replaced = await this.integrations.replaceIssued(scope, locationId, 'stripeWebhook', {
        publicKey: endpoint.id,
        secrets: { signingSecret: endpoint.secret },
        settings: { url },
      });
    } catch (err) {
      // Not kept here: an endpoint whose secret is lost must not stay registered at Stripe.
      await stripe.webhookEndpoints.del(endpoint.id).catch(() => undefined);
      throw err;
    }
    const previous = replaced.previousPublicKey;
    if (previous && previous !== endpoint.id) {
      await stripe.webhookEndpoints.del(previous).catch((err: unknown) => {
        // Already gone at Stripe is what was wanted; anything else is told to the operator, not the user.
        if (!isStripeMissing(err)) log.warn({ endpoint: previous, problem: isStripeError(err) ? withoutSecrets(err.message, [secretKey]) : 'unknown' }, 'the earlier Stripe webhook could not be removed at Stripe');
      });
    }
    return replaced.integration;
  }

  /**
   * An event Stripe sent to a location's webhook: its signature checked against the location's
   * signing secret, then recorded once (Stripe delivers at least once: a redelivery is accepted
   * and not recorded again) and published as 'stripe.eventReceived' to the features that act on it.
   */
  async receive(locationId: string, rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
    const scope = await locationsRepository.accountOfLocation(this.db, locationId);
    if (!scope) throw notFound();
    const webhook = await this.integrations.credentials(scope, locationId, 'stripeWebhook');
    const secret = webhook?.secrets.signingSecret;
    if (!secret) throw notFound(INTEGRATION_MESSAGES.notSetUp);
    if (!rawBody || !signature) throw badRequest(STRIPE_WEBHOOK_MESSAGES.badSignature);
    let event: Stripe.Event;
    try {
      event = (await loadStripe()).webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw badRequest(STRIPE_WEBHOOK_MESSAGES.badSignature);
    }
    const seen: StripeEventSeen = {
      locationId,
      eventId: event.id,
      type: event.type,
      object: event.data.object as unknown as Record<string, unknown>,
      occurredAt: new Date(event.created * 1000),
    };
    // Recorded and acted on in one transaction, held on the event's row: a redelivery, even one
    // arriving at the same moment, finds it processed and does nothing; a failure leaves nothing
    // behind, and Stripe delivers it again.
    await this.db.transaction(async (tx) => {
      await stripeEventsRepository.record(tx, scope, {
        locationId,
        eventId: seen.eventId,
        type: seen.type,
        payload: seen.object,
        livemode: event.livemode,
        occurredAt: seen.occurredAt,
      });
      const row = await stripeEventsRepository.lockByEventId(tx, scope, seen.eventId);
      if (!row || row.processedAt || row.locationId !== locationId) return;
      // An event nobody acts on stays unprocessed.
      const acted = await this.events.publish(tx, { accountId: scope.accountId, userId: null }, 'stripe.eventReceived', seen);
      if (acted.includes(true)) await stripeEventsRepository.markProcessed(tx, scope, row.id);
    });
    return { received: true };
  }
}
