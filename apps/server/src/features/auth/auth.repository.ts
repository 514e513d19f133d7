import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { noticeSessions } from '../../platform/session-notices.repository.js';
import { lockKeys } from '../../db/locks.js';
import { accountOf, acrossAccounts, sameAccount, scopedTable, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { accounts } from '../accounts/index.js';
import { roles, systemRoles } from '../roles/index.js';
import { userRoles, userSystemRoles, users } from '../users/index.js';
import { attemptLog, authFailures, rateEvents, sessions } from './auth.table.js';

/** A session is found by its user's own account and its id (the token's home account and jti). */
export interface SessionKey {
  accountId: string;
  id: string;
}

const sessionsTable = tenantRepository(sessions);
const attempts = scopedTable(attemptLog);

export interface SignInFailures {
  /** the database's clock */
  now: Date;
  byIp: number;
  byEmail: number;
  byPair: number;
  pairLatest: Date | null;
  ipOldest: Date | null;
}

interface Grant {
  id: string;
  name: string;
  permissions: string[];
}

export const authRepository = {
  /** A session lives in its user's own account (`accountId`) and works in `workingAccountId`. */
  async createSession(
    ex: Executor,
    values: { userId: string; accountId: string; workingAccountId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
  ) {
    const { accountId, ...session } = values;
    return sessionsTable.insert(ex, { accountId }, session);
  },

  /**
   * The session behind a token, with what the guard must check about its user and account and
   * the roles the user holds there: one round trip, since every request pays for it. It starts
   * from the token's home account, and every join stays inside it (equating account_id), so on a
   * database sharded by account it is answered by one shard. Account roles count only in the
   * user's home account (elsewhere only system roles apply).
   */
  async findSession(ex: Executor, homeAccountId: string, sessionId: string, userId: string) {
    // every table of it names the account (sameAccount): that keeps the lookup on one shard (test/citus/one-shard.citus.ts)
    const home = { accountId: homeAccountId };
    const [row] = await sessionsTable
      .select(
        ex,
        home,
        {
          id: sessions.id,
          accountId: sessions.workingAccountId,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          userActive: users.isActive,
          homeAccountId: users.accountId,
          accountActive: accounts.isActive,
          systemGrants: sql<Grant[]>`coalesce((
            select json_agg(json_build_object('id', ${systemRoles.id}, 'name', ${systemRoles.name}, 'permissions', ${systemRoles.permissions}))
            from ${userSystemRoles} join ${systemRoles} on ${systemRoles.id} = ${userSystemRoles.systemRoleId}
            where ${sameAccount(home, userSystemRoles, sessions, eq(userSystemRoles.userId, sessions.userId))}), '[]'::json)`,
          // account roles only while working at home (the session's own account is the home account)
          accountGrants: sql<Grant[]>`coalesce((
            select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}, 'permissions', ${roles.permissions}))
            from ${userRoles} join ${roles} on ${sameAccount(home, roles, userRoles, eq(roles.id, userRoles.roleId))}
            where ${sameAccount(home, userRoles, sessions, eq(userRoles.userId, sessions.userId))}
              and ${eq(sessions.workingAccountId, homeAccountId)}), '[]'::json)`,
        },
        and(eq(sessions.id, sessionId), eq(sessions.userId, userId)),
      )
      .innerJoin(users, sessionsTable.joined(home, users, eq(users.id, sessions.userId)))
      // The home account: on Citus accounts are distributed by id with every account's rows, so
      // this join stays on the session's shard (one working elsewhere is read below, 0248).
      .innerJoin(accounts, accountOf(sessions))
      .limit(1);
    if (!row || row.accountId === homeAccountId) return row;
    // Working in another account (a platform administrator): whether that one is active, and there.
    const [working] = await ex.select({ isActive: accounts.isActive }).from(accounts).where(eq(accounts.id, row.accountId)).limit(1);
    return working && { ...row, accountActive: working.isActive };
  },

  async moveSession(ex: Executor, session: SessionKey, workingAccountId: string): Promise<void> {
    await sessionsTable.updateWhere(ex, { accountId: session.accountId }, eq(sessions.id, session.id), { workingAccountId });
    await noticeSessions(ex, `s:${session.id}`);
  },

  async revokeSession(ex: Executor, session: SessionKey): Promise<void> {
    await sessionsTable.updateWhere(ex, { accountId: session.accountId }, and(eq(sessions.id, session.id), isNull(sessions.revokedAt)), {
      revokedAt: new Date(),
    });
    await noticeSessions(ex, `s:${session.id}`);
  },

  /** Every live session of a user except `keep` (password change signs out the other devices). */
  async revokeUserSessions(ex: Executor, user: { accountId: string; userId: string }, keep?: string): Promise<void> {
    await sessionsTable.updateWhere(
      ex,
      { accountId: user.accountId },
      and(eq(sessions.userId, user.userId), isNull(sessions.revokedAt), keep ? sql`${sessions.id} <> ${keep}` : undefined),
      { revokedAt: new Date() },
    );
    await noticeSessions(ex, `u:${user.userId}`);
  },

  /** Sign-ins from one address take turns for the rest of the transaction (their counts stay exact). */
  async lockSignIns(ex: Executor, ip: string): Promise<void> {
    await lockKeys(ex, [`sign-in:${ip}`]);
  },

  /**
   * The failed sign-ins of the last `windowMs` that concern this attempt, on the database's clock
   * (shared by every app server): from this address (any email), of this email (any address) and
   * of the pair, with the pair's latest and the address's oldest failure.
   */
  async signInFailures(ex: Executor, email: string, ip: string, windowMs: number): Promise<SignInFailures> {
    const since = sql`now() - ${windowMs}::int * interval '1 millisecond'`;
    const pair = and(eq(authFailures.email, email), eq(authFailures.ip, ip));
    const [row] = await ex
      .select({
        now: sql<Date>`now()`.mapWith(authFailures.createdAt),
        byIp: sql<number>`count(*) filter (where ${authFailures.ip} = ${ip})`.mapWith(Number),
        byEmail: sql<number>`count(*) filter (where ${authFailures.email} = ${email})`.mapWith(Number),
        byPair: sql<number>`count(*) filter (where ${pair})`.mapWith(Number),
        pairLatest: sql<Date | null>`max(${authFailures.createdAt}) filter (where ${pair})`.mapWith(authFailures.createdAt),
        ipOldest: sql<Date | null>`min(${authFailures.createdAt}) filter (where ${authFailures.ip} = ${ip})`.mapWith(authFailures.createdAt),
      })
      .from(authFailures)
      .where(and(gt(authFailures.createdAt, since), or(eq(authFailures.email, email), eq(authFailures.ip, ip))));
    return row!;
  },

  async recordFailure(ex: Executor, email: string, ip: string): Promise<void> {
    await ex.insert(authFailures).values({ email, ip });
  },

  /** A right password from this address: its failures on this email stop counting (no one else's). */
  async clearFailures(ex: Executor, email: string, ip: string): Promise<void> {
    await ex.delete(authFailures).where(and(eq(authFailures.email, email), eq(authFailures.ip, ip)));
  },

  /** Attempts of one kind by one subject (a user, or the account itself) in the last `windowMs`, with the oldest. */
  async recentAttempts(ex: Executor, scope: Scope, kind: string, subjectId: string, windowMs: number) {
    const [row] = await attempts
      .select(
        ex,
        scope,
        {
          now: sql<Date>`now()`.mapWith(attemptLog.createdAt),
          count: sql<number>`count(*)`.mapWith(Number),
          oldest: sql<Date | null>`min(${attemptLog.createdAt})`.mapWith(attemptLog.createdAt),
        },
        and(
          eq(attemptLog.kind, kind),
          eq(attemptLog.subjectId, subjectId),
          gt(attemptLog.createdAt, sql`now() - ${windowMs}::int * interval '1 millisecond'`),
        ),
      )
      .limit(1);
    return row!;
  },

  /** One notice to every app server's session cache, sent after what this connection committed. */
  async notifySessions(ex: Executor, channel: string, payload: string): Promise<void> {
    await ex.execute(sql`select pg_notify(${channel}, ${payload})`);
  },

  /** Attempts by one subject take turns for the rest of the transaction (their count stays exact). */
  async lockAttempts(ex: Executor, scope: Scope, kind: string, subjectId: string): Promise<void> {
    await lockKeys(ex, [`attempt:${scope.accountId}:${kind}:${subjectId}`]);
  },

  async recordAttempt(ex: Executor, scope: Scope, kind: string, subjectId: string): Promise<number> {
    const [row] = await attempts.insertMany(ex, scope, [{ kind, subjectId }]);
    return row!.id;
  },

  /** One recorded attempt that turned out not to count. */
  async forgetAttempt(ex: Executor, scope: Scope, id: number): Promise<void> {
    await attempts.removeWhere(ex, scope, eq(attemptLog.id, id));
  },

  /** Every attempt of one kind by one subject (the right current password clears the wrong ones). */
  async clearAttempts(ex: Executor, scope: Scope, kind: string, subjectId: string): Promise<void> {
    await attempts.removeWhere(ex, scope, and(eq(attemptLog.kind, kind), eq(attemptLog.subjectId, subjectId)));
  },

  /** Rate events of these (bucket, key) pairs in the last `windowMs` of each, with the oldest, on the database's clock. */
  async recentRateEvents(ex: Executor, bucket: string, key: string, windowMs: number) {
    const [row] = await ex
      .select({
        now: sql<Date>`now()`.mapWith(rateEvents.createdAt),
        count: sql<number>`count(*)`.mapWith(Number),
        oldest: sql<Date | null>`min(${rateEvents.createdAt})`.mapWith(rateEvents.createdAt),
      })
      .from(rateEvents)
      .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.key, key), gt(rateEvents.createdAt, sql`now() - ${windowMs}::int * interval '1 millisecond'`)));
    return row!;
  },

  async recordRateEvents(ex: Executor, events: { bucket: string; key: string }[]): Promise<void> {
    if (events.length > 0) await ex.insert(rateEvents).values(events);
  },

  /** Housekeeping: rate events older than every window. */
  async pruneRateEvents(ex: Executor, before: Date): Promise<void> {
    await ex.delete(rateEvents).where(lt(rateEvents.createdAt, before));
  },

  /** Housekeeping: forget failures, attempts and sessions nobody can use any more. */
  async prune(ex: Executor, before: { failures: Date; attempts: Date; sessions: Date }): Promise<void> {
    await ex.delete(authFailures).where(lt(authFailures.createdAt, before.failures));
    // Across accounts: the platform's own housekeeping.
    await acrossAccounts(attemptLog).removeWhere(ex, lt(attemptLog.createdAt, before.attempts));
    await acrossAccounts(sessions).removeWhere(ex, lt(sessions.expiresAt, before.sessions));
  },
};
