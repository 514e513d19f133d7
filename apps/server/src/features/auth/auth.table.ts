import { bigserial, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference } from '../../db/columns.js';

/**
 * One row per sign-in; the token's jti. Revoking the row revokes the token. Kept in the user's own
 * account (`account_id`), so the lookup of every request starts from the token's home account.
 */
export const sessions = pgTable(
  'sessions',
  {
    ...tenantKey(),
    userId: uuid().notNull(),
    /** the account the session is currently working in (changes on account switch) */
    workingAccountId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('sessions', t, t.userId, users, 'cascade'),
    // accounts are global (a reference table on a sharded database): a plain key
    foreignKey({ name: 'sessions_working_account_id_fk', columns: [t.workingAccountId], foreignColumns: [accounts.id] }).onDelete('cascade'),
    index().on(t.accountId, t.userId),
    index().on(t.expiresAt),
  ],
);

/** Failed sign-ins, counted per email and per IP over a sliding window (shared by every app server). */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.email, t.createdAt), index().on(t.ip, t.createdAt)],
);
