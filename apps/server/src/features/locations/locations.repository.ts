import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { linkTable, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { locations, locationSpecies, species } from './locations.table.js';

const base = tenantRepository(locations);
const speciesLinks = linkTable(locationSpecies, locationSpecies.locationId, locationSpecies.speciesId);
export type LocationRow = typeof locations.$inferSelect;
export type SpeciesRow = typeof species.$inferSelect;

export const locationsRepository = {
  ...base,

  async listSorted(ex: Executor, scope: Scope, opts: { onlyActive?: boolean }): Promise<LocationRow[]> {
    return base.list(ex, scope, {
      where: opts.onlyActive ? eq(locations.isActive, true) : undefined,
      orderBy: [asc(sql`lower(${locations.name})`), asc(locations.id)],
    });
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
        inArray(locationSpecies.locationId, locationIds),
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
