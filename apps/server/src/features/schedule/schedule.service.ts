import { randomUUID } from 'node:crypto';
import type { DomainEventBus } from '../../platform/domain-events.js';
import {
  addDays,
  daysBetween,
  localDate,
  localDateTimeToInstant,
  localMinutes,
  weekdayOf,
  type CalendarRangeQuery,
  type ScheduleNote,
  type ScheduleNoteInput,
  type ScheduleNoteUpdateInput,
  type ScheduleRange,
  type ScheduleSlot,
  type ScheduleSlotInput,
  type ScheduleSlotUpdateInput,
  type Sidebar,
  type SidebarQuery,
  type SlotRepeat,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { isoOf } from '../../db/timestamp-text.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { locationsRepository, assertLocation, assertLocationVisible, locationOwnership } from '../locations/index.js';
import { availableAt, availabilityRepository, serviceListOptions, servicesRepository, toService } from '../services/index.js';
import { usersRepository, assertStaff } from '../users/index.js';
import type { scheduleNotes } from './schedule.table.js';
import { notesRepository, slotsRepository, type AnsweredSlot, type NoteRow, type SlotRow } from './schedule.repository.js';

type SlotInput = z.output<typeof ScheduleSlotInput>;
type SlotPatch = z.output<typeof ScheduleSlotUpdateInput>;
type NoteInput = z.output<typeof ScheduleNoteInput>;
type NotePatch = z.output<typeof ScheduleNoteUpdateInput>;

export const SLOT_SERVICE_UNKNOWN = 'serviceIds: unknown service';
export const SLOT_END_BEFORE_START = 'endAt: must be after the start';
export const SERIES_EMPTY = 'repeat.weekdays: none of the chosen weekdays falls within the series';

/**
 * The times of a repeating series: the first slot's local wall-clock start and end on each chosen
 * weekday (Sunday-based weeks) for `weeks` weeks from the first slot's week, never before the
 * first slot. Computed by local day and time, so a daylight-saving change keeps 09:00 at 09:00.
 */
export function seriesTimes(startAt: Date, endAt: Date, repeat: z.output<typeof SlotRepeat>, timeZone: string): { startAt: Date; endAt: Date }[] {
  const firstDay = localDate(startAt, timeZone);
  const startMinutes = localMinutes(startAt, timeZone);
  const endDayOffset = daysBetween(firstDay, localDate(endAt, timeZone));
  const endMinutes = localMinutes(endAt, timeZone);
  // Seconds and milliseconds below the minute ride along unchanged (zone offsets are whole minutes).
  const startRest = startAt.getTime() % 60_000;
  const endRest = endAt.getTime() % 60_000;
  const duration = endAt.getTime() - startAt.getTime();
  const weekStart = addDays(firstDay, -weekdayOf(firstDay));
  const weekdays = [...new Set(repeat.weekdays)].sort((a, b) => a - b);
  const times: { startAt: Date; endAt: Date }[] = [];
  for (let week = 0; week < repeat.weeks; week++) {
    for (const weekday of weekdays) {
      const day = addDays(weekStart, week * 7 + weekday);
      if (day < firstDay) continue;
      const start = localDateTimeToInstant(day, startMinutes, timeZone).getTime() + startRest;
      let end = localDateTimeToInstant(addDays(day, endDayOffset), endMinutes, timeZone).getTime() + endRest;
      // A window squeezed away by a clock change keeps its length instead.
      if (end <= start) end = start + duration;
      times.push({ startAt: new Date(start), endAt: new Date(end) });
    }
  }
  return times;
}

/** A slot as read for a write (Dates), or by the week's list (ISO text already). */
const toSlot = (r: SlotRow | AnsweredSlot, veterinarianIds: string[]): ScheduleSlot => ({
  id: r.id,
  locationId: r.locationId,
  startAt: isoOf(r.startAt),
  endAt: isoOf(r.endAt),
  serviceIds: r.serviceIds,
  capacity: r.capacity,
  seriesId: r.seriesId,
  veterinarianIds,
  createdAt: isoOf(r.createdAt),
  updatedAt: isoOf(r.updatedAt),
});

/** Each slot a write answers with the providers available at its start who work at its location. */
async function toSlots(ex: Executor, scope: Scope, rows: SlotRow[]): Promise<ScheduleSlot[]> {
  const available = await availableAt(
    ex,
    scope,
    rows.map((r) => r.startAt),
    rows.map((r) => r.locationId),
  );
  const byKey = new Map<string, string[]>();
  for (const a of available) {
    const key = `${a.locationId}|${a.startAt.getTime()}`;
    byKey.set(key, [...(byKey.get(key) ?? []), a.veterinarianId]);
  }
  return rows.map((r) => toSlot(r, byKey.get(`${r.locationId}|${r.startAt.getTime()}`) ?? []));
}

const toNote = (r: NoteRow): ScheduleNote => ({
  id: r.id,
  locationId: r.locationId,
  date: r.date,
  providerId: r.providerId,
  text: r.text,
  createdById: r.createdById,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

async function assertSlotServices(ex: Executor, scope: Scope, locationId: string, serviceIds: readonly string[]) {
  if (!(await servicesRepository.allAtLocation(ex, scope, locationId, serviceIds))) throw badRequest(SLOT_SERVICE_UNKNOWN);
}

/**
 * The providers a new slot is made available for, checked as updateAvailability checks its
 * veterinarianId (someone else's availability needs users.manage), and each must be an active
 * user who may hold appointments.
 */
async function assertSlotProviders(ex: Executor, auth: AuthContext, ids: readonly string[]) {
  if (ids.length === 0) return;
  const found = new Map((await usersRepository.providerStates(ex, auth, ids)).map((p) => [p.id, p]));
  for (const id of ids) {
    const user = found.get(id);
    if (!user) throw badRequest('veterinarianIds: unknown user');
    if (!user.isActive) throw badRequest('veterinarianIds: this user is not active');
    if (!user.isPrimaryProvider && !user.isSecondaryProvider) throw badRequest('veterinarianIds: this user cannot be a provider');
  }
  if (ids.some((id) => id !== auth.userId) && !holds(auth, 'users.manage')) throw forbidden();
}

export class ScheduleService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    events: DomainEventBus,
  ) {
    audit.registerRecord('scheduleSlot', slotsRepository);
    // A deleted service simply stops being listed by the slots that offered it.
    events.on('service.deleting', 'schedule slots', (tx, scope, { serviceId }) => slotsRepository.removeService(tx, scope, serviceId));
  }

  /** Slots overlapping the range, and notes on the local days it covers at each location. */
  async list(auth: AuthContext, query: z.output<typeof CalendarRangeQuery>): Promise<ScheduleRange> {
    const range = { start: new Date(query.startDate), end: new Date(query.endDate), locationId: query.locationId };
    // Two statements, one per kind of row (each slot carries its providers), side by side.
    const [slotRows, noteRows] = await Promise.all([
      slotsRepository.overlappingWithProviders(this.db, auth, range),
      notesRepository.inRange(this.db, auth, range),
    ]);
    // A slot or note of the location proves it the account's (their (account, location) reference
    // to it); only an empty week asks, so another account's location is still not found.
    if (slotRows.length === 0 && noteRows.length === 0) await assertFiltersVisible(this.db, auth, [[locationsRepository, query.locationId]]);
    return { scheduleSlots: slotRows.map((r) => toSlot(r, r.veterinarianIds)), scheduleNotes: noteRows.map(toNote) };
  }

  /** One slot, or a whole series in one transaction; the answer is sorted by start. */
  async createSlots(auth: AuthContext, input: SlotInput): Promise<ScheduleSlot[]> {
    return this.db.transaction(async (tx) => {
      const location = await assertLocation(tx, auth, input.locationId);
      const serviceIds = [...new Set(input.serviceIds)];
      await assertSlotServices(tx, auth, location.id, serviceIds);
      const veterinarianIds = [...new Set(input.veterinarianIds)];
      await assertSlotProviders(tx, auth, veterinarianIds);
      const startAt = new Date(input.startAt);
      const endAt = new Date(input.endAt);
      const times = input.repeat ? seriesTimes(startAt, endAt, input.repeat, location.timezone) : [{ startAt, endAt }];
      if (times.length === 0) throw badRequest(SERIES_EMPTY);
      const seriesId = input.repeat ? randomUUID() : null;
      const rows = await slotsRepository.insertMany(
        tx,
        auth,
        times.map((t) => ({ ...t, locationId: location.id, serviceIds, capacity: input.capacity, seriesId, createdById: auth.userId })),
      );
      if (veterinarianIds.length > 0) {
        const starts = rows.map((r) => r.startAt);
        await slotsRepository.lockStartTimes(tx, auth, starts);
        await availabilityRepository.addSlotTimes(tx, auth, veterinarianIds, starts);
      }
      await this.audit.record(
        tx,
        auth,
        rows.map((r) => ({ entityType: 'scheduleSlot', entityId: r.id, action: 'create' as const, after: r })),
      );
      rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
      return toSlots(tx, auth, rows);
    });
  }

  async updateSlot(auth: AuthContext, id: string, input: SlotPatch): Promise<ScheduleSlot> {
    return this.db.transaction(async (tx) => {
      const existing = await slotsRepository.findForUpdate(tx, auth, id);
      if (!existing) throw notFound();
      const startAt = input.startAt ? new Date(input.startAt) : existing.startAt;
      const endAt = input.endAt ? new Date(input.endAt) : existing.endAt;
      if (endAt <= startAt) throw badRequest(SLOT_END_BEFORE_START);
      const serviceIds = input.serviceIds ? [...new Set(input.serviceIds)] : undefined;
      if (serviceIds) await assertSlotServices(tx, auth, existing.locationId, serviceIds);
      const row = await slotsRepository.update(tx, auth, id, {
        ...(input.startAt !== undefined && { startAt }),
        ...(input.endAt !== undefined && { endAt }),
        ...(serviceIds && { serviceIds }),
        ...(input.capacity !== undefined && { capacity: input.capacity }),
      });
      if (!row) throw notFound();
      if (row.startAt.getTime() !== existing.startAt.getTime()) await this.followStart(tx, auth, existing.startAt, row.startAt);
      await this.audit.record(tx, auth, [{ entityType: 'scheduleSlot', entityId: id, action: 'update', before: existing, after: row }]);
      return (await toSlots(tx, auth, [row]))[0]!;
    });
  }

  /** 'following' also takes the later slots of the same series; a slot of no series goes alone. */
  async removeSlot(auth: AuthContext, id: string, series: 'one' | 'following'): Promise<{ ok: true; deleted: number }> {
    return this.db.transaction(async (tx) => {
      const existing = await slotsRepository.findForUpdate(tx, auth, id);
      if (!existing) throw notFound();
      const doomed =
        series === 'following' && existing.seriesId ? await slotsRepository.seriesFrom(tx, auth, existing.seriesId, existing.startAt) : [existing];
      const starts = doomed.map((r) => r.startAt);
      await slotsRepository.lockStartTimes(tx, auth, starts);
      const deleted = await slotsRepository.removeMany(
        tx,
        auth,
        doomed.map((r) => r.id),
      );
      // Availability at a start time goes with the last slot starting then.
      const inUse = await slotsRepository.startTimesInUse(tx, auth, starts);
      await availabilityRepository.removeSlotTimes(
        tx,
        auth,
        starts.filter((t) => !inUse.has(t.getTime())),
      );
      await this.audit.record(
        tx,
        auth,
        doomed.map((r) => ({ entityType: 'scheduleSlot', entityId: r.id, action: 'delete' as const, before: r })),
      );
      return { ok: true as const, deleted };
    });
  }

  /**
   * A slot moved from `from` to `to` keeps its providers: they become available at `to`, and
   * stop being available at `from` unless another slot still starts then.
   */
  private async followStart(tx: Executor, scope: Scope, from: Date, to: Date) {
    await slotsRepository.lockStartTimes(tx, scope, [from, to]);
    await availabilityRepository.copySlotTime(tx, scope, from, to);
    if (!(await slotsRepository.startTimesInUse(tx, scope, [from])).has(from.getTime())) {
      await availabilityRepository.removeSlotTimes(tx, scope, [from]);
    }
  }

  /**
   * The calendar's filters: providers (at the location, when one is given) with the services they
   * offer among those listed, and the services, in a fixed handful of queries.
   */
  async sidebar(auth: AuthContext, query: z.output<typeof SidebarQuery>): Promise<Sidebar> {
    if (query.locationId) await assertLocationVisible(this.db, auth, query.locationId);
    const [people, serviceRows] = await Promise.all([
      usersRepository.providers(this.db, auth, query.locationId),
      servicesRepository.list(this.db, auth, serviceListOptions(query)),
    ]);
    const offered = await availabilityRepository.servicesOf(
      this.db,
      auth,
      people.map((p) => p.id),
      { serviceIds: serviceRows.map((s) => s.id) },
    );
    return {
      providers: people.map((p) => ({ ...p, serviceIds: offered.get(p.id) ?? [] })),
      services: serviceRows.map(toService),
    };
  }
}

/** Notes on a location's day, optionally about one provider of the account. */
export function scheduleNotesService(db: Db, audit: AuditService) {
  return new TenantCrudService<typeof scheduleNotes, ScheduleNote, NoteInput, NotePatch, Record<string, never>>(db, audit, {
    entityType: 'scheduleNote',
    repository: notesRepository,
    toEntities: async (_ex, _scope, rows) => rows.map(toNote),
    listOptions: () => ({}),
    location: locationOwnership,
    prepareCreate: async (ex, caller, input) => {
      await assertStaff(ex, caller, input.providerId, 'providerId');
      return { ...input, createdById: caller.userId };
    },
    preparePatch: async (ex, scope, input) => {
      await assertStaff(ex, scope, input.providerId, 'providerId');
      return input;
    },
  });
}
