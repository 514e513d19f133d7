import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { crudOperations } from './crud.js';
import { dateField, idField, IdParams, instantField, messageField, queryBoolean, wrapped } from './rules.js';
import { Service } from './services.js';

// ---------- schedule slots and notes ----------
export const ScheduleSlot = z.object({
  id: z.string(),
  locationId: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** the services the slot is for; empty means any service */
  serviceIds: z.array(z.string()),
  capacity: z.number().int(),
  /** slots created together as a repeating series share it */
  seriesId: z.string().nullable(),
  /** providers available at this slot's start time */
  veterinarianIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleSlot = z.infer<typeof ScheduleSlot>;

/** 0 = Sunday … 6 = Saturday, in the location's time zone. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const MAX_SERIES_WEEKS = 52;
export const SlotRepeat = z.object({
  weekdays: z.array(z.number().int().min(0).max(6, 'must be a weekday from 0 (Sunday) to 6 (Saturday)')).min(1, 'choose at least one weekday'),
  weeks: z.number().int().min(1, 'must be at least 1').max(MAX_SERIES_WEEKS, `must be at most ${MAX_SERIES_WEEKS}`),
});
const slotFields = {
  locationId: idField(),
  startAt: instantField(),
  endAt: instantField(),
  serviceIds: z.array(idField()).max(50).default([]),
  capacity: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(1),
};
const endAfterStart = (v: { startAt?: string | undefined; endAt?: string | undefined }) =>
  !v.startAt || !v.endAt || Date.parse(v.endAt) > Date.parse(v.startAt);
const endAfterStartIssue = { message: 'must be after the start', path: ['endAt'] };
/**
 * One slot, or with `repeat` a series: the same local wall-clock times on each chosen weekday for
 * that many weeks from the first slot's week (daylight-saving changes keep the local time).
 */
export const MAX_SLOT_PROVIDERS = 20;
export const ScheduleSlotInput = z
  .object({
    ...slotFields,
    repeat: SlotRepeat.nullable().default(null),
    /**
     * Providers available at every created slot's start time, recorded with the slots (as
     * updateAvailability would); each must be an active user who may hold appointments.
     */
    veterinarianIds: z.array(idField()).max(MAX_SLOT_PROVIDERS, `must have at most ${MAX_SLOT_PROVIDERS} providers`).default([]),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type ScheduleSlotInput = z.input<typeof ScheduleSlotInput>;
export const ScheduleSlotUpdateInput = z
  .object({
    startAt: slotFields.startAt,
    endAt: slotFields.endAt,
    serviceIds: z.array(idField()).max(50),
    capacity: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100'),
  })
  .partial()
  .refine(endAfterStart, endAfterStartIssue);

export const ScheduleNote = z.object({
  id: z.string(),
  locationId: z.string(),
  /** the local day the note belongs to (YYYY-MM-DD in the location's time zone) */
  date: z.string(),
  /** a note about one provider's day; null = the whole location */
  providerId: z.string().nullable(),
  text: z.string(),
  createdById: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleNote = z.infer<typeof ScheduleNote>;
export const ScheduleNoteInput = z.object({
  locationId: idField(),
  date: dateField(),
  providerId: idField().nullable().default(null),
  text: messageField().pipe(z.string().trim().min(1, 'is required')),
});
export type ScheduleNoteInput = z.input<typeof ScheduleNoteInput>;
export const ScheduleNoteUpdateInput = z
  .object({
    date: dateField(),
    providerId: idField().nullable(),
    text: messageField().pipe(z.string().trim().min(1, 'is required')),
  })
  .partial();

/** Longest range one calendar request may ask for (a month view with its spill-over weeks fits). */
export const MAX_CALENDAR_RANGE_DAYS = 62;
export const CalendarRangeQuery = z
  .object({
    startDate: instantField(),
    endDate: instantField(),
    locationId: idField().optional(),
  })
  .refine((q) => Date.parse(q.endDate) > Date.parse(q.startDate), { message: 'must be after startDate', path: ['endDate'] })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_CALENDAR_RANGE_DAYS * 86_400_000, {
    message: `must be at most ${MAX_CALENDAR_RANGE_DAYS} days after startDate`,
    path: ['endDate'],
  });
export type CalendarRangeQuery = z.input<typeof CalendarRangeQuery>;
export const ScheduleRange = z.object({ scheduleSlots: z.array(ScheduleSlot), scheduleNotes: z.array(ScheduleNote) });
export type ScheduleRange = z.infer<typeof ScheduleRange>;

export const listSchedule = operation({
  method: 'GET',
  path: '/api/scheduleSlot',
  access: authenticated,
  tag: 'schedule',
  summary: 'Slots overlapping [startDate, endDate) and notes on the local days it covers',
  query: CalendarRangeQuery,
  response: ScheduleRange,
});
export const createScheduleSlot = operation({
  method: 'POST',
  path: '/api/scheduleSlot',
  access: authenticated,
  tag: 'schedule',
  summary: 'Create a slot, or a repeating series of slots, with the providers available at them, in one transaction',
  body: wrapped(ScheduleSlotInput),
  response: z.array(ScheduleSlot),
  status: 201,
});
export const updateScheduleSlot = operation({
  method: 'POST',
  path: '/api/scheduleSlot/{id}',
  access: authenticated,
  tag: 'schedule',
  summary: 'Update a slot; the providers available at its start follow a new start',
  params: IdParams,
  body: wrapped(ScheduleSlotUpdateInput),
  response: ScheduleSlot,
});
export const DeleteSlotQuery = z.object({
  /** 'following' also deletes the later slots of the same series */
  series: z.enum(['one', 'following']).default('one'),
});
export const deleteScheduleSlot = operation({
  method: 'DELETE',
  path: '/api/scheduleSlot/{id}',
  access: authenticated,
  tag: 'schedule',
  summary: 'Delete a slot (or it and the later slots of its series) with the availability at start times no other slot has',
  params: IdParams,
  query: DeleteSlotQuery,
  response: z.object({ ok: z.literal(true), deleted: z.number().int() }),
});
/** Notes have no list of their own: they come with the schedule of a range. */
export const scheduleNoteOps = crudOperations({
  path: '/api/scheduleNote',
  tag: 'schedule',
  noun: 'schedule note',
  entity: ScheduleNote,
  read: authenticated,
  write: authenticated,
  create: { input: ScheduleNoteInput },
  update: { input: ScheduleNoteUpdateInput },
  remove: {},
});

// ---------- the calendar sidebar ----------
export const SidebarProvider = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isPrimaryProvider: z.boolean(),
  isSecondaryProvider: z.boolean(),
  /** services this provider offers */
  serviceIds: z.array(z.string()),
});
export type SidebarProvider = z.infer<typeof SidebarProvider>;
export const Sidebar = z.object({ providers: z.array(SidebarProvider), services: z.array(Service) });
export type Sidebar = z.infer<typeof Sidebar>;
export const SidebarQuery = z.object({ locationId: idField().optional(), onlyActive: queryBoolean().optional() });
/** The web sends header x-pwa with it; the server does not depend on it. */
export const getScheduleSidebar = operation({
  method: 'GET',
  path: '/api/scheduleSlot/sidebar',
  access: authenticated,
  tag: 'schedule',
  summary: 'Providers (users who may hold appointments at the location) and services the calendar filters by',
  query: SidebarQuery,
  response: Sidebar,
});
