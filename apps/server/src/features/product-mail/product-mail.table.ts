import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deliveryColumns } from '../../platform/outbox.table.js';

/**
 * The product's own mail (sign-in codes, reset links, invitations): not a location's, and often
 * to someone with no account yet, so kept outside every account (docs/decisions/0071). Delivered
 * by the outbox's worker through the product's mail setting (SMTP_URL or SENDGRID_API_KEY).
 */
export const productMessages = pgTable(
  'product_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    ...deliveryColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_messages_due').on(t.dueAt).where(sql`${t.state} in ('queued', 'sending')`)],
);
