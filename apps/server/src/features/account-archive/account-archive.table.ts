import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantPrimaryKey } from '../../db/columns.js';

/**
 * One archive of an account's data (issue 36; decisions 0272–0275), and its place in the archive
 * queue: `preparing` rows are claimed by a worker FOR UPDATE SKIP LOCKED with a lease
 * (`claimedUntil`) and a token (`claimToken`); progress and the result are written only while the
 * token is still the row's. Who asked is kept by id and name as they were (a super administrator
 * working in the account is not one of its users), with the address the link goes to.
 */
export const accountArchives = pgTable(
  'account_archives',
  {
    ...tenantKey(),
    /** ACCOUNT_ARCHIVE_STATUSES */
    status: text().notNull().default('preparing'),
    requestedById: uuid().notNull(),
    requestedByName: text().notNull(),
    notifyEmail: text().notNull(),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    storageKey: text(),
    sizeBytes: bigint({ mode: 'number' }),
    error: text(),
    attempts: integer().notNull().default(0),
    claimToken: uuid(),
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantPrimaryKey(t),
    // One archive in preparation per account: a second start finds it (decision 0272).
    uniqueIndex('account_archives_one_preparing').on(t.accountId).where(sql`${t.status} = 'preparing'`),
    index('account_archives_list').on(t.accountId, t.createdAt),
    index('account_archives_due').on(t.claimedUntil).where(sql`${t.status} = 'preparing'`),
  ],
);
