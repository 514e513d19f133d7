import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantKey, tenantPrimaryKey, timestamps } from '../../db/columns.js';
import { locationReference, locationRef } from '../locations/locations.table.js';

export type IntegrationSettings = Record<string, string | number | boolean | null>;

/**
 * A location's connection to a third-party service (SPEC §9), one per service and location.
 * The private key and whatever the provider issues (a webhook signing secret, OAuth tokens) are
 * sealed together as one ciphertext (platform/secret-box.ts) bound to the row; `secret_names` says
 * which are set, so answers can tell without opening it.
 */
export const integrations = pgTable(
  'integrations',
  {
    ...tenantKey(),
    locationId: locationRef(),
    service: text().notNull(),
    publicKey: text(),
    /** SecretBox text of a JSON object: `privateKey` and the provider-issued secrets */
    sealedSecrets: text(),
    secretNames: text().array().notNull().default([]),
    settings: jsonb().$type<IntegrationSettings>().notNull().default({}),
    lastCheckOk: boolean(),
    lastCheckMessage: text(),
    lastCheckAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('integrations', t),
    uniqueIndex('integrations_location_service_unique').on(t.accountId, t.locationId, t.service),
  ],
);

/**
 * The events Stripe sent to a location's webhook, each once (Stripe delivers at least once and
 * retries): what card payments read to learn a payment succeeded, failed or was refunded.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    ...tenantKey(),
    locationId: locationRef(),
    /** Stripe's event id (evt_…) */
    eventId: text().notNull(),
    type: text().notNull(),
    /** the event's object (a payment intent, checkout session, charge) as Stripe sent it */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    livemode: boolean().notNull(),
    /** when Stripe created the event */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** set by the feature that acted on the event */
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('stripe_events', t),
    uniqueIndex('stripe_events_event_unique').on(t.accountId, t.eventId),
    index('stripe_events_unprocessed').on(t.accountId, t.receivedAt),
  ],
);
