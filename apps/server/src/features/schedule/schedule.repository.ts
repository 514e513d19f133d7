import { and, asc, eq, getTableColumns, gt, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { WithTextTimes } from '../../db/timestamp-text.js';
import { idIn, instantIn, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/index.js';
import { availabilityRepository } from '../services/index.js';
import { locations } from '../locations/index.js';
import { scheduleNotes, scheduleSlots } from './schedule.table.js';

const slotsBase = tenantRepository(scheduleSlots);
const notesBase = tenantRepository(scheduleNotes);
export type SlotRow = typeof scheduleSlots.$inferSelect;
export type NoteRow = typeof scheduleNotes.$inferSelect;
/** A slot as the schedule week reads it: with its providers, each timestamp its ISO text already (decisions 0237, 0321). */
export type AnsweredSlot = WithTextTimes<SlotRow> & { veterinarianIds: string[] };

const slotOrder = [asc(scheduleSlots.startAt), asc(scheduleSlots.id)];

type SlotRange = { start: Date; end: Date; locationId?: string | undefined };

/** Slots overlapping [start, end): a slot across either edge counts, one ending at `start` does not. */
const overlaps = (range: SlotRange) =>
  and(range.locationId ? eq(scheduleSlots.locationId, range.locationId) : undefined, lt(scheduleSlots.startAt, range.end), gt(scheduleSlots.endAt, range.start));

export const slotsRepository = {
  ...slotsBase,

  /** Slots overlapping [start, end), oldest first. */
  async overlapping(ex: Executor, scope: Scope, range: SlotRange): Promise<SlotRow[]> {
    return slotsBase.list(ex, scope, { where: overlaps(range), orderBy: slotOrder });
  },

  /** The same, each slot with its providers, in one statement (the schedule week), times as the answer's text. */
  async overlappingWithProviders(ex: Executor, scope: Scope, range: SlotRange): Promise<AnsweredSlot[]> {
    return slotsBase.listTextTimes(ex, scope, {
      where: overlaps(range),
      orderBy: slotOrder,
      extras: { veterinarianIds: availabilityRepository.providersAtSql(scope, scheduleSlots, scheduleSlots.startAt, scheduleSlots.locationId) },
    });
  },

  /**
   * A slot about to change or go, locked until the transaction ends. Slot writes lock their rows
   * first and the start times (lockStartTimes) after, always in that order.
   */
  findForUpdate: (ex: Executor, scope: Scope, id: string): Promise<SlotRow | undefined> => slotsBase.findById(ex, scope, id, { lock: 'update' }),

  /** The slot and the later slots of its series, locked (in start order) for deleting. */
  async seriesFrom(ex: Executor, scope: Scope, seriesId: string, startAt: Date): Promise<SlotRow[]> {
    return slotsBase.list(ex, scope, {
      where: and(eq(scheduleSlots.seriesId, seriesId), gte(scheduleSlots.startAt, startAt)),
      orderBy: slotOrder,
      lock: 'update',
    });
  },

  /**
   * Serialises the slot writes that touch the availability at these start times (a provider's
   * availability belongs to a start time of the account, which several slots may share), so a
   * write that looks at which times are still used sees the others' slots.
   */
  async lockStartTimes(ex: Executor, scope: Scope, times: readonly Date[]): Promise<void> {
    const unique = [...new Set(times.map((t) => t.getTime()))];
    await appointmentsRepository.lockKeys(
      ex,
      unique.map((ms) => `slot-start:${scope.accountId}:${ms}`),
    );
  },

  /** Which of these start times a slot of the account still starts at (as epoch milliseconds). */
  async startTimesInUse(ex: Executor, scope: Scope, times: readonly Date[]): Promise<Set<number>> {
    if (times.length === 0) return new Set();
    const unique = [...new Map(times.map((t) => [t.getTime(), t])).values()];
    const rows = await slotsBase.selectDistinct(ex, scope, { startAt: scheduleSlots.startAt }, instantIn(scheduleSlots.startAt, unique));
    return new Set(rows.map((r) => r.startAt.getTime()));
  },

  async removeMany(ex: Executor, scope: Scope, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return slotsBase.removeWhere(ex, scope, idIn(scheduleSlots.id, [...ids]));
  },

  /** Takes a service off every slot that lists it (a slot without services takes any). */
  async removeService(ex: Executor, scope: Scope, serviceId: string): Promise<void> {
    await slotsBase.updateWhere(ex, scope, sql`${serviceId}::uuid = any(${scheduleSlots.serviceIds})`, {
      serviceIds: sql`array_remove(${scheduleSlots.serviceIds}, ${serviceId}::uuid)`,
    });
  },
};

export const notesRepository = {
  ...notesBase,

  /** Notes on a span of local days per location (each location's days differ by its time zone). */
  /**
   * Notes on the local days an instant range [start, end) covers, each location's days in its own
   * time zone: worked out in SQL beside the notes (one statement, no look-up of the locations
   * first). The last day is the one holding the instant just before the end.
   */
  async inRange(ex: Executor, scope: Scope, range: { start: Date; end: Date; locationId?: string | undefined }): Promise<NoteRow[]> {
    const first = sql`(${range.start.toISOString()}::timestamptz at time zone ${locations.timezone})::date`;
    const last = sql`(${new Date(range.end.getTime() - 1).toISOString()}::timestamptz at time zone ${locations.timezone})::date`;
    return notesBase
      .select(
        ex,
        scope,
        getTableColumns(scheduleNotes),
        and(range.locationId ? eq(scheduleNotes.locationId, range.locationId) : undefined, sql`${scheduleNotes.date} between ${first} and ${last}`),
      )
      .innerJoin(locations, notesBase.joined(scope, locations, eq(locations.id, scheduleNotes.locationId)))
      .orderBy(asc(scheduleNotes.date), asc(scheduleNotes.createdAt), asc(scheduleNotes.id));
  },
};
