import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountColumn } from '../../db/columns.js';

/** Append-only: who did what to which record, and what changed. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    accountId: accountColumn(),
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    action: text().notNull(),
    /** no foreign key: the history outlives a deleted user */
    actorId: uuid(),
    actorName: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changes: jsonb().$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index().on(t.accountId, t.entityType, t.entityId, t.at)],
);
