import { and, asc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { PatientRef } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { scopedTable, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { clients } from '../clients/clients.table.js';
import { escapeLike } from '../../platform/like.js';
import { locationSpecies, species } from '../locations/locations.table.js';
import { patients } from './patients.table.js';

const base = tenantRepository(patients);
/** Clients are read here only for their names, a location's species list for the species it offers. */
const clientRows = tenantRepository(clients);
const locationSpeciesRows = scopedTable(locationSpecies);
export type PatientRow = typeof patients.$inferSelect;

export const patientOrder = [asc(sql`lower(${patients.name})`), asc(patients.id)];

export const patientsRepository = {
  ...base,

  async page(
    ex: Executor,
    scope: Scope,
    opts: {
      locationId?: string | undefined;
      clientId?: string | undefined;
      search?: string | undefined;
      includeDeceased: boolean;
      limit: number;
      offset: number;
    },
  ) {
    const term = opts.search?.trim();
    const where = and(
      opts.locationId ? eq(patients.locationId, opts.locationId) : undefined,
      opts.clientId ? eq(patients.clientId, opts.clientId) : undefined,
      opts.includeDeceased ? undefined : isNull(patients.deceasedOn),
      // Names match whatever the case; a microchip is matched exactly as written, as in the global search.
      term ? or(like(sql`lower(${patients.name})`, `${escapeLike(term.toLowerCase())}%`), eq(patients.microchip, term)) : undefined,
    );
    const [items, total] = await Promise.all([
      base.list(ex, scope, { where, orderBy: patientOrder, limit: opts.limit, offset: opts.offset }),
      base.count(ex, scope, where),
    ]);
    return { items, total };
  },

  async search(ex: Executor, scope: Scope, q: string, locationId: string | undefined, limit: number) {
    const term = q.trim().toLowerCase();
    return base.list(ex, scope, {
      where: and(
        locationId ? eq(patients.locationId, locationId) : undefined,
        or(like(sql`lower(${patients.name})`, `${escapeLike(term)}%`), eq(patients.microchip, q.trim())),
      ),
      orderBy: patientOrder,
      limit,
    });
  },

  async speciesNames(ex: Executor, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select()
      .from(species)
      .where(inArray(species.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /**
   * Name, household and deceased date of each patient, for lists of their records. The client's
   * name is a correlated value (a join would lose the scoped select's row type).
   */
  async refs(ex: Executor, scope: Scope, ids: string[]): Promise<Map<string, PatientRef>> {
    if (ids.length === 0) return new Map();
    const rows = await base.select(
      ex,
      scope,
      {
        id: patients.id,
        name: patients.name,
        clientId: patients.clientId,
        deceasedOn: patients.deceasedOn,
        clientName: clientRows.valueFor<string>(patients, sql`${clients.firstName} || ' ' || ${clients.lastName}`, eq(clients.id, patients.clientId)),
      },
      inArray(patients.id, [...new Set(ids)]),
    );
    return new Map(rows.map((r) => [r.id, r]));
  },

  async clientNames(ex: Executor, scope: Scope, clientIds: string[]): Promise<Map<string, string>> {
    if (clientIds.length === 0) return new Map();
    const rows = await clientRows.select(
      ex,
      scope,
      { id: clients.id, firstName: clients.firstName, lastName: clients.lastName },
      inArray(clients.id, [...new Set(clientIds)]),
    );
    return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
  },

  /**
   * The species a location offers, by id. Species are global: the scoped link rows pick them
   * as a subquery (a join would lose the scoped select's row type).
   */
  async locationSpecies(ex: Executor, scope: Scope, locationId: string): Promise<{ id: string; name: string }[]> {
    return ex
      .select({ id: species.id, name: species.name })
      .from(species)
      .where(
        inArray(species.id, locationSpeciesRows.select(ex, scope, { id: locationSpecies.speciesId }, eq(locationSpecies.locationId, locationId))),
      );
  },

  /** A client moved location: their patients and records follow. */
  async moveClientLocation(ex: Executor, scope: Scope, clientId: string, locationId: string): Promise<void> {
    await base.updateWhere(ex, scope, eq(patients.clientId, clientId), { locationId });
  },
};
