// Security-critical: the answers a money-creating request is replayed with (docs/decisions/0115).
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accountColumn } from '../db/columns.js';

/**
 * Answers of money-creating POSTs sent with an Idempotency-Key header: the same key and body again
 * answers what the first answered, without a second payment; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: accountColumn(),
    /** the operation's method and path pattern, e.g. POST /api/payment */
    route: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    /** null while the first request is still running */
    status: integer(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.route, t.key] }), index().on(t.createdAt)],
);
