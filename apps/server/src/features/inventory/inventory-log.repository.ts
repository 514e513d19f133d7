import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../platform/like.js';
import { idIn, tenantRepository, type ListOptions, type RowWith, type Scope } from '../../platform/tenant-repository.js';
import { locations, locationsRepository } from '../locations/index.js';
import { patients, patientsRepository } from '../patients/index.js';
import { usersRepository } from '../users/index.js';
import { inventoryMovements as m, items, lots } from './inventory.table.js';

const base = tenantRepository(m);
const itemsBase = tenantRepository(items);
const lotsBase = tenantRepository(lots);

/** What an entry shows beside its row, read in the row's own statement (a page of the log is one statement). */
export const entryExtras = (scope: Scope) => ({
  itemName: itemsBase.valueFor<string>(scope, m, items.name, eq(items.id, m.itemId)),
  sellUnit: itemsBase.valueFor<string>(scope, m, items.sellUnit, eq(items.id, m.itemId)),
  controlled: itemsBase.valueFor<boolean>(scope, m, items.controlled, eq(items.id, m.itemId)),
  lotNumber: lotsBase.valueFor<string | null>(scope, m, lots.lotNumber, eq(lots.id, m.lotId)),
  expiresOn: lotsBase.valueFor<string | null>(scope, m, sql`${lots.expiresOn}::text`, eq(lots.id, m.lotId)),
  patientName: patientsRepository.valueFor<string | null>(scope, m, patients.name, eq(patients.id, m.patientId)),
  userName: usersRepository.fullNameFor(scope, m, m.userId),
});
export type EntryExtras = ReturnType<typeof entryExtras>;
export type EntryRow = RowWith<typeof m, EntryExtras>;

export interface LogFilters {
  locationId?: string | undefined;
  itemId?: string | undefined;
  lotId?: string | undefined;
  patientId?: string | undefined;
  appointmentId?: string | undefined;
  type?: string | undefined;
  category?: string | undefined;
  controlled?: boolean | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  order: 'newest' | 'oldest';
}

/** A day's start on the entry's location's clock. */
const dayStartAt = (scope: Scope, day: string): SQL =>
  sql`(${day}::date::timestamp at time zone ${locationsRepository.valueFor<string>(scope, m, locations.timezone, eq(locations.id, m.locationId))})`;

/**
 * A day on any clock (UTC−12 to UTC+14) starts after the UTC midnight before it and ends before
 * the UTC midnight two days after it. Bounds by constants, unlike the entry's own location's day
 * (`dayStartAt`, which the exact bounds keep), so an index on the entries' time (the ledger's:
 * account, item, created_at) reads only a range's entries and a day either side (decision 0290).
 */
const earliestStartOf = (day: string): SQL => sql`((${day}::date - 1)::timestamp at time zone 'UTC')`;
const latestEndOf = (day: string): SQL => sql`((${day}::date + 2)::timestamp at time zone 'UTC')`;

