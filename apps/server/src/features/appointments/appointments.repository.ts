import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { FINISHED_STATUSES, INACTIVE_STATUSES, MAX_APPOINTMENT_HOURS, type AppointmentStatus } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { lockKeys } from '../../db/locks.js';
import { acrossAccounts, idIn, scopedTable, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { clientsRepository } from '../clients/index.js';
import { patientsRepository } from '../patients/index.js';
import { usersRepository } from '../users/index.js';
import { appointmentAddOns, appointments, appointmentStatusChanges, bookingFormUses, bookingRequestLog } from './appointments.table.js';

const base = tenantRepository(appointments);

const statusChanges = tenantRepository(appointmentStatusChanges);
const attachedAddOns = tenantRepository(appointmentAddOns);
const requestLog = scopedTable(bookingRequestLog);
const formUses = scopedTable(bookingFormUses);

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentAddOnRow = typeof appointmentAddOns.$inferSelect;
export type StatusChangeRow = typeof appointmentStatusChanges.$inferSelect;

const MAX_APPOINTMENT_MS = MAX_APPOINTMENT_HOURS * 3_600_000;

/** A uuid[] of bound values, written the same way for PGlite and node-postgres. */
const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

export interface AppointmentFilters {
  /** one location, or any of these (the account's locations, so the index still applies) */
  locationIds?: string[] | undefined;
  status?: AppointmentStatus[] | undefined;
  providerIds?: string[] | undefined;
  serviceIds?: string[] | undefined;
  clientId?: string | undefined;
  patientId?: string | undefined;
  search?: string | undefined;
}

/** Each word typed must be in the client's name or in the name of one of the patients. */
function nameSearch(scope: Scope, search: string | undefined): SQL | undefined {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
  if (words.length === 0) return undefined;
  return and(
    // Names live in the clients' and patients' tables: their repositories write the conditions.
    ...words.map((w) =>
      or(
        clientsRepository.nameContains(scope, appointments, appointments.clientId, w),
        patientsRepository.anyNameContains(scope, appointments, appointments.patientIds, w),
      ),
    ),
  );
}

function filterWhere(scope: Scope, f: AppointmentFilters): SQL | undefined {
  return and(
    f.locationIds ? inArray(appointments.locationId, f.locationIds) : undefined,
    f.status?.length ? inArray(appointments.status, f.status) : undefined,
    f.providerIds?.length
      ? or(
          inArray(appointments.primaryProviderId, f.providerIds),
          inArray(appointments.secondaryProviderId, f.providerIds),
          // Unassigned appointments (online requests) show under any provider filter, as on the calendar.
          and(isNull(appointments.primaryProviderId), isNull(appointments.secondaryProviderId)),
        )
      : undefined,
    f.serviceIds?.length ? sql`${appointments.serviceIds} && ${uuidArray(f.serviceIds)}` : undefined,
    f.clientId ? eq(appointments.clientId, f.clientId) : undefined,
    f.patientId ? sql`${appointments.patientIds} @> ${uuidArray([f.patientId])}` : undefined,
    nameSearch(scope, f.search),
  );
}

/** An appointment an intended booking would overlap. */
export type OverlapRow = Pick<AppointmentRow, 'id' | 'startAt' | 'endAt' | 'clientId' | 'patientIds' | 'primaryProviderId' | 'secondaryProviderId'>;

/**
 * The calendar's read: appointments overlapping [start, end), oldest first; without an end, from
 * start on. Nothing lasts longer than MAX_APPOINTMENT_HOURS, so start_at is bounded below and the
 * (account, location, start_at) index reads from there. Nothing is counted: one row more than
 * the page is read to tell whether more follow. `require` (the filters name rows of the account)
 * rides along each row as an uncorrelated subquery, evaluated once.
 */
const rangeOptions = (scope: Scope, f: AppointmentFilters, start: Date, end: Date | null, limit: number, offset: number, require?: SQL<boolean>) => ({
  extras: { allowed: require ?? sql<boolean>`true` },
  where: and(
    filterWhere(scope, f),
    gt(appointments.startAt, new Date(start.getTime() - MAX_APPOINTMENT_MS)),
    end ? lt(appointments.startAt, end) : undefined,
    gt(appointments.endAt, start),
  ),
  orderBy: [asc(appointments.startAt), asc(appointments.id)],
  limit: limit + 1,
  offset,
});

/** The page of a range's rows; `allowed` is the filters' check, or undefined when no row came to carry it (the caller asks it then). */
function rangeResult<R extends { allowed: boolean }>(rows: R[], limit: number) {
  const allowed = rows.length === 0 ? undefined : rows[0]!.allowed === true;
  return { items: rows.slice(0, limit), more: rows.length > limit, allowed };
}

/** A page's total: counted only when the page does not tell it. */
async function pageTotal(ex: Executor, scope: Scope, where: SQL | undefined, found: number, limit: number, offset: number): Promise<number> {
  return found < limit && (offset === 0 || found > 0) ? offset + found : base.count(ex, scope, where);
}

export const appointmentsRepository = {
  /**
   * The appointments of a location starting in [from, to) whose visit is still to come (Pending or
   * Confirmed), with one of `serviceIds` when given: what a reminder before an appointment is about
   * (the location's start-time index).
   */
  startingBetween: (ex: Executor, scope: Scope, q: { locationId: string; from: Date; to: Date; serviceIds: readonly string[] }): Promise<AppointmentRow[]> =>
    base.list(ex, scope, {
      where: and(
        eq(appointments.locationId, q.locationId),
        gte(appointments.startAt, q.from),
        lt(appointments.startAt, q.to),
        inArray(appointments.status, ['Pending', 'Confirmed']),
        q.serviceIds.length ? sql`${appointments.serviceIds} && ${uuidArray(q.serviceIds)}` : undefined,
      ),
      orderBy: [asc(appointments.startAt), asc(appointments.id)],
    }),

  ...base,

  /**
   * The row, locked until the transaction ends: a status change reads it this way, so two changes
   * from the same status at once are checked one after the other, the second against the first's result.
   */
  findForUpdate: (ex: Executor, scope: Scope, id: string): Promise<AppointmentRow | undefined> => base.findById(ex, scope, id, { lock: 'update' }),

  /** Several rows locked the same way, always in id order so two such writes never wait crosswise. */
  findManyForUpdate: (ex: Executor, scope: Scope, ids: string[]): Promise<AppointmentRow[]> => base.findByIds(ex, scope, ids, { lock: 'update' }),

  /**
   * The calendar: appointments overlapping [start, end), oldest first; without an end, from start
   * on. Nothing lasts longer than MAX_APPOINTMENT_HOURS, so start_at is bounded below and the
   * (account, location, start_at) index reads from there. Nothing is counted: one row more than
   * the page is read to tell whether more follow. `require` (the filters name rows of the account)
   * rides along each row as an uncorrelated subquery, evaluated once: `allowed` is its answer, or
   * undefined when no row came to carry it (the caller asks it then).
   */
  async range(ex: Executor, scope: Scope, f: AppointmentFilters, start: Date, end: Date | null, limit: number, offset: number, require?: SQL<boolean>) {
    return rangeResult(await base.list(ex, scope, rangeOptions(scope, f, start, end, limit, offset, require)), limit);
  },

  /** `range` with the timestamps as the ISO text the answer carries (the calendar's week; decision 0237). */
  async rangeTextTimes(ex: Executor, scope: Scope, f: AppointmentFilters, start: Date, end: Date | null, limit: number, offset: number, require?: SQL<boolean>) {
    return rangeResult(await base.listTextTimes(ex, scope, rangeOptions(scope, f, start, end, limit, offset, require)), limit);
  },

  /** The list: newest first, with the total (counted only when the page does not tell it). */
  async page(ex: Executor, scope: Scope, f: AppointmentFilters, limit: number, offset: number) {
    const where = filterWhere(scope, f);
    const items = await base.list(ex, scope, { where, orderBy: [desc(appointments.startAt), desc(appointments.id)], limit, offset });
    return { items, total: await pageTotal(ex, scope, where, items.length, limit, offset) };
  },

  /** `page` with the timestamps as the ISO text the answer carries (decision 0237). */
  async pageTextTimes(ex: Executor, scope: Scope, f: AppointmentFilters, limit: number, offset: number) {
    const where = filterWhere(scope, f);
    const items = await base.listTextTimes(ex, scope, { where, orderBy: [desc(appointments.startAt), desc(appointments.id)], limit, offset });
    return { items, total: await pageTotal(ex, scope, where, items.length, limit, offset) };
  },

  async countPending(ex: Executor, scope: Scope, locationId: string | undefined): Promise<number> {
    return base.count(ex, scope, and(eq(appointments.status, 'Pending'), locationId ? eq(appointments.locationId, locationId) : undefined));
  },

  /**
   * Serialises bookings that could clash: a transaction-scoped lock per provider and patient,
   * taken in one order (by hash) so two bookings never wait on each other crosswise.
   */
  /**
   * The owner of an online request confirmed their address (the emailed link): the first
   * confirmation's time is kept. Undefined when the appointment is gone. The time is the app's:
   * Citus refuses `now()` inside COALESCE in an UPDATE.
   */
  async confirmEmail(ex: Executor, scope: Scope, id: string): Promise<AppointmentRow | undefined> {
    return base.update(ex, scope, id, { emailConfirmedAt: sql`coalesce(${appointments.emailConfirmedAt}, ${new Date().toISOString()}::timestamptz)` });
  },

  async lockKeys(ex: Executor, keys: string[]): Promise<void> {
    await lockKeys(ex, keys);
  },

  /** The earliest active appointment sharing a provider (either role) or a patient and overlapping [start, end). */
  async findOverlap(
    ex: Executor,
    scope: Scope,
    o: { start: Date; end: Date; providerIds: string[]; patientIds: string[]; excludeId?: string | undefined },
  ): Promise<OverlapRow | undefined> {
    if (o.providerIds.length === 0 && o.patientIds.length === 0) return undefined;
    const [row] = await base
      .select(
        ex,
        scope,
        {
          id: appointments.id,
          startAt: appointments.startAt,
          endAt: appointments.endAt,
          clientId: appointments.clientId,
          patientIds: appointments.patientIds,
          primaryProviderId: appointments.primaryProviderId,
          secondaryProviderId: appointments.secondaryProviderId,
        },
        and(
          notInArray(appointments.status, [...INACTIVE_STATUSES]),
          o.excludeId ? ne(appointments.id, o.excludeId) : undefined,
          gt(appointments.startAt, new Date(o.start.getTime() - MAX_APPOINTMENT_MS)),
          lt(appointments.startAt, o.end),
          gt(appointments.endAt, o.start),
          or(
            o.providerIds.length ? inArray(appointments.primaryProviderId, o.providerIds) : undefined,
            o.providerIds.length ? inArray(appointments.secondaryProviderId, o.providerIds) : undefined,
            o.patientIds.length ? sql`${appointments.patientIds} && ${uuidArray(o.patientIds)}` : undefined,
          ),
        ),
      )
      .orderBy(asc(appointments.startAt), asc(appointments.id))
      .limit(1);
    return row;
  },

  /** Whether any appointment of the account names the service (a service in use is not deleted). */
  async namesService(ex: Executor, scope: Scope, serviceId: string): Promise<boolean> {
    return base.exists(ex, scope, sql`${serviceId}::uuid = any(${appointments.serviceIds})`);
  },

  // ---------- what answers show, batch-loaded (what other features own comes from their repositories) ----------
  async addOnsOf(ex: Executor, scope: Scope, appointmentIds: string[]): Promise<AppointmentAddOnRow[]> {
    if (appointmentIds.length === 0) return [];
    return attachedAddOns.list(ex, scope, {
      where: idIn(appointmentAddOns.appointmentId, appointmentIds),
      orderBy: [asc(appointmentAddOns.createdAt), asc(appointmentAddOns.id)],
    });
  },

  async statusHistory(ex: Executor, scope: Scope, appointmentId: string) {
    return (
      statusChanges
        .select(
          ex,
          scope,
          {
            id: appointmentStatusChanges.id,
            fromStatus: appointmentStatusChanges.fromStatus,
            toStatus: appointmentStatusChanges.toStatus,
            note: appointmentStatusChanges.note,
            correction: appointmentStatusChanges.correction,
            changedAt: appointmentStatusChanges.changedAt,
            changedById: appointmentStatusChanges.changedById,
            changedByName: usersRepository.fullNameFor(scope, appointmentStatusChanges, appointmentStatusChanges.changedById),
          },
          eq(appointmentStatusChanges.appointmentId, appointmentId),
        )
        // The creation row sorts first even if a change lands within the same microsecond.
        .orderBy(asc(appointmentStatusChanges.changedAt), asc(sql`${appointmentStatusChanges.fromStatus} is not null`))
    );
  },

  async recordStatus(
    ex: Executor,
    scope: Scope,
    change: {
      appointmentId: string;
      fromStatus: string | null;
      toStatus: string;
      note: string | null;
      changedById: string | null;
      correction?: boolean;
    },
  ): Promise<StatusChangeRow> {
    return statusChanges.insert(ex, scope, change);
  },

  // ---------- add-ons on an appointment ----------
  findAttachedAddOn: (ex: Executor, scope: Scope, id: string) => attachedAddOns.findById(ex, scope, id),
  insertAddOn: (ex: Executor, scope: Scope, values: Omit<typeof appointmentAddOns.$inferInsert, 'accountId' | 'id'>) =>
    attachedAddOns.insert(ex, scope, values),
  updateAddOnValues: (ex: Executor, scope: Scope, id: string, values: Record<string, string>) => attachedAddOns.update(ex, scope, id, { values }),
  removeAddOn: (ex: Executor, scope: Scope, id: string) => attachedAddOns.remove(ex, scope, id),

  /** Whether the client, or the patient, has any appointment at all (history that archiving keeps). */
  async anyFor(ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string }): Promise<boolean> {
    return base.exists(ex, scope, whose(of));
  },

  /** Whether the client, or the patient, has an appointment not yet over and still open (not finished, cancelled or rejected). */
  async upcomingFor(ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string }, now: Date): Promise<boolean> {
    return base.exists(ex, scope, and(whose(of), gt(appointments.endAt, now), notInArray(appointments.status, [...FINISHED_STATUSES])));
  },
};

