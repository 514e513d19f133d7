import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { crudOperations } from './crud.js';
import { idField, IdParams, messageField, nameField, OkResponse, optionalText, queryBoolean, wrapped } from './rules.js';

/** An instant with its offset, e.g. 2026-11-23T14:00:00.000Z; answers are always UTC ('Z'). */
export const instantField = () => z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601)' });

/** Money in the currency's units with at most two decimals (e.g. 85.5). */
export const priceField = () =>
  z
    .number({ message: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000')
    .refine((v) => Math.round(v * 100) === v * 100, 'must have at most two decimals');

// ---------- services ----------
/** Service types; the list is sorted by type in this order. */
export const SERVICE_TYPES = [
  'Consultation',
  'Vaccination',
  'Surgery',
  'Dental',
  'Home Visit',
  'Euthanasia',
  'Cremation',
  'Aftercare',
  'Other',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
/** Services whose appointments may move on to the cremation statuses. */
export const END_OF_LIFE_SERVICE_TYPES: readonly ServiceType[] = ['Euthanasia', 'Cremation', 'Aftercare'];

/**
 * Services that happen after the visit (the cremation, the aftercare: ashes delivery or spreading).
 * They are not time in the calendar: an appointment's length is the sum of its visit services only,
 * and the public booking page offers visit services only (docs/decisions/0027).
 */
export const AFTER_VISIT_SERVICE_TYPES: readonly ServiceType[] = ['Cremation', 'Aftercare'];
export const isVisitService = (s: { type: string }) => !(AFTER_VISIT_SERVICE_TYPES as readonly string[]).includes(s.type);
/** Minutes the visit takes: the visit services' durations added up (0 when none is a visit). */
export const visitMinutes = (services: readonly { type: string; duration: number }[]) =>
  services.filter(isVisitService).reduce((sum, s) => sum + s.duration, 0);

export const Service = z.object({
  id: z.string(),
  locationId: z.string(),
  type: z.enum(SERVICE_TYPES),
  name: z.string(),
  /** minutes */
  duration: z.number().int(),
  price: z.number(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof Service>;
export const ServiceInput = z.object({
  locationId: idField(),
  type: z.enum(SERVICE_TYPES, { message: `must be one of ${SERVICE_TYPES.join(', ')}` }),
  name: nameField(),
  duration: z
    .number({ message: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(5, 'must be at least 5 minutes')
    .max(1440, 'must be at most 1440 minutes'),
  price: priceField(),
  active: z.boolean().default(true),
});
export type ServiceInput = z.input<typeof ServiceInput>;
export const ListServicesQuery = z.object({ locationId: idField().optional(), onlyActive: queryBoolean().optional() });
/** SPEC §7: the service list takes locationId and onlyActive and is sorted by type. */
export const serviceOps = crudOperations({
  path: '/api/service',
  tag: 'services',
  noun: 'service',
  entity: Service,
  create: ServiceInput,
  update: ServiceInput.partial(),
  listQuery: ListServicesQuery,
  read: authenticated,
  write: anyOf('locations.manage'),
});

// ---------- provider availability (SPEC §7 updateAvailability) ----------
export const AVAILABILITY_ACTIONS = ['add', 'remove'] as const;
export const AvailabilityInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('veterinarianService'),
    veterinarianId: idField(),
    serviceId: idField(),
    action: z.enum(AVAILABILITY_ACTIONS),
  }),
  z.object({
    type: z.literal('scheduleSlot'),
    veterinarianId: idField(),
    /** the slot start time the provider is (or stops being) available for */
    startAt: instantField(),
    action: z.enum(AVAILABILITY_ACTIONS),
  }),
]);
export type AvailabilityInput = z.input<typeof AvailabilityInput>;
/** What a provider offers: the services they perform and the slot start times they are available for. */
export const ProviderAvailability = z.object({
  veterinarianId: z.string(),
  serviceIds: z.array(z.string()),
  slotStartTimes: z.array(z.string()),
});
export type ProviderAvailability = z.infer<typeof ProviderAvailability>;
/**
 * Users may change their own availability; changing someone else's needs users.manage
 * (checked by the service, since the rule depends on the path's user).
 */
export const updateAvailability = operation({
  method: 'POST',
  path: '/api/user/{id}/updateAvailability',
  access: authenticated,
  tag: 'availability',
  summary: 'Add or remove a service a provider offers, or a slot start time they are available for',
  params: IdParams,
  body: wrapped(AvailabilityInput),
  response: ProviderAvailability,
});
export const getAvailability = operation({
  method: 'GET',
  path: '/api/user/{id}/availability',
  access: authenticated,
  tag: 'availability',
  summary: 'The services a provider offers and the slot start times they are available for (upcoming only)',
  params: IdParams,
  response: ProviderAvailability,
});

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
  weekdays: z
    .array(z.number().int().min(0).max(6, 'must be a weekday from 0 (Sunday) to 6 (Saturday)'))
    .min(1, 'choose at least one weekday'),
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
  date: z.iso.date('must be a date (YYYY-MM-DD)'),
  providerId: idField().nullable().default(null),
  text: messageField().pipe(z.string().trim().min(1, 'is required')),
});
export type ScheduleNoteInput = z.input<typeof ScheduleNoteInput>;
export const ScheduleNoteUpdateInput = z.object({
  date: z.iso.date('must be a date (YYYY-MM-DD)'),
  providerId: idField().nullable(),
  text: messageField().pipe(z.string().trim().min(1, 'is required')),
}).partial();

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
export const scheduleNoteOps = {
  create: operation({
    method: 'POST',
    path: '/api/scheduleNote',
    access: authenticated,
    tag: 'schedule',
    summary: 'Create a schedule note',
    body: wrapped(ScheduleNoteInput),
    response: ScheduleNote,
    status: 201,
  }),
  update: operation({
    method: 'POST',
    path: '/api/scheduleNote/{id}',
    access: authenticated,
    tag: 'schedule',
    summary: 'Update a schedule note',
    params: IdParams,
    body: wrapped(ScheduleNoteUpdateInput),
    response: ScheduleNote,
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/scheduleNote/{id}',
    access: authenticated,
    tag: 'schedule',
    summary: 'Delete a schedule note',
    params: IdParams,
    response: OkResponse,
  }),
};

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
/** The web sends header x-pwa with it (SPEC §7); the server does not depend on it. */
export const getScheduleSidebar = operation({
  method: 'GET',
  path: '/api/scheduleSlot/sidebar',
  access: authenticated,
  tag: 'schedule',
  summary: 'Providers (users who may hold appointments at the location) and services the calendar filters by',
  query: SidebarQuery,
  response: Sidebar,
});

// ---------- add-ons (SPEC §3, §7) ----------
export const AddOnCategory = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AddOnCategory = z.infer<typeof AddOnCategory>;
export const AddOnCategoryInput = z.object({
  locationId: idField(),
  name: nameField(),
  description: optionalText(500).default(null),
  active: z.boolean().default(true),
});
export type AddOnCategoryInput = z.input<typeof AddOnCategoryInput>;
export const AddOnListQuery = z.object({ locationId: idField().optional(), onlyActive: queryBoolean().optional() });
export const addOnCategoryOps = crudOperations({
  path: '/api/addOnCategory',
  tag: 'add-ons',
  noun: 'add-on category',
  entity: AddOnCategory,
  create: AddOnCategoryInput,
  update: AddOnCategoryInput.partial(),
  listQuery: AddOnListQuery,
  read: authenticated,
  write: anyOf('locations.manage'),
});

/** A choice an add-on asks for when attached, e.g. "Ink colour" with Black / Blue; no choices = free text. */
export const AddOnOption = z.object({
  name: nameField(60),
  choices: z
    .array(z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'))
    .max(30, 'must have at most 30 choices')
    .refine((c) => new Set(c.map((x) => x.toLowerCase())).size === c.length, 'must differ')
    .default([]),
});
export type AddOnOption = z.input<typeof AddOnOption>;
export const AddOn = z.object({
  id: z.string(),
  locationId: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  options: z.array(z.object({ name: z.string(), choices: z.array(z.string()) })),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AddOn = z.infer<typeof AddOn>;
export const AddOnInput = z.object({
  categoryId: idField(),
  name: nameField(),
  description: optionalText(500).default(null),
  price: priceField(),
  options: z
    .array(AddOnOption)
    .max(10, 'must have at most 10 options')
    .refine((o) => new Set(o.map((x) => x.name.toLowerCase())).size === o.length, 'option names must differ')
    .default([]),
  active: z.boolean().default(true),
});
export type AddOnInput = z.input<typeof AddOnInput>;
/** An add-on's location is its category's. */
export const addOnOps = crudOperations({
  path: '/api/addOn',
  tag: 'add-ons',
  noun: 'add-on',
  entity: AddOn,
  create: AddOnInput,
  update: AddOnInput.partial(),
  listQuery: AddOnListQuery,
  read: authenticated,
  write: anyOf('locations.manage'),
});
