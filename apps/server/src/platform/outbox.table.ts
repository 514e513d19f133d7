// What the outbox's two tables share (a location's messages, features/communications; the
// product's own mail, features/product-mail): the delivery columns their one worker reads and
// writes (ARCHITECTURE.md, "Email and SMS: the outbox").
import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type DeliveryState = 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'notSent';
export type DeliveryProvider = 'sendgrid' | 'smtp' | 'twilio';

/**
 * The delivery columns every outbox shares: what to send, and where it stands. `dueAt` is when a
 * worker may take the row: the next attempt of a queued message, or the end of the lease of one a
 * worker holds (`sending`), after which a worker that died with it in hand is taken over.
 * `claimToken` names the worker's hold: its result is written only while the hold is still its own.
 */
export const deliveryColumns = () => ({
  channel: text().$type<'email' | 'sms'>().notNull(),
  toAddress: text().notNull(),
  subject: text(),
  body: text().notNull(),
  state: text().$type<DeliveryState>().notNull().default('queued'),
  reason: text(),
  provider: text().$type<DeliveryProvider>(),
  providerMessageId: text(),
  attempts: integer().notNull().default(0),
  dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  claimToken: uuid(),
  sentAt: timestamp({ withTimezone: true }),
});
