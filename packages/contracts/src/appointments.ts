// An appointment's records, inputs and operations, and the public booking requests; its statuses
// and the rules between them are in appointment-statuses.ts.
import { z } from 'zod';
import { anyOf, authenticated, operation, publicAccess } from './operation.js';
import { emailField, idField, IdParams, messageField, nameField, OkResponse, optionalText, page, instantField, wrapped } from './rules.js';
import { DELETE_RECORDS } from './permissions.js';
import { APPOINTMENT_STATUSES, CORRECT_STATUS_DENIED, CORRECT_STATUS_PERMISSIONS } from './appointment-statuses.js';
import { ASHES_DISPOSITIONS, ashesDispositionField, cremationTypeField } from './appointment-aftercare.js';
import { CREMATION_TYPES } from './price-calculator.js';

// ---------- appointments ----------
export const AppointmentPatient = z.object({
  id: z.string(),
  name: z.string(),
  speciesName: z.string(),
  deceasedOn: z.string().nullable(),
  /** what staff must know before they handle the animal (e.g. 'bites'), shown on the calendar */
  alerts: z.array(z.string()),
});
export const AppointmentClient = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export const AppointmentService = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  duration: z.number().int(),
  price: z.number(),
});
/** An appointment add-on has an id and values (plus what it is and what it cost). */
export const AppointmentAddOn = z.object({
  id: z.string(),
  appointmentId: z.string(),
  addOnId: z.string().nullable(),
  name: z.string(),
  price: z.number(),
  /** option name → chosen value */
  values: z.record(z.string(), z.string()),
});
export type AppointmentAddOn = z.infer<typeof AppointmentAddOn>;

