import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '@willow/contracts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { together, type Executor } from '../../db/client.js';
import { noticeSessions } from '../../platform/session-notices.repository.js';
import { accountOf, acrossAccounts, idIn, tenantRepository, type AccountKeyed, type NewRow, type RowPatch, type Scope } from '../../platform/tenant-repository.js';
import { linkTable } from '../../platform/tenant-row-sets.js';
import { accounts } from '../accounts/index.js';
import { userEmailsRepository } from './user-emails.repository.js';
import { locations } from '../locations/index.js';
import { rolesRepository, roles } from '../roles/index.js';
import { userRoles } from './role-holders.table.js';
import { userEmails, userLocations, users } from './users.table.js';

const base = tenantRepository(users);
/** The directory's lookup at sign-in, before any account is known (`accountCheck`). */
const usersAcross = acrossAccounts(users);
const userRoleLinks = linkTable(userRoles, userRoles.userId, userRoles.roleId);
const userLocationLinks = linkTable(userLocations, userLocations.userId, userLocations.locationId);
export type UserRow = typeof users.$inferSelect;
export type UserWithLinks = UserRow & { roleIds: string[]; locationIds: string[] };

/**
 * A condition for a query on users: the user whose id is `userId` (a column of `outer`) holds
 * one of `permissions` through a role of their account. System roles are not looked at.
 */
function grantsAny(scope: Scope, outer: AccountKeyed, userId: PgColumn, permissions: readonly string[]): SQL {
  const wanted = sql`array[${sql.join(
    permissions.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`;
  const granting = rolesRepository.existsFor(scope, userRoles, and(eq(roles.id, userRoles.roleId), sql`${roles.permissions} && ${wanted}`));
  return userRoleLinks.existsFor(scope, outer, and(eq(userRoles.userId, userId), granting));
}

const PRIMARY_PROVIDER: Permission = 'appointments.primary_provider';
const SECONDARY_PROVIDER: Permission = 'appointments.secondary_provider';

/**
 * Who may be an appointment's provider, written once: a user of the account, active, whose
 * account roles grant appointments.primary_provider (as the primary provider) or
 * appointments.secondary_provider (as the secondary one). The permission comes from the account's
 * roles alone: a super administrator who may do anything is still not someone clients book.
 */
function providerRoles(scope: Scope) {
  const grants = (...permissions: Permission[]) => grantsAny(scope, users, users.id, permissions);
  return {
    isPrimaryProvider: sql<boolean>`${grants(PRIMARY_PROVIDER)}`,
    isSecondaryProvider: sql<boolean>`${grants(SECONDARY_PROVIDER)}`,
    either: grants(PRIMARY_PROVIDER, SECONDARY_PROVIDER),
  };
}

export interface ProviderState {
  id: string;
  isActive: boolean;
  isPrimaryProvider: boolean;
  isSecondaryProvider: boolean;
}

export interface ProviderRow {
  id: string;
  firstName: string;
  lastName: string;
  isPrimaryProvider: boolean;
  isSecondaryProvider: boolean;
}

/** The user is assigned to the location (a correlated test in a query on users). */
const assignedTo = (scope: Scope, locationId: string) =>
  userLocationLinks.existsFor(scope, users, and(eq(userLocations.userId, users.id), eq(userLocations.locationId, locationId)));

const byName = [asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id)];

