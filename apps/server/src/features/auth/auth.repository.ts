import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts } from '../accounts/accounts.table.js';
import { roles, systemRoles, userRoles, userSystemRoles } from '../roles/roles.table.js';
import { users } from '../users/users.table.js';
import { authFailures, sessions } from './auth.table.js';

interface Grant {
  id: string;
  name: string;
  permissions: string[];
}

export const authRepository = {
  async createSession(
    ex: Executor,
    values: { userId: string; accountId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
  ) {
    const [row] = await ex.insert(sessions).values(values).returning();
    return row!;
  },

  /**
   * The session behind a token, with what the guard must check about its user and account and
   * the roles the user holds there: one round trip, since every request pays for it. Account
   * roles count only in the user's home account (elsewhere only system roles apply).
   */
  async findSession(ex: Executor, sessionId: string, userId: string) {
    const [row] = await ex
      .select({
        id: sessions.id,
        accountId: sessions.accountId,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userActive: users.isActive,
        homeAccountId: users.accountId,
        accountActive: accounts.isActive,
        systemGrants: sql<Grant[]>`coalesce((
          select json_agg(json_build_object('id', ${systemRoles.id}, 'name', ${systemRoles.name}, 'permissions', ${systemRoles.permissions}))
          from ${userSystemRoles} join ${systemRoles} on ${systemRoles.id} = ${userSystemRoles.systemRoleId}
          where ${userSystemRoles.userId} = ${sessions.userId}), '[]'::json)`,
        accountGrants: sql<Grant[]>`coalesce((
          select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}, 'permissions', ${roles.permissions}))
          from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
          where ${userRoles.userId} = ${sessions.userId} and ${userRoles.accountId} = ${sessions.accountId}
            and ${sessions.accountId} = ${users.accountId}), '[]'::json)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .limit(1);
    return row;
  },

  async moveSession(ex: Executor, sessionId: string, accountId: string): Promise<void> {
    await ex.update(sessions).set({ accountId }).where(eq(sessions.id, sessionId));
  },

  async revokeSession(ex: Executor, sessionId: string): Promise<void> {
    await ex.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  /** Every live session of a user except `keep` (password change signs out the other devices). */
  async revokeUserSessions(ex: Executor, userId: string, keep?: string): Promise<void> {
    await ex
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keep ? sql`${sessions.id} <> ${keep}` : undefined,
        ),
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

  /** Housekeeping: forget failures and sessions nobody can use any more. */
  async prune(ex: Executor, failuresBefore: Date, sessionsBefore: Date): Promise<void> {
    await ex.delete(authFailures).where(lt(authFailures.createdAt, failuresBefore));
    await ex.delete(sessions).where(lt(sessions.expiresAt, sessionsBefore));
  },
};