export const APPOINTMENT_SOURCES = ['staff', 'online'] as const;
export const Appointment = z.object({
  id: z.string(),
  locationId: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  startAt: z.string(),
  endAt: z.string(),
  clientId: z.string(),
  client: AppointmentClient,
  patientIds: z.array(z.string()),
  patients: z.array(AppointmentPatient),
  serviceIds: z.array(z.string()),
  services: z.array(AppointmentService),
  primaryProviderId: z.string().nullable(),
  secondaryProviderId: z.string().nullable(),
  /** set for home visits */
  address: z.string().nullable(),
  notes: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** why it was booked despite an overlap */
  overlapReason: z.string().nullable(),
  source: z.enum(APPOINTMENT_SOURCES),
  /** the times an online booking request asked for */
  requestedTimes: z.array(z.string()),
  /** when the owner of an online request confirmed their email address with the emailed link */
  emailConfirmedAt: z.string().nullable(),
  addOns: z.array(AppointmentAddOn),
  /** the aftercare the family chose (end-of-life appointments); null until chosen */
  cremationType: z.enum(CREMATION_TYPES).nullable(),
  ashesDisposition: z.enum(ASHES_DISPOSITIONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof Appointment>;

export const StatusChange = z.object({
  id: z.string(),
  fromStatus: z.enum(APPOINTMENT_STATUSES).nullable(),
  toStatus: z.enum(APPOINTMENT_STATUSES),
  note: z.string().nullable(),
  /** a correction of a finished appointment (note holds its reason), not a step along the path */
  correction: z.boolean(),
  changedAt: z.string(),
  changedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type StatusChange = z.infer<typeof StatusChange>;
export const AppointmentDetail = Appointment.extend({ statusHistory: z.array(StatusChange) });
export type AppointmentDetail = z.infer<typeof AppointmentDetail>;

/** The longest an appointment may last. */
export const MAX_APPOINTMENT_HOURS = 24;
const appointmentFields = {
  locationId: idField(),
  clientId: idField(),
  patientIds: z.array(idField()).max(20, 'must have at most 20 patients').default([]),
  serviceIds: z.array(idField()).max(20, 'must have at most 20 services').default([]),
  primaryProviderId: idField().nullable().default(null),
  secondaryProviderId: idField().nullable().default(null),
  startAt: instantField(),
  endAt: instantField(),
  address: optionalText(300).default(null),
  notes: messageField().nullable().default(null),
};
const timesInOrder = (v: { startAt?: string | undefined; endAt?: string | undefined }) =>
  !v.startAt || !v.endAt || Date.parse(v.endAt) > Date.parse(v.startAt);
const notTooLong = (v: { startAt?: string | undefined; endAt?: string | undefined }) =>
  !v.startAt || !v.endAt || Date.parse(v.endAt) - Date.parse(v.startAt) <= MAX_APPOINTMENT_HOURS * 3_600_000;
/** Present when the user chose to book despite the overlap warning (409). */
const overlapReason = optionalText(500).optional();

export const AddOnAttachInput = z.object({
  addOnId: idField(),
  values: z.record(z.string(), z.string().trim().max(200, 'must be at most 200 characters')).default({}),
});
export type AddOnAttachInput = z.input<typeof AddOnAttachInput>;

export const AppointmentInput = z
  .object({
    ...appointmentFields,
    status: z.enum(['Pending', 'Confirmed']).default('Confirmed'),
    addOns: z.array(AddOnAttachInput).max(30).default([]),
    overlapReason,
  })
  .refine(timesInOrder, { message: 'must be after the start', path: ['endAt'] })
  .refine(notTooLong, { message: `must be at most ${MAX_APPOINTMENT_HOURS} hours after the start`, path: ['endAt'] });
export type AppointmentInput = z.input<typeof AppointmentInput>;

/**
 * A partial update. A status change is checked against STATUS_TRANSITIONS and kept in the
 * history with statusNote; Cancelled is reached through the cancel action only.
 */
export const AppointmentUpdateInput = z
  .object({
    clientId: appointmentFields.clientId,
    patientIds: z.array(idField()).max(20, 'must have at most 20 patients'),
    serviceIds: z.array(idField()).max(20, 'must have at most 20 services'),
    primaryProviderId: idField().nullable(),
    secondaryProviderId: idField().nullable(),
    startAt: instantField(),
    endAt: instantField(),
    address: optionalText(300),
    notes: messageField().nullable(),
    status: z.enum(APPOINTMENT_STATUSES),
    statusNote: optionalText(500),
    overlapReason: optionalText(500),
    /**
     * With a status change that marks patients deceased (marksDeceased): which of the
     * appointment's patients to mark; all of them when left out, none with [].
     */
    deceasedPatientIds: z.array(idField()).max(20, 'must have at most 20 patients'),
    /** add-ons to attach with this update, in its transaction (the ones already on it stay) */
    addOns: z.array(AddOnAttachInput).max(30),
    /** the aftercare the family chose; null clears it */
    cremationType: cremationTypeField().nullable(),
    ashesDisposition: ashesDispositionField().nullable(),
  })
  .partial()
  .refine(timesInOrder, { message: 'must be after the start', path: ['endAt'] })
  .refine(notTooLong, { message: `must be at most ${MAX_APPOINTMENT_HOURS} hours after the start`, path: ['endAt'] });
export type AppointmentUpdateInput = z.input<typeof AppointmentUpdateInput>;

const reasonField = () => z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters');
export const CancelInput = z.object({ reason: reasonField() });

/** A finished appointment moved to another status by someone who may correct it, with the reason. */
export const CorrectStatusInput = z.object({
  status: z.enum(APPOINTMENT_STATUSES),
  reason: reasonField(),
  /** Back from Cancelled or Rejected it holds time again: why, if that overlaps another booking */
  overlapReason: optionalText(500).optional(),
});
export type CorrectStatusInput = z.input<typeof CorrectStatusInput>;

/** A comma-separated list in a query string, e.g. status=Pending,Confirmed */
const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

export const MAX_APPOINTMENT_LIMIT = 5000;
/**
 * The /appointments list (paged, newest first) and the calendar (startDate/endDate: the appointments
 * overlapping that range, oldest first, up to `limit`). startDate alone is an open range: from
 * then on, oldest first (the list opening at today).
 *
 * `total` in the answer: without a range, how many appointments match. With a range nothing is
 * counted: it is `offset` plus the appointments on the page, plus one when more follow, so
 * `total > offset + items.length` says the range holds more than this page shows.
 */
export const ListAppointmentsQuery = z
  .object({
    locationId: idField().optional(),
    limit: z.coerce.number().int().min(1).max(MAX_APPOINTMENT_LIMIT).default(50),
    offset: z.coerce.number().int().min(0).default(0),
    startDate: instantField().optional(),
    endDate: instantField().optional(),
    status: csv(z.enum(APPOINTMENT_STATUSES)).optional(),
    /** appointments these users are primary or secondary provider of, and those nobody is assigned to yet */
    providerId: csv(idField()).optional(),
    serviceId: csv(idField()).optional(),
    clientId: idField().optional(),
    patientId: idField().optional(),
    /** client or patient name */
    search: z.string().trim().max(100).optional(),
  })
  .refine((q) => !q.endDate || Boolean(q.startDate), { message: 'is required with endDate', path: ['startDate'] })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.endDate) > Date.parse(q.startDate), {
    message: 'must be after startDate',
    path: ['endDate'],
  });
export type ListAppointmentsQuery = z.input<typeof ListAppointmentsQuery>;

export const listAppointments = operation({
  method: 'GET',
  path: '/api/appointment',
  access: authenticated,
  tag: 'appointments',
  summary: 'Appointments of a location, filtered; with startDate/endDate the ones overlapping that range',
  query: ListAppointmentsQuery,
  response: page(Appointment),
});
export const getAppointment = operation({
  method: 'GET',
  path: '/api/appointment/{id}',
  access: authenticated,
  tag: 'appointments',
  summary: 'One appointment with its status history',
  params: IdParams,
  response: AppointmentDetail,
});
export const createAppointment = operation({
  method: 'POST',
  path: '/api/appointment',
  access: authenticated,
  tag: 'appointments',
  summary: 'Create an appointment (409 naming the overlap unless overlapReason is given)',
  body: wrapped(AppointmentInput),
  response: Appointment,
  status: 201,
});
export const updateAppointment = operation({
  method: 'POST',
  path: '/api/appointment/{id}',
  access: authenticated,
  tag: 'appointments',
  summary: 'Update an appointment: move, resize, reassign, change its status or attach add-ons, in one transaction',
  params: IdParams,
  body: wrapped(AppointmentUpdateInput),
  response: Appointment,
});
export const cancelAppointment = operation({
  method: 'POST',
  path: '/api/appointment/{id}/cancel',
  access: authenticated,
  tag: 'appointments',
  summary: 'Cancel an appointment with a reason',
  params: IdParams,
  body: wrapped(CancelInput),
  response: Appointment,
});
export const correctAppointmentStatus = operation({
  method: 'POST',
  path: '/api/appointment/{id}/correct',
  access: anyOf(...CORRECT_STATUS_PERMISSIONS),
  deniedMessage: CORRECT_STATUS_DENIED,
  tag: 'appointments',
  summary: 'Correct the status of a finished appointment, with a reason kept in its history',
  params: IdParams,
  body: wrapped(CorrectStatusInput),
  response: Appointment,
});
export const deleteAppointment = operation({
  method: 'DELETE',
  path: '/api/appointment/{id}',
  // Cancelling is the everyday action; deleting for good (a booking made in error) needs the permission.
  access: anyOf(DELETE_RECORDS),
  tag: 'appointments',
  summary: 'Delete an appointment for good, with its status history and add-ons',
  params: IdParams,
  response: OkResponse,
});
export const PendingCountQuery = z.object({ locationId: idField().optional() });
export const countPendingAppointments = operation({
  method: 'GET',
  path: '/api/appointment/pendingCount',
  access: authenticated,
  tag: 'appointments',
  summary: 'How many appointments are Pending (the navigation badge), at the location if given',
  query: PendingCountQuery,
  response: z.object({ count: z.number().int() }),
});

// ---------- add-ons on an appointment ----------
export const createAppointmentAddOn = operation({
  method: 'POST',
  path: '/api/appointmentAddOn',
  access: authenticated,
  tag: 'appointments',
  summary: 'Attach an add-on to an appointment (its name and price are kept as they are now)',
  body: wrapped(AddOnAttachInput.extend({ appointmentId: idField() })),
  response: AppointmentAddOn,
  status: 201,
});
export const updateAppointmentAddOn = operation({
  method: 'POST',
  path: '/api/appointmentAddOn/{id}',
  access: authenticated,
  tag: 'appointments',
  summary: 'Change the values of an add-on on an appointment',
  params: IdParams,
  body: wrapped(z.object({ values: AddOnAttachInput.shape.values.unwrap() })),
  response: AppointmentAddOn,
});
export const deleteAppointmentAddOn = operation({
  method: 'DELETE',
  path: '/api/appointmentAddOn/{id}',
  access: authenticated,
  tag: 'appointments',
  summary: 'Remove an add-on from an appointment',
  params: IdParams,
  response: OkResponse,
});

// ---------- online booking requests (public) ----------
export const BOOKING_CONFIRMATION = 'Thank you! We have received your request. An email will follow once the details are confirmed.';
export const BOOKING_TOO_MANY = 'Too many booking requests. Please try again later.';
/** Booking requests allowed per hour from one IP address, and to one location. */
export const BOOKING_LIMIT_PER_IP = 5;
export const BOOKING_LIMIT_PER_LOCATION = 100;
/** A form sent sooner than this after its page was loaded was not filled in by a person. */
export const BOOKING_MIN_ELAPSED_MS = 3000;
/** How long the form token of a booking page stays good. */
export const BOOKING_FORM_MAX_AGE_MS = 4 * 3_600_000;
export const BOOKING_FORM_EXPIRED = 'This form has expired. Please reload the page and try again.';
export const BOOKING_FORM_INVALID = 'This form could not be verified. Please reload the page and try again.';
export const BOOKING_FORM_TOO_SOON = 'The form was sent too quickly. Please check your details and send it again.';
/** A form token admits one request (docs/decisions/0052): the page hands out a new one for the next. */
export const BOOKING_FORM_USED = 'This form has already been sent. Please reload the page to send another request.';
export const BookingPage = z.object({
  locationId: z.string(),
  locationName: z.string(),
  accountName: z.string(),
  timezone: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** visit services only: cremation and aftercare are arranged with the practice afterwards */
  services: z.array(z.object({ id: z.string(), type: z.string(), name: z.string(), duration: z.number().int(), price: z.number() })),
  /** ISO 4217 code the prices are in (docs/decisions/0030) */
  currency: z.string(),
  species: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * Signed by the server with the time the page was read; the request sends it back. One sent
   * sooner than BOOKING_MIN_ELAPSED_MS or later than BOOKING_FORM_MAX_AGE_MS after that is refused,
   * and each admits one request (a second answers 409 BOOKING_FORM_USED).
   */
  formToken: z.string(),
});
export type BookingPage = z.infer<typeof BookingPage>;
/**
 * The currency prices are shown in. Accounts and locations do not record one yet, so every price
 * is in this one (docs/decisions/0030).
 */
export const DEFAULT_CURRENCY = 'USD';
export const LocationParams = z.object({ locationId: idField() });
export const BookingRequestInput = z.object({
  serviceId: idField(),
  /** one to three times the owner would like, in order of preference */
  preferredTimes: z.array(instantField()).min(1, 'choose at least one time').max(3, 'choose at most 3 times'),
  patient: z.object({ name: nameField(), speciesId: idField(), notes: messageField().nullable().default(null) }),
  owner: z.object({
    firstName: nameField(),
    lastName: nameField(),
    email: emailField(),
    phone: z.string().trim().min(5, 'is required').max(40, 'must be at most 40 characters'),
    address: optionalText(300).default(null),
  }),
  /** a field people never see: bots fill it in */
  website: z.string().max(200).optional(),
  /** BookingPage.formToken, as the page answered it */
  formToken: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});
export type BookingRequestInput = z.input<typeof BookingRequestInput>;
export const getBookingPage = operation({
  method: 'GET',
  path: '/api/booking/{locationId}',
  access: publicAccess,
  tag: 'booking',
  summary: 'What the public booking page of a location shows, with a fresh form token',
  params: LocationParams,
  response: BookingPage,
});
export const createBookingRequest = operation({
  method: 'POST',
  path: '/api/booking/{locationId}',
  access: publicAccess,
  tag: 'booking',
  summary: 'An owner requests a visit: creates a Pending appointment (needs the page’s form token, good for one request; rate limited)',
  params: LocationParams,
  body: wrapped(BookingRequestInput),
  response: z.object({ ok: z.literal(true), message: z.string() }),
  status: 201,
});

/**
 * The link in a booking request's confirmation email (token kind onlineBooking) confirms the
 * owner's address for that request: the appointment shows it to the staff.
 */
export const confirmBookingEmail = operation({
  method: 'POST',
  path: '/api/booking/confirmEmail',
  access: publicAccess,
  tag: 'booking',
  summary: 'The owner confirms the email address of a booking request with the emailed link',
  body: wrapped(z.object({ token: z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a valid link') })),
  response: z.object({ ok: z.literal(true), message: z.string(), locationName: z.string() }),
});
