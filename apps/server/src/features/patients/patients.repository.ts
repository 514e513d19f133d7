import { and, asc, eq, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PatientRef } from '@willow/contracts';
import { together, type Executor } from '../../db/client.js';
import { idIn, tenantRepository, type AccountKeyed, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { clientOrder, type ClientListExtras, type ClientRow, clients } from '../clients/index.js';
import { escapeLike } from '../../platform/like.js';
import { species } from '../locations/index.js';
import { patients } from './patients.table.js';

const base = tenantRepository(patients);
/** Clients are read here for their names, and with their households for the export. */
const clientRows = tenantRepository(clients);
export type PatientRow = typeof patients.$inferSelect;

export const patientOrder = [asc(sql`lower(${patients.name})`), asc(patients.id)];
/** A lowered name in byte order: the global search's prefix and order (see search below). */
const bytewiseName = sql`lower(${patients.name}) collate "C"`;
/** Strings in the order of PostgreSQL's "C" collation: their UTF-8 bytes compared. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** What the client list shows of each client's household, offered to the clients feature (the container hands it over). */
export const clientListExtras = (scope: Scope): ClientListExtras => ({
  patientCount: sql<number>`(select count(*) from ${patients} where ${base.joined(scope, clients, eq(patients.clientId, clients.id))})`.mapWith(Number),
});

export const patientsRepository = {
  ...base,

  /** Whether the patient a row of another table names has died (for a filter in SQL). */
  deceasedFor: (scope: Scope, outer: AccountKeyed, patientId: PgColumn): SQL => base.existsFor(scope, outer, and(eq(patients.id, patientId), isNotNull(patients.deceasedOn))),

  /**
   * The patients of a location (not archived, living unless `deceasedToo`) born on one of the
   * month-days ('MM-DD'): a birthday message's pets.
   */
  bornOn: (ex: Executor, scope: Scope, q: { locationId: string; monthDays: readonly string[]; deceasedToo: boolean }): Promise<PatientRow[]> =>
    q.monthDays.length === 0
      ? Promise.resolve([])
      : base.list(ex, scope, {
          where: and(
            eq(patients.locationId, q.locationId),
            isNull(patients.archivedAt),
            q.deceasedToo ? undefined : isNull(patients.deceasedOn),
            sql`to_char(${patients.dateOfBirth}, 'MM-DD') = any(${sql.param([...q.monthDays])}::text[])`,
          ),
          orderBy: [asc(patients.clientId), asc(patients.id)],
        }),

  /** What the patient list shows beside each patient, read in the list's own statement. */
  listExtras: (scope: Scope) => ({
    // species are global (a reference table)
    speciesName: sql<string>`coalesce((select ${species.name} from ${species} where ${species.id} = ${patients.speciesId}), '')`,
    clientName: sql<string>`coalesce(${clientRows.valueFor(scope, patients, sql`${clients.firstName} || ' ' || ${clients.lastName}`, eq(clients.id, patients.clientId))}, '')`,
  }),

  /** Patients of a location and/or client, optionally searched, by name. */
  listOptions(opts: {
    locationId?: string | undefined;
    clientId?: string | undefined;
    search?: string | undefined;
    includeDeceased?: 'true' | 'false' | undefined;
    includeArchived?: 'true' | 'false' | undefined;
  }): ListOptions {
    const term = opts.search?.trim();
    const where = and(
      opts.locationId ? eq(patients.locationId, opts.locationId) : undefined,
      opts.clientId ? eq(patients.clientId, opts.clientId) : undefined,
      opts.includeDeceased === 'false' ? isNull(patients.deceasedOn) : undefined,
      opts.includeArchived === 'true' ? undefined : isNull(patients.archivedAt),
      // Names match whatever the case; a microchip is matched exactly as written, as in the global search.
      term ? or(like(sql`lower(${patients.name})`, `${escapeLike(term.toLowerCase())}%`), eq(patients.microchip, term)) : undefined,
    );
    return { where, orderBy: patientOrder };
  },

  /**
   * The global search: archived patients are not offered. Names by prefix and the microchip
   * exactly are two statements side by side, merged here: one `or` of both kept PostgreSQL from
   * reading the name index in order, so "m" read and sorted every patient whose name starts with
   * it (17,500 on the large seed) to answer eight. The names are compared byte by byte (`collate
   * "C"`), the only collation in which PostgreSQL turns a prefix into a range of an ordered index
   * (patients_account_name_search): the eight come straight off it (decision 0291).
   */
  async search(ex: Executor, scope: Scope, q: string, locationId: string | undefined, limit: number) {
    const term = q.trim().toLowerCase();
    const chip = q.trim();
    const atLocation = locationId ? eq(patients.locationId, locationId) : undefined;
    // The species' and household's names in the same statements (as the patient list reads them),
    // not two more round trips after them: a search runs on every key typed.
    const extras = patientsRepository.listExtras(scope);
    const [named, chipped] = await together(ex, [
      () =>
        base.list(ex, scope, {
          where: and(atLocation, isNull(patients.archivedAt), like(bytewiseName, `${escapeLike(term)}%`)),
          orderBy: [asc(bytewiseName), asc(patients.id)],
          limit,
          extras,
        }),
      () =>
        chip ? base.list(ex, scope, { where: and(atLocation, isNull(patients.archivedAt), eq(patients.microchip, chip)), orderBy: patientOrder, limit, extras }) : Promise.resolve([]),
    ] as const);
    const seen = new Set(named.map((p) => p.id));
    const merged = [...named, ...chipped.filter((p) => !seen.has(p.id))];
    return merged.sort((a, b) => byBytes(a.name.toLowerCase(), b.name.toLowerCase()) || byBytes(a.id, b.id)).slice(0, limit);
  },

  async speciesNames(ex: Executor, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select()
      .from(species)
      .where(idIn(species.id, [...new Set(ids)]));
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
        clientName: clientRows.valueFor<string>(scope, patients, sql`${clients.firstName} || ' ' || ${clients.lastName}`, eq(clients.id, patients.clientId)),
      },
      idIn(patients.id, [...new Set(ids)]),
    );
    return new Map(rows.map((r) => [r.id, r]));
  },

  async clientNames(ex: Executor, scope: Scope, clientIds: string[]): Promise<Map<string, string>> {
    if (clientIds.length === 0) return new Map();
    const rows = await clientRows.select(
      ex,
      scope,
      { id: clients.id, firstName: clients.firstName, lastName: clients.lastName },
      idIn(clients.id, [...new Set(clientIds)]),
    );
    return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
  },

  /** What a list of appointments shows of each patient: with the species' name (species are global). */
  async withSpecies(ex: Executor, scope: Scope, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return base
      .select(
        ex,
        scope,
        { id: patients.id, name: patients.name, speciesName: species.name, deceasedOn: patients.deceasedOn, alerts: patients.alerts },
        idIn(patients.id, [...ids]),
      )
      .innerJoin(species, eq(species.id, patients.speciesId));
  },

  /**
   * A condition for another table's query: one of the patients whose ids are in `patientIds` (a
   * uuid[] column of `outer`) has `word` (lower case) in its name.
   */
  anyNameContains(scope: Scope, outer: AccountKeyed, patientIds: PgColumn, word: string): SQL {
    const pattern = `%${escapeLike(word)}%`;
    return base.existsFor(scope, outer, and(sql`${patients.id} = any(${patientIds})`, sql`lower(${patients.name}) like ${pattern}`));
  },

  /** A living patient of the client by that name, whatever its case (a booking request is never for a pet that has died). */
  async livingByName(ex: Executor, scope: Scope, clientId: string, name: string): Promise<PatientRow | undefined> {
    const [row] = await base.list(ex, scope, {
      where: and(eq(patients.clientId, clientId), eq(sql`lower(${patients.name})`, name.toLowerCase()), isNull(patients.deceasedOn)),
      orderBy: [asc(patients.createdAt), asc(patients.id)],
      limit: 1,
    });
    return row;
  },

  /**
   * The client's patients not archived yet, archived with them at `at` (the client's own
   * archived_at, which is how restoring the client finds them again); answers them as they were.
   */
  async archiveOfClient(ex: Executor, scope: Scope, clientId: string, at: Date): Promise<PatientRow[]> {
    const rows = await base.list(ex, scope, { where: and(eq(patients.clientId, clientId), isNull(patients.archivedAt)), orderBy: [patients.id], lock: 'update' });
    if (rows.length) await base.updateWhere(ex, scope, idIn(patients.id, rows.map((r) => r.id)), { archivedAt: at });
    return rows;
  },

  /** The client's patients archived with them (at `at`) come back with them; answers them as they were. */
  async restoreOfClient(ex: Executor, scope: Scope, clientId: string, at: Date): Promise<PatientRow[]> {
    const rows = await base.list(ex, scope, { where: and(eq(patients.clientId, clientId), eq(patients.archivedAt, at)), orderBy: [patients.id], lock: 'update' });
    if (rows.length) await base.updateWhere(ex, scope, idIn(patients.id, rows.map((r) => r.id)), { archivedAt: null });
    return rows;
  },

  /** A client moved location: their patients and records follow. */
  async moveClientLocation(ex: Executor, scope: Scope, clientId: string, locationId: string): Promise<void> {
    await base.updateWhere(ex, scope, eq(patients.clientId, clientId), { locationId });
  },

  /**
   * A page of a location's clients for the export, in the client list's order after `after` (the
   * last client of the page before; the list's index read from there), each with their patients by
   * name: a row per patient, one without for a client with none.
   */
  async householdsAt(ex: Executor, scope: Scope, locationId: string, page: { after: ClientRow | null; limit: number }): Promise<{ c: ClientRow; p: PatientRow | null }[]> {
    const { after, limit } = page;
    const next = after
      ? sql`(lower(${clients.firstName}), lower(${clients.lastName}), ${clients.id}) > (lower(${after.firstName}), lower(${after.lastName}), ${after.id}::uuid)`
      : undefined;
    const people = await clientRows.list(ex, scope, { where: and(eq(clients.locationId, locationId), next), orderBy: clientOrder, limit });
    if (people.length === 0) return [];
    const pets = await base.list(ex, scope, { where: idIn(patients.clientId, people.map((c) => c.id)), orderBy: [asc(patients.name), asc(patients.id)] });
    const petsOf = new Map<string, PatientRow[]>();
    for (const p of pets) (petsOf.get(p.clientId) ?? petsOf.set(p.clientId, []).get(p.clientId)!).push(p);
    return people.flatMap((c): { c: ClientRow; p: PatientRow | null }[] => petsOf.get(c.id)?.map((p) => ({ c, p })) ?? [{ c, p: null }]);
  },

  /** Fresh planner statistics for clients and patients (after a large import). */
  async analyzeHouseholds(ex: Executor): Promise<void> {
    await ex.execute(sql`analyze clients, patients`);
  },
};
