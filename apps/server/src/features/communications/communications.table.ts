import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';
import { deliveryColumns } from '../../platform/outbox.table.js';
import { clients } from '../clients/clients.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';

/** A location's messages to its clients: one row per message, delivered by the outbox workers (the product's own mail: features/product-mail). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    ...tenantKey(),
    locationId: locationRef(),
    /** the client it went to; cleared when the client is deleted, the message stays in the log */
    clientId: uuid(),
    ...deliveryColumns(),
    /** the provider's latest word on delivery (Twilio's status callbacks) */
    deliveryStatus: text(),
    /** no foreign key: the log outlives a deleted user */
    sentById: uuid(),
    sentByName: text(),
    /**
     * An email made from a template also as HTML (the editor's preview of it): sent as
     * multipart/alternative with `body` as its plain-text part. Null: plain text only.
     */
    bodyHtml: text(),
    /** documents of the client sent with an email as attachments (read when it is delivered) */
    attachmentDocumentIds: jsonb().$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('outbox_messages', t),
    tenantReference('outbox_messages', t, t.clientId, clients),
    // What the workers look for: due rows that are not final, oldest first.
    index('outbox_messages_due').on(t.dueAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('outbox_messages_location_created').on(t.accountId, t.locationId, t.createdAt),
    index('outbox_messages_client_created').on(t.accountId, t.clientId, t.createdAt),
    // SMS chat: a location's texts (its chat list) and those to a number (an unknown number's conversation).
    index('outbox_messages_sms_to').on(t.accountId, t.locationId, t.toAddress, t.createdAt).where(sql`${t.channel} = 'sms'`),
    uniqueIndex('outbox_messages_provider_id').on(t.accountId, t.provider, t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
  ],
);

/** Text messages clients sent to a location's number (read by SMS chat). */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    ...tenantKey(),
    locationId: locationRef(),
    clientId: uuid(),
    fromNumber: text().notNull(),
    toNumber: text().notNull(),
    body: text().notNull(),
    /** Twilio's MessageSid: a retried webhook is stored once */
    providerMessageId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** when staff read it in SMS chat (null: unread, counted in the chat's badge) */
    readAt: timestamp({ withTimezone: true }),
    /** who read it; no foreign key: the log outlives a deleted user */
    readById: uuid(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('inbound_messages', t),
    tenantReference('inbound_messages', t, t.clientId, clients),
    uniqueIndex('inbound_messages_provider_id').on(t.accountId, t.providerMessageId),
    index('inbound_messages_location_received').on(t.accountId, t.locationId, t.receivedAt),
    // SMS chat: a client's conversation, an unknown number's, and the unread badge.
    index('inbound_messages_client_received').on(t.accountId, t.locationId, t.clientId, t.receivedAt),
    index('inbound_messages_from_received').on(t.accountId, t.locationId, t.fromNumber, t.receivedAt),
    index('inbound_messages_unread').on(t.accountId, t.locationId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Who replied STOP to a location's number (and START again): by phone number, as the carriers
 * apply it, with the client it matched when it came in.
 */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    accountId: accountColumn(),
    locationId: locationRef(),
    phone: text().notNull(),
    clientId: uuid(),
    optedOut: boolean().notNull(),
    keyword: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.locationId, t.phone] }),
    locationReference('sms_opt_outs', t),
    tenantReference('sms_opt_outs', t, t.clientId, clients),
  ],
);
