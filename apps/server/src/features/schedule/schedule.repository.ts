import { and, asc, between, eq, exists, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type NewRow, type Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/appointments.repository.js';
import { roles, userRoles } from '../roles/roles.table.js';
import { userLocations, users } from '../users/users.table.js';
import { scheduleNotes, scheduleSlots } from './schedule.table.js';

const slotsBase = tenantRepository(scheduleSlots);
export type SlotRow = typeof scheduleSlots.$inferSelect;
export type NoteRow = typeof scheduleNotes.$inferSelect;

const slotOrder = [asc(scheduleSlots.startAt), asc(scheduleSlots.id)];

export const slotsRepository = {
  ...slotsBase,

  /** Slots overlapping [start, end): a slot across either edge counts, one ending at `start` does not. */
  async overlapping(ex: Executor, scope: Scope, range: { start: Date; end: Date; locationId?: string | undefined }): Promise<SlotRow[]> {
    return slotsBase.list(ex, scope, {
      where: and(
        range.locationId ? eq(scheduleSlots.locationId, range.locationId) : undefined,
        lt(scheduleSlots.startAt, range.end),
        gt(scheduleSlots.endAt, range.start),
      ),
      orderBy: slotOrder,
    });
  },

  async insertMany(ex: Executor, scope: Scope, rows: NewRow<typeof scheduleSlots>[]): Promise<SlotRow[]> {
    if (rows.length === 0) return [];
    return ex
      .insert(scheduleSlots)
      .values(rows.map((r) => ({ ...r, accountId: scope.accountId })))
      .returning();
  },

  /**
   * A slot about to change or go, locked until the transaction ends. Slot writes lock their rows
   * first and the start times (lockStartTimes) after, always in that order.
   */
  async findForUpdate(ex: Executor, scope: Scope, id: string): Promise<SlotRow | undefined> {
    const [row] = await ex.select().from(scheduleSlots).where(slotsBase.scoped(scope, eq(scheduleSlots.id, id))).limit(1).for('update');
    return row;
  },

  /** The slot and the later slots of its series, locked (in start order) for deleting. */
  async seriesFrom(ex: Executor, scope: Scope, seriesId: string, startAt: Date): Promise<SlotRow[]> {
    return ex
      .select()
      .from(scheduleSlots)
      .where(slotsBase.scoped(scope, and(eq(scheduleSlots.seriesId, seriesId), gte(scheduleSlots.startAt, startAt))))
      .orderBy(...slotOrder)
      .for('update');
  },

  /**
   * Serialises the slot writes that touch the availability at these start times (a provider's
   * availability belongs to a start time of the account, which several slots may share), so a
   * write that looks at which times are still used sees the others' slots.
   */
  async lockStartTimes(ex: Executor, scope: Scope, times: readonly Date[]): Promise<void> {
    const unique = [...new Set(times.map((t) => t.getTime()))];
    await appointmentsRepository.lockKeys(ex, unique.map((ms) => `slot-start:${scope.accountId}:${ms}`));
  },

  /** Which of these start times a slot of the account still starts at (as epoch milliseconds). */
  async startTimesInUse(ex: Executor, scope: Scope, times: readonly Date[]): Promise<Set<number>> {
    if (times.length === 0) return new Set();
    const unique = [...new Map(times.map((t) => [t.getTime(), t])).values()];
    const rows = await ex
      .selectDistinct({ startAt: scheduleSlots.startAt })
      .from(scheduleSlots)
      .where(slotsBase.scoped(scope, inArray(scheduleSlots.startAt, unique)));
    return new Set(rows.map((r) => r.startAt.getTime()));
  },

  async removeMany(ex: Executor, scope: Scope, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await ex
      .delete(scheduleSlots)
      .where(slotsBase.scoped(scope, inArray(scheduleSlots.id, [...ids])))
      .returning({ id: scheduleSlots.id });
    return rows.length;
  },
};

export const notesRepository = {
  ...tenantRepository(scheduleNotes),

  /** Notes on a span of local days per location (each location's days differ by its time zone). */
  async onDays(ex: Executor, scope: Scope, spans: readonly { locationId: string; from: string; to: string }[]): Promise<NoteRow[]> {
    if (spans.length === 0) return [];
    return ex
      .select()
      .from(scheduleNotes)
      .where(
        and(
          eq(scheduleNotes.accountId, scope.accountId),
          or(...spans.map((s) => and(eq(scheduleNotes.locationId, s.locationId), between(scheduleNotes.date, s.from, s.to)))),
        ),
      )
      .orderBy(asc(scheduleNotes.date), asc(scheduleNotes.createdAt), asc(scheduleNotes.id));
  },
};

const PRIMARY = 'appointments.primary_provider';
const SECONDARY = 'appointments.secondary_provider';

export interface ProviderRow {
  id: string;
  firstName: string;
  lastName: string;
  isPrimaryProvider: boolean;
  isSecondaryProvider: boolean;
}

/** Each user of the account with whether they are active and whether an account role lets them hold appointments. */
export async function providerStates(
  ex: Executor,
  scope: Scope,
  ids: readonly string[],
): Promise<{ id: string; isActive: boolean; canProvide: boolean }[]> {
  if (ids.length === 0) return [];
  return ex
    .select({
      id: users.id,
      isActive: users.isActive,
      canProvide: sql<boolean>`${exists(
        ex
          .select({ one: sql`1` })
          .from(userRoles)
          .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.accountId, scope.accountId)))
          .where(
            and(
              eq(userRoles.userId, users.id),
              eq(userRoles.accountId, scope.accountId),
              sql`${roles.permissions} && array[${PRIMARY}, ${SECONDARY}]::text[]`,
            ),
          ),
      )}`,
    })
    .from(users)
    .where(and(eq(users.accountId, scope.accountId), inArray(users.id, [...ids])));
}

/**
 * Active users whose account roles let them hold appointments, optionally only those assigned to
 * a location. The permission comes from the roles alone: a super administrator who may do
 * anything is still not someone clients book.
 */
export async function listProviders(ex: Executor, scope: Scope, locationId?: string): Promise<ProviderRow[]> {
  const grants = (permission: string) => sql<boolean>`bool_or(${permission} = any(${roles.permissions}))`;
  return ex
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      isPrimaryProvider: grants(PRIMARY),
      isSecondaryProvider: grants(SECONDARY),
    })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.accountId, scope.accountId)))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.accountId, scope.accountId)))
    .where(
      and(
        eq(users.accountId, scope.accountId),
        eq(users.isActive, true),
        sql`${roles.permissions} && array[${PRIMARY}, ${SECONDARY}]::text[]`,
        locationId
          ? exists(
              ex
                .select({ one: sql`1` })
                .from(userLocations)
                .where(and(eq(userLocations.userId, users.id), eq(userLocations.locationId, locationId))),
            )
          : undefined,
      ),
    )
    // the key is (account_id, id): grouping by both keeps the names functionally dependent on it
    .groupBy(users.accountId, users.id)
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
}
