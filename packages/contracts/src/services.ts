import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { crudOperations } from './crud.js';
import { idField, IdParams, instantField, nameField, priceField, queryBoolean, wrapped, patchOf } from './rules.js';

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
/** The service list takes locationId and onlyActive and is sorted by type. */
export const serviceOps = crudOperations({
  path: '/api/service',
  tag: 'services',
  noun: 'service',
  entity: Service,
  list: { query: ListServicesQuery },
  create: { input: ServiceInput },
  update: { input: patchOf(ServiceInput) },
  remove: {},
  read: authenticated,
  write: anyOf('locations.manage'),
});

// ---------- provider availability (updateAvailability) ----------
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