export const inventoryLogRepository = {
  ...base,

  listOptions(f: LogFilters, scope: Scope): ListOptions {
    const term = f.search ? `%${escapeLike(f.search)}%` : undefined;
    const item = (where: SQL) => itemsBase.existsFor(scope, m, and(eq(items.id, m.itemId), where));
    return {
      where: and(
        f.locationId ? eq(m.locationId, f.locationId) : undefined,
        f.itemId ? eq(m.itemId, f.itemId) : undefined,
        f.lotId ? eq(m.lotId, f.lotId) : undefined,
        f.patientId ? eq(m.patientId, f.patientId) : undefined,
        f.appointmentId ? eq(m.appointmentId, f.appointmentId) : undefined,
        f.type ? eq(m.type, f.type) : undefined,
        f.category ? item(eq(items.category, f.category)) : undefined,
        f.controlled !== undefined ? item(eq(items.controlled, f.controlled)) : undefined,
        term
          ? or(item(ilike(items.name, term)), ilike(m.reason, term), lotsBase.existsFor(scope, m, and(eq(lots.id, m.lotId), ilike(lots.lotNumber, term))))
          : undefined,
        f.from ? and(sql`${m.createdAt} >= ${earliestStartOf(f.from)}`, sql`${m.createdAt} >= ${dayStartAt(scope, f.from)}`) : undefined,
        f.to ? and(sql`${m.createdAt} < ${latestEndOf(f.to)}`, sql`${m.createdAt} < ${dayStartAt(scope, f.to)} + interval '1 day'`) : undefined,
      ),
      orderBy: f.order === 'oldest' ? [asc(m.seq)] : [desc(m.seq)],
    };
  },

  /**
   * Every entry matching, in the order the log was written, with what each shows (the
   * controlled-drug ledger); `page`: `limit` of them written after the entry `afterSeq` (none: the
   * first), the ledger's files a page at a time (decision 0296).
   */
  async entries(ex: Executor, scope: Scope, f: Omit<LogFilters, 'order'>, page?: { limit: number; afterSeq: number | null }): Promise<EntryRow[]> {
    const { where } = inventoryLogRepository.listOptions({ ...f, order: 'oldest' }, scope);
    const after = page?.afterSeq !== null && page?.afterSeq !== undefined ? sql`${m.seq} > ${page.afterSeq}` : undefined;
    return base.list(ex, scope, { where: and(where, after), orderBy: [asc(m.seq)], extras: entryExtras(scope), ...(page && { limit: page.limit }) });
  },

  /** How many entries match and what came in and went out over them (sell units, positive), summed in SQL. */
  async entryTotals(ex: Executor, scope: Scope, f: Omit<LogFilters, 'order'>): Promise<{ entries: number; in: number; out: number }> {
    const { where } = inventoryLogRepository.listOptions({ ...f, order: 'oldest' }, scope);
    const [totals] = await base.select(ex, scope, {
      entries: sql<number>`count(*)`.mapWith(Number),
      in: sql<number>`coalesce(sum(${m.quantity}) filter (where ${m.quantity} > 0), 0)`.mapWith(Number),
      out: sql<number>`coalesce(-sum(${m.quantity}) filter (where ${m.quantity} < 0), 0)`.mapWith(Number),
    }, where);
    return totals ?? { entries: 0, in: 0, out: 0 };
  },

  /** Entries by id with what they show, in the ids' order. */
  async withNames(ex: Executor, scope: Scope, ids: readonly string[]): Promise<EntryRow[]> {
    if (ids.length === 0) return [];
    const rows = await base.list(ex, scope, { where: idIn(m.id, ids), extras: entryExtras(scope) });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** Whether the log names the patient (its entries are kept, so the patient is too). */
  async namesPatient(ex: Executor, scope: Scope, patientId: string): Promise<boolean> {
    return base.exists(ex, scope, eq(m.patientId, patientId));
  },

  /** Whether the log names a patient of the client. */
  async namesClient(ex: Executor, scope: Scope, clientId: string): Promise<boolean> {
    return base.exists(ex, scope, patientsRepository.existsFor(scope, m, and(eq(patients.id, m.patientId), eq(patients.clientId, clientId))));
  },

  /**
   * What was administered at these appointments, net of corrections, per appointment and item (sell
   * units, positive): the invoices' missed charges and stock that follows the books read it. A
   * correction carries its entry's appointment, and only administered entries name one.
   */
  async administeredAt(ex: Executor, scope: Scope, appointmentIds: readonly string[]): Promise<{ appointmentId: string; itemId: string; quantity: number }[]> {
    if (appointmentIds.length === 0) return [];
    const rows = await base
      .select(
        ex,
        scope,
        { appointmentId: sql<string>`${m.appointmentId}`, itemId: m.itemId, quantity: sql<number>`-sum(${m.quantity})`.mapWith(Number) },
        and(idIn(m.appointmentId, appointmentIds), inArray(m.type, ['administered', 'correction'])),
      )
      .groupBy(m.appointmentId, m.itemId);
    return rows.filter((r) => r.quantity > 0);
  },

  /** An entry's corrections so far (what it nets to is its quantity and theirs). */
  async correctionsOf(ex: Executor, scope: Scope, entryId: string): Promise<(typeof m.$inferSelect)[]> {
    return base.list(ex, scope, { where: and(eq(m.correctsId, entryId), inArray(m.type, ['correction'])), orderBy: [asc(m.seq)] });
  },
};
