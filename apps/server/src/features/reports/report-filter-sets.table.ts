import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/**
 * A user's saved filters of one report (decision 0261): theirs alone, named, one name once per
 * user and report, whatever its case. They go with their user.
 */
export const reportFilterSets = pgTable(
  'report_filter_sets',
  {
    ...tenantKey(),
    userId: uuid().notNull(),
    /** REPORT_IDS */
    report: text().notNull(),
    name: text().notNull(),
    /** the report's query filters as the query string carries them, checked against its query schema */
    filters: jsonb().$type<Record<string, string>>().notNull(),
    /** REPORT_RANGES: a moving range whose days replace from and to when applied (decision 0287); null keeps the dates in filters */
    range: text(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('report_filter_sets', t, t.userId, users, 'cascade'),
    uniqueIndex('report_filter_sets_user_report_name_unique').on(t.accountId, t.userId, t.report, sql`lower(${t.name})`),
  ],
);
