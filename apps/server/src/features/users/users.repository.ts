import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type NewRow, type RowPatch, type Scope } from '../../platform/tenant-repository.js';
import { userEmailsRepository } from './user-emails.repository.js';
import { locations } from '../locations/locations.table.js';
import { userRoles } from '../roles/roles.table.js';
import { userLocations, users } from './users.table.js';

const base = tenantRepository(users);
export type UserRow = typeof users.$inferSelect;
export type UserWithLinks = UserRow & { roleIds: string[]; locationIds: string[] };

export const usersRepository = {
  ...base,

  /** Sign-in looks a user up by email across every account, through the global email directory. */
  async findByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
    const entry = await userEmailsRepository.find(ex, email);
    return entry && base.findById(ex, { accountId: entry.accountId }, entry.userId);
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
    const row = await base.update(ex, scope, id, patch);
    if (row && patch.email !== undefined) await userEmailsRepository.change(ex, { accountId: scope.accountId, userId: id }, row.email);
    return row;
  },

  async remove(ex: Executor, scope: Scope, id: string): Promise<boolean> {
    await userEmailsRepository.release(ex, { accountId: scope.accountId, userId: id });
    return base.remove(ex, scope, id);
  },

  async listWithLinks(ex: Executor, scope: Scope, opts: { locationId?: string; ids?: string[] }): Promise<UserWithLinks[]> {
    const rows = await base.list(ex, scope, {
      where: and(
        opts.ids ? inArray(users.id, opts.ids) : undefined,
        opts.locationId
          ? exists(
              ex
                .select({ one: sql`1` })
                .from(userLocations)
                .where(and(eq(userLocations.userId, users.id), eq(userLocations.locationId, opts.locationId))),
            )
          : undefined,
      ),
      orderBy: [asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id)],
    });
    return this.attachLinks(ex, scope, rows);
  },

  async attachLinks(ex: Executor, scope: Scope, rows: UserRow[]): Promise<UserWithLinks[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [roleRows, locationRows] = await Promise.all([
      ex
        .select({ userId: userRoles.userId, roleId: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.accountId, scope.accountId), inArray(userRoles.userId, ids))),
      ex
        .select({ userId: userLocations.userId, locationId: userLocations.locationId })
        .from(userLocations)
        .innerJoin(locations, eq(locations.id, userLocations.locationId))
        .where(and(eq(userLocations.accountId, scope.accountId), inArray(userLocations.userId, ids)))
        .orderBy(asc(locations.name)),
    ]);
    const byUser = new Map(rows.map((r) => [r.id, { ...r, roleIds: [] as string[], locationIds: [] as string[] }]));
    for (const r of roleRows) byUser.get(r.userId)?.roleIds.push(r.roleId);
    for (const r of locationRows) byUser.get(r.userId)?.locationIds.push(r.locationId);
    return [...byUser.values()];
  },

  async setLocations(ex: Executor, scope: Scope, userId: string, locationIds: string[]): Promise<void> {
    await ex.delete(userLocations).where(and(eq(userLocations.accountId, scope.accountId), eq(userLocations.userId, userId)));
    if (locationIds.length)
      await ex.insert(userLocations).values(locationIds.map((locationId) => ({ accountId: scope.accountId, userId, locationId })));
  },

  async setRoles(ex: Executor, scope: Scope, userId: string, roleIds: string[]): Promise<void> {
    await ex.delete(userRoles).where(and(eq(userRoles.accountId, scope.accountId), eq(userRoles.userId, userId)));
    if (roleIds.length)
      await ex.insert(userRoles).values(roleIds.map((roleId) => ({ accountId: scope.accountId, userId, roleId })));
  },

  async countActive(ex: Executor, scope: Scope): Promise<number> {
    return base.count(ex, scope, eq(users.isActive, true));
  },

  /** The user's first location by name, for the profile. */
  async primaryLocation(ex: Executor, scope: Scope, userId: string): Promise<{ id: string; name: string } | null> {
    const [row] = await ex
      .select({ id: locations.id, name: locations.name })
      .from(userLocations)
      .innerJoin(locations, eq(locations.id, userLocations.locationId))
      .where(and(eq(userLocations.accountId, scope.accountId), eq(userLocations.userId, userId)))
      .orderBy(asc(locations.name))
      .limit(1);
    return row ?? null;
  },
};