const whose = (of: { clientId: string } | { patientId: string }): SQL =>
  'clientId' in of ? eq(appointments.clientId, of.clientId) : sql`${appointments.patientIds} @> ${uuidArray([of.patientId])}`;

/**
 * The public booking page's request log, for its rate limit: read before any session exists (the
 * location the page names tells the account).
 */
export const bookingRepository = {
  /** Requests in the window from this IP (anywhere) and to this location (from anyone). */
  async recentRequests(ex: Executor, ip: string, locationId: string, since: Date) {
    // Across accounts: an IP is limited on every practice's page at once, before any session exists.
    const [row] = await acrossAccounts(bookingRequestLog).select(
      ex,
      {
        byIp: sql<number>`count(*) filter (where ${bookingRequestLog.ip} = ${ip})`.mapWith(Number),
        byLocation: sql<number>`count(*) filter (where ${bookingRequestLog.locationId} = ${locationId})`.mapWith(Number),
      },
      and(gte(bookingRequestLog.createdAt, since), or(eq(bookingRequestLog.ip, ip), eq(bookingRequestLog.locationId, locationId))),
    );
    return { byIp: row?.byIp ?? 0, byLocation: row?.byLocation ?? 0 };
  },

  /** Logged in the account of the location asked (the scope the location named). */
  async logRequest(ex: Executor, scope: Scope, entry: { locationId: string; ip: string }): Promise<void> {
    await requestLog.insertMany(ex, scope, [entry]);
  },

  /**
   * Uses up a form token: true when this is its first use. Called in the transaction of the request
   * it admits, so of two requests with one token the second waits on the key and finds it taken,
   * and a request that fails leaves the token good for the corrected one.
   */
  async useFormToken(ex: Executor, scope: Scope, token: { id: string; expiresAt: Date }): Promise<boolean> {
    const rows = await formUses.insertMany(ex, scope, [{ tokenId: token.id, expiresAt: token.expiresAt }], { ignoreConflicts: true });
    return rows.length === 1;
  },

  /** Housekeeping: used tokens past their expiry (they are refused as expired anyway). */
  async pruneFormUses(ex: Executor, before: Date): Promise<void> {
    // Across accounts: the platform's own housekeeping.
    await acrossAccounts(bookingFormUses).removeWhere(ex, lt(bookingFormUses.expiresAt, before));
  },

  /** The log only matters for the last hour: older rows of this IP and location go as new ones arrive. */
  async pruneLog(ex: Executor, ip: string, locationId: string, before: Date): Promise<void> {
    const old = and(lt(bookingRequestLog.createdAt, before), or(eq(bookingRequestLog.ip, ip), eq(bookingRequestLog.locationId, locationId)))!;
    // Across accounts, like the count: the IP's old rows may be in any account.
    await acrossAccounts(bookingRequestLog).removeWhere(ex, old);
  },
};
