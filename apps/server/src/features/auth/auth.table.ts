import { bigserial, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { users } from '../users/users.table.js';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference } from '../../db/columns.js';

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

/**
 * Failed sign-ins, counted per (email, IP) pair, per email and per IP over a sliding window (shared
 * by every app server; docs/decisions/0049). A sign-in records its row before the password is
 * checked and removes it when the password is right, so parallel guesses count each other.
 */
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

/**
 * Attempts counted against one user or one account inside it over a sliding window, for the limits
 * a signed-in person meets: wrong current passwords (per user) and email addresses refused (per
 * user on the profile, per account on the Users page). Recorded before the attempt is decided and
 * removed when it did not count, so parallel attempts see each other (docs/decisions/0049, 0051).
 */
export const attemptLog = pgTable(
  'attempt_log',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    accountId: accountColumn(),
    /** which limit: ATTEMPT_LIMITS' keys */
    kind: text().notNull(),
    /** whose attempts: a user's id, or the account's own id for a limit per account */
    subjectId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index().on(t.accountId, t.kind, t.subjectId, t.createdAt), index().on(t.createdAt)],
);
