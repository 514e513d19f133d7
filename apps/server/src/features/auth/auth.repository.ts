import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { acrossAccounts, sameAccount, tenantRepository } from '../../platform/tenant-repository.js';
import { accounts } from '../accounts/accounts.table.js';
import { roles, systemRoles, userRoles, userSystemRoles } from '../roles/roles.table.js';
import { users } from '../users/users.table.js';
import { authFailures, sessions } from './auth.table.js';

/** A session is found by its user's own account and its id (the token's home account and jti). */
export interface SessionKey {
  accountId: string;
  id: string;
}

const sessionsTable = tenantRepository(sessions);

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
    const [row] = await sessionsTable
      .select(
        ex,
        { accountId: homeAccountId },
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
            where ${sameAccount(userSystemRoles, sessions, eq(userSystemRoles.userId, sessions.userId))}), '[]'::json)`,
          // account roles only while working at home (the session's own account is the home account)
          accountGrants: sql<Grant[]>`coalesce((
            select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}, 'permissions', ${roles.permissions}))
            from ${userRoles} join ${roles} on ${sameAccount(roles, userRoles, eq(roles.id, userRoles.roleId))}
            where ${sameAccount(userRoles, sessions, eq(userRoles.userId, sessions.userId))}
              and ${eq(sessions.workingAccountId, homeAccountId)}), '[]'::json)`,
        },
        and(eq(sessions.id, sessionId), eq(sessions.userId, userId)),
      )
      .innerJoin(users, sessionsTable.joined(users, eq(users.id, sessions.userId)))
      // accounts are global (a reference table on a sharded database)
      .innerJoin(accounts, eq(accounts.id, sessions.workingAccountId))
      .limit(1);
    return row;
  },

  async moveSession(ex: Executor, session: SessionKey, workingAccountId: string): Promise<void> {
    await sessionsTable.updateWhere(ex, { accountId: session.accountId }, eq(sessions.id, session.id), { workingAccountId });
  },

  async revokeSession(ex: Executor, session: SessionKey): Promise<void> {
    await sessionsTable.updateWhere(ex, { accountId: session.accountId }, and(eq(sessions.id, session.id), isNull(sessions.revokedAt)), {
      revokedAt: new Date(),
    });
  },

  /** Every live session of a user except `keep` (password change signs out the other devices). */
  async revokeUserSessions(ex: Executor, user: { accountId: string; userId: string }, keep?: string): Promise<void> {
    await sessionsTable.updateWhere(
      ex,
      { accountId: user.accountId },
      and(eq(sessions.userId, user.userId), isNull(sessions.revokedAt), keep ? sql`${sessions.id} <> ${keep}` : undefined),
      { revokedAt: new Date() },
    );
  },

  async recordFailure(ex: Executor, email: string, ip: string): Promise<void> {
    await ex.insert(authFailures).values({ email, ip });
  },

  async recentFailures(ex: Executor, since: Date, email: string, ip: string) {
    const [row] = await ex
      .select({
        byEmail: sql<number>`count(*) filter (where ${authFailures.email} = ${email})`.mapWith(Number),
        byIp: sql<number>`count(*) filter (where ${authFailures.ip} = ${ip})`.mapWith(Number),
      })
      .from(authFailures)
      .where(and(gt(authFailures.createdAt, since), sql`(${authFailures.email} = ${email} or ${authFailures.ip} = ${ip})`));
    return row ?? { byEmail: 0, byIp: 0 };
  },

  async clearFailures(ex: Executor, email: string): Promise<void> {
    await ex.delete(authFailures).where(eq(authFailures.email, email));
  },

  /** One notice to every app server's session cache, sent after what this connection committed. */
  async notifySessions(ex: Executor, channel: string, payload: string): Promise<void> {
    await ex.execute(sql`select pg_notify(${channel}, ${payload})`);
  },

  /** Housekeeping: forget failures and sessions nobody can use any more. */
  async prune(ex: Executor, failuresBefore: Date, sessionsBefore: Date): Promise<void> {
    await ex.delete(authFailures).where(lt(authFailures.createdAt, failuresBefore));
    // Across accounts: the platform's own housekeeping.
    await acrossAccounts(sessions).removeWhere(ex, lt(sessions.expiresAt, sessionsBefore));
  },
};
