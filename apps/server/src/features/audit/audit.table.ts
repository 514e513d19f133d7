import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';

/** Append-only: who did what to which record, and what changed. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    action: text().notNull(),
    /** no foreign key: the history outlives a deleted user */
    actorId: uuid(),
    actorName: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changes: jsonb().$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
  },
  (t) => [index().on(t.accountId, t.entityType, t.entityId, t.at)],
);