export const usersRepository = {
  ...base,

  /** Sign-in looks a user up by email across every account, through the global email directory. */
  async findByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
    const entry = await userEmailsRepository.find(ex, email);
    return entry && base.findById(ex, { accountId: entry.accountId }, entry.userId);
  },

  /**
   * Security-critical: what the emailed sign-in flows know about an address, in one statement
   * whether or not a user has it (the same work for every address: docs/decisions/0086). Starts
   * from the global email directory; the user is joined inside the directory entry's account.
   */
  async accountCheck(
    ex: Executor,
    email: string,
  ): Promise<{ id: string; accountId: string; email: string; firstName: string; lastName: string; hasPassword: boolean; isActive: boolean; accountActive: boolean } | undefined> {
    const [row] = await ex
      .select({
        id: users.id,
        accountId: users.accountId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        isActive: users.isActive,
        accountActive: accounts.isActive,
      })
      .from(userEmails)
      .innerJoin(users, usersAcross.joined(userEmails, eq(users.id, userEmails.userId)))
      // the user's account, joined on the user's key: on Citus `users` and `accounts` are
      // co-located by it, while the directory (a reference table) says nothing of their shards
      .innerJoin(accounts, accountOf(users))
      .where(eq(userEmails.email, email.toLowerCase()))
      .limit(1);
    return row;
  },

  /** The signed-in user's own row, in their own account wherever they are working. */
  async findSignedIn(ex: Executor, auth: { homeAccountId: string; userId: string }): Promise<UserRow | undefined> {
    return base.findById(ex, { accountId: auth.homeAccountId }, auth.userId);
  },

  /** A new user, with its email claimed in the directory (a clash: EMAIL_TAKEN_CONSTRAINT). */
  async insert(ex: Executor, scope: Scope, values: NewRow<typeof users>): Promise<UserRow> {
    const row = await base.insert(ex, scope, values);
    await userEmailsRepository.claim(ex, { accountId: scope.accountId, userId: row.id }, row.email);
    return row;
  },

  async update(ex: Executor, scope: Scope, id: string, patch: RowPatch<typeof users>): Promise<UserRow | undefined> {
    // a user deactivated: their checked sessions are dropped (session-notices.repository.ts)
    if (patch.isActive !== undefined) await noticeSessions(ex, `u:${id}`);
    if (patch.email === undefined) return base.update(ex, scope, id, patch);
    // The directory is keyed by email: the old one is read first, the row locked so that no
    // concurrent change moves it in between.
    const before = await base.findById(ex, scope, id, { lock: 'update' });
    const row = await base.update(ex, scope, id, patch);
    if (before && row) await userEmailsRepository.change(ex, { userId: id, oldEmail: before.email }, row.email);
    return row;
  },

  async remove(ex: Executor, scope: Scope, id: string): Promise<boolean> {
    // The directory is keyed by email: the user's is read first, the row locked (as the delete would)
    // so that no concurrent change moves it in between.
    const user = await base.findById(ex, scope, id, { lock: 'update' });
    if (user) await userEmailsRepository.release(ex, { userId: id, email: user.email });
    await noticeSessions(ex, `u:${id}`);
    return base.remove(ex, scope, id);
  },

  async listWithLinks(ex: Executor, scope: Scope, opts: { locationId?: string; ids?: string[] }): Promise<UserWithLinks[]> {
    const rows = await base.list(ex, scope, {
      where: and(opts.ids ? idIn(users.id, opts.ids) : undefined, opts.locationId ? assignedTo(scope, opts.locationId) : undefined),
      orderBy: byName,
    });
    return this.attachLinks(ex, scope, rows);
  },

  async attachLinks(ex: Executor, scope: Scope, rows: UserRow[]): Promise<UserWithLinks[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [roleRows, locationRows] = await together(ex, [
      () => userRoleLinks.of(ex, scope, ids),
      async () =>
        userLocationLinks
          .select(ex, scope, { userId: userLocations.userId, locationId: userLocations.locationId }, idIn(userLocations.userId, ids))
          .innerJoin(locations, userLocationLinks.joined(scope, locations, eq(locations.id, userLocations.locationId)))
          .orderBy(asc(locations.name)),
    ] as const);
    const byUser = new Map(rows.map((r) => [r.id, { ...r, roleIds: [] as string[], locationIds: [] as string[] }]));
    for (const r of roleRows) byUser.get(r.ownerId)?.roleIds.push(r.otherId);
    for (const r of locationRows) byUser.get(r.userId)?.locationIds.push(r.locationId);
    return [...byUser.values()];
  },

  async setLocations(ex: Executor, scope: Scope, userId: string, locationIds: string[]): Promise<void> {
    await userLocationLinks.replace(ex, scope, userId, locationIds);
  },

  async setRoles(ex: Executor, scope: Scope, userId: string, roleIds: string[]): Promise<void> {
    await userRoleLinks.replace(ex, scope, userId, roleIds);
    await noticeSessions(ex, `u:${userId}`);
  },

  async countActive(ex: Executor, scope: Scope): Promise<number> {
    return base.count(ex, scope, eq(users.isActive, true));
  },

  /** How many users the account has, and how many of them are active, in one statement. */
  async counts(ex: Executor, scope: Scope): Promise<{ users: number; activeUsers: number }> {
    const [row] = await base.select(ex, scope, {
      users: count(),
      activeUsers: sql<number>`count(*) filter (where ${users.isActive})`.mapWith(Number),
    });
    return { users: row?.users ?? 0, activeUsers: row?.activeUsers ?? 0 };
  },

  /** The user's first location by name, for the profile. */
  async primaryLocation(ex: Executor, scope: Scope, userId: string): Promise<{ id: string; name: string } | null> {
    const [row] = await userLocationLinks
      .select(ex, scope, { id: locations.id, name: locations.name }, eq(userLocations.userId, userId))
      .innerJoin(locations, userLocationLinks.joined(scope, locations, eq(locations.id, userLocations.locationId)))
      .orderBy(asc(locations.name))
      .limit(1);
    return row ?? null;
  },

  /** Each of these users of the account (unknown ids are left out): whether active, and which provider roles they hold. */
  async providerStates(ex: Executor, scope: Scope, ids: readonly string[]): Promise<ProviderState[]> {
    if (ids.length === 0) return [];
    const { isPrimaryProvider, isSecondaryProvider } = providerRoles(scope);
    return base.select(
      ex,
      scope,
      { id: users.id, isActive: users.isActive, isPrimaryProvider, isSecondaryProvider },
      idIn(users.id, [...new Set(ids)]),
    );
  },

  /** The providers (active users who may hold appointments), optionally only those assigned to a location; by name. */
  async providers(ex: Executor, scope: Scope, locationId?: string): Promise<ProviderRow[]> {
    const { isPrimaryProvider, isSecondaryProvider, either } = providerRoles(scope);
    return base
      .select(
        ex,
        scope,
        { id: users.id, firstName: users.firstName, lastName: users.lastName, isPrimaryProvider, isSecondaryProvider },
        and(eq(users.isActive, true), either, locationId ? assignedTo(scope, locationId) : undefined),
      )
      .orderBy(...byName);
  },

  /** "First Last" of the user `idColumn` of another table's row names (null for none), read in that row's query. */
  fullNameFor: (scope: Scope, outer: AccountKeyed, idColumn: PgColumn) =>
    base.valueFor<string | null>(scope, outer, sql`${users.firstName} || ' ' || ${users.lastName}`, eq(users.id, idColumn)),

  /** "First Last" of each of these users of the account, by id. */
  async fullNames(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await base.select(
      ex,
      scope,
      { id: users.id, firstName: users.firstName, lastName: users.lastName },
      idIn(users.id, [...new Set(ids)]),
    );
    return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
  },
};
