import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { accountOf, acrossAccounts, idIn, tenantRepository, type AccountKeyed, type Scope } from '../../platform/tenant-repository.js';
import { linkTable } from '../../platform/tenant-row-sets.js';
import { accounts } from '../accounts/index.js';
import { locations, locationSpecies, species } from './locations.table.js';

const base = tenantRepository(locations);
const speciesLinks = linkTable(locationSpecies, locationSpecies.locationId, locationSpecies.speciesId);
export type LocationRow = typeof locations.$inferSelect;
export type SpeciesRow = typeof species.$inferSelect;

export const locationsRepository = {
  ...base,

  /** Each location's time zone, by id. */
  async timezonesOf(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await base.select(ex, scope, { id: locations.id, timezone: locations.timezone }, idIn(locations.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.timezone]));
  },

  /** The calendar date at the location a row of another table names, in its own time zone (for a filter in SQL). */
  todayFor: (scope: Scope, outer: AccountKeyed, locationId: PgColumn): SQL<string> =>
    base.valueFor<string>(scope, outer, sql`(now() at time zone ${locations.timezone})::date`, eq(locations.id, locationId)),

  async listSorted(ex: Executor, scope: Scope, opts: { onlyActive?: boolean }): Promise<LocationRow[]> {
    return base.list(ex, scope, {
      where: opts.onlyActive ? eq(locations.isActive, true) : undefined,
      orderBy: [asc(sql`lower(${locations.name})`), asc(locations.id)],
    });
  },

  /** The ids of the account's locations. */
  async ids(ex: Executor, scope: Scope): Promise<string[]> {
    const rows = await base.select(ex, scope, { id: locations.id });
    return rows.map((r) => r.id);
  },

  /**
   * The public booking page's location, read before any session exists: active, of an active
   * account, with the account's name.
   */
  async activeForBooking(ex: Executor, locationId: string): Promise<{ location: LocationRow; accountName: string } | undefined> {
    // Across accounts: the location id the page names is what tells the account.
    const [row] = await acrossAccounts(locations)
      .select(
        ex,
        { location: locations, accountName: accounts.name },
        and(eq(locations.id, locationId), eq(locations.isActive, true), eq(accounts.isActive, true)),
      )
      .innerJoin(accounts, accountOf(locations))
      .limit(1);
    return row;
  },

  /**
   * The account a location belongs to, for a provider's call naming only the location (a payment
   * webhook), read before any session exists; the caller authenticates the call itself.
   */
  async accountOfLocation(ex: Executor, locationId: string): Promise<Scope | undefined> {
    // Across accounts: the location id in the address is what tells the account.
    const [row] = await acrossAccounts(locations).select(ex, { accountId: locations.accountId }, eq(locations.id, locationId)).limit(1);
    return row;
  },

  /** The species of each location, sorted by name. */
  async speciesOf(ex: Executor, scope: Scope, locationIds: string[]): Promise<Map<string, SpeciesRow[]>> {
    const result = new Map<string, SpeciesRow[]>(locationIds.map((id) => [id, []]));
    if (locationIds.length === 0) return result;
    const rows = await speciesLinks
      .select(
        ex,
        scope,
        { locationId: locationSpecies.locationId, id: species.id, name: species.name },
        idIn(locationSpecies.locationId, locationIds),
      )
      // species are global (a reference table on a sharded database)
      .innerJoin(species, eq(species.id, locationSpecies.speciesId))
      .orderBy(asc(species.name));
    for (const r of rows) result.get(r.locationId)?.push({ id: r.id, name: r.name });
    return result;
  },

  async addSpecies(ex: Executor, scope: Scope, locationId: string, speciesId: string): Promise<void> {
    await speciesLinks.add(ex, scope, locationId, speciesId);
  },

  /** Adds these species to the location's list (those it has already stay once). */
  async addManySpecies(ex: Executor, scope: Scope, locationId: string, speciesIds: readonly string[]): Promise<void> {
    if (speciesIds.length === 0) return;
    await speciesLinks.insertMany(
      ex,
      scope,
      [...new Set(speciesIds)].map((speciesId) => ({ locationId, speciesId })),
      { ignoreConflicts: true },
    );
  },

  async removeSpecies(ex: Executor, scope: Scope, locationId: string, speciesId: string): Promise<void> {
    await speciesLinks.remove(ex, scope, locationId, speciesId);
  },
};

export const speciesRepository = {
  async list(ex: Executor): Promise<SpeciesRow[]> {
    return ex.select().from(species).orderBy(asc(species.name));
  },
  async findById(ex: Executor, id: string): Promise<SpeciesRow | undefined> {
    const [row] = await ex.select().from(species).where(eq(species.id, id)).limit(1);
    return row;
  },
  async findByNames(ex: Executor, names: string[]): Promise<SpeciesRow[]> {
    return names.length ? ex.select().from(species).where(inArray(species.name, names)) : [];
  },
  async insertMissing(ex: Executor, names: string[]): Promise<void> {
    await ex
      .insert(species)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
  },
};
