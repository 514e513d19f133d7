import { AppointmentInput, AppointmentUpdateInput, visitMinutes } from '@willow/contracts';
import type { AppointmentDetail } from '@willow/contracts';
import { textOrNull } from '../../components/form-fields';
import { validate } from '../../lib/zod-errors';
import type { FieldErrors } from '../../lib/zod-errors';
import { addOnsToSend } from './appointment-add-on-values';
import type { AddOnRequest, DraftAddOn, PendingAddOn } from './appointment-add-on-values';
import { endProblem, instantsOf, isDate, localTimesOf } from './appointment-times';
import type { LocalTimes } from './appointment-times';

/** A new appointment's place and time, e.g. from a click on the calendar. */
export interface AppointmentDraft {
  locationId: string;
  startAt: string;
  endAt: string;
  primaryProviderId?: string | null;
  secondaryProviderId?: string | null;
  /** the length was chosen (dragged on the calendar): choosing services does not change the end */
  lengthChosen?: boolean;
}

export interface AppointmentFormValues {
  locationId: string;
  clientId: string;
  patientIds: string[];
  serviceIds: string[];
  primaryProviderId: string;
  secondaryProviderId: string;
  times: LocalTimes;
  homeVisit: boolean;
  address: string;
  notes: string;
  status: 'Confirmed' | 'Pending';
  /** add-ons chosen in the dialog, attached by the create or the update in its transaction */
  addOns: DraftAddOn[];
}

/**
 * Which form the dialog shows: another appointment, draft or client is a new form. The working
 * location settling while the form is open is not, since that would wipe what was typed.
 */
export function formKeyOf(appointmentId: string | null, draft: AppointmentDraft | null, clientId: string | null, patientId: string | null = null): string {
  if (appointmentId !== null) return appointmentId;
  const d = draft;
  return `new|${d ? `${d.locationId}|${d.startAt}|${d.endAt}|${d.primaryProviderId ?? ''}|${d.secondaryProviderId ?? ''}` : ''}|${clientId ?? ''}|${patientId ?? ''}`;
}

/** Length of a new appointment until services say otherwise. */
export const DEFAULT_MINUTES = 30;

/** The next whole hour from now, where a new appointment without a draft starts. */
export function nextHour(now = Date.now()): Date {
  return new Date(Math.ceil((now + 1) / 3_600_000) * 3_600_000);
}

/** The form holding an existing appointment, its times read in its location's zone. */
export function valuesOfAppointment(a: AppointmentDetail, timeZone: string): AppointmentFormValues {
  return {
    locationId: a.locationId,
    clientId: a.clientId,
    patientIds: a.patientIds,
    serviceIds: a.serviceIds,
    primaryProviderId: a.primaryProviderId ?? '',
    secondaryProviderId: a.secondaryProviderId ?? '',
    times: localTimesOf(a.startAt, a.endAt, timeZone),
    homeVisit: a.address !== null,
    address: a.address ?? '',
    notes: a.notes ?? '',
    status: 'Confirmed',
    addOns: [],
  };
}

/** Where a new appointment comes from: a draft (a calendar slot), else a location and perhaps a client. */
export interface NewAppointmentSource {
  draft: AppointmentDraft | null;
  clientId: string | null;
  /** the client's animal it is for (Book on a patient's row or page) */
  patientId?: string | null;
  /** the location when there is no draft */
  defaultLocationId: string;
}

/**
 * The form of a new appointment: the draft's place, times and providers, or, without a draft, the
 * next whole hour for DEFAULT_MINUTES at the default location.
 */
export function valuesOfNew(source: NewAppointmentSource, zoneOf: (locationId: string) => string, now = Date.now()): AppointmentFormValues {
  const { draft } = source;
  const locationId = draft?.locationId ?? source.defaultLocationId;
  const start = draft ? new Date(draft.startAt) : nextHour(now);
  const end = draft ? new Date(draft.endAt) : new Date(start.getTime() + DEFAULT_MINUTES * 60_000);
  return {
    locationId,
    clientId: source.clientId ?? '',
    patientIds: source.clientId && source.patientId ? [source.patientId] : [],
    serviceIds: [],
    primaryProviderId: draft?.primaryProviderId ?? '',
    secondaryProviderId: draft?.secondaryProviderId ?? '',
    times: localTimesOf(start, end, zoneOf(locationId)),
    homeVisit: false,
    address: '',
    notes: '',
    status: 'Confirmed',
    addOns: [],
  };
}

/**
 * Whether the end starts out as the person's own (so choosing services leaves it alone): a length
 * dragged on the calendar, or an existing appointment whose length differs from its services' total.
 */
export function endSetByHand(appointment: Pick<AppointmentDetail, 'startAt' | 'endAt' | 'services'> | null, draft: AppointmentDraft | null): boolean {
  if (!appointment) return Boolean(draft?.lengthChosen);
  return Date.parse(appointment.endAt) - Date.parse(appointment.startAt) !== visitMinutes(appointment.services) * 60_000;
}

/** What the form's values mean as contract input (times as instants in the location's zone). */
export function requestFields(v: AppointmentFormValues, timeZone: string) {
  const { startAt, endAt } = instantsOf(v.times, timeZone);
  return {
    clientId: v.clientId,
    patientIds: v.patientIds,
    serviceIds: v.serviceIds,
    primaryProviderId: v.primaryProviderId || null,
    secondaryProviderId: v.secondaryProviderId || null,
    startAt: startAt ?? '',
    endAt: endAt ?? '',
    address: v.homeVisit ? v.address : null,
    notes: textOrNull(v.notes),
  };
}
export type RequestFields = ReturnType<typeof requestFields>;

/** The body of the create request. */
export function createBody(v: AppointmentFormValues, timeZone: string, addOns: AddOnRequest[]) {
  return { ...requestFields(v, timeZone), locationId: v.locationId, status: v.status, addOns };
}

export type UpdatePatch = Partial<RequestFields> & { addOns?: AddOnRequest[] };

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The body of the update request: only the fields that changed, and the add-ons to attach if any. */
export function updatePatch(now: RequestFields, before: RequestFields, addOns: AddOnRequest[]): UpdatePatch {
  const patch = Object.fromEntries(
    (Object.keys(now) as (keyof RequestFields)[]).filter((k) => !sameValue(now[k], before[k])).map((k) => [k, now[k]]),
  ) as UpdatePatch;
  if (addOns.length > 0) patch.addOns = addOns;
  return patch;
}

/** Checks a contract can't express: which fields are missing altogether. */
export function missingFields(v: AppointmentFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.clientId) errors.clientId = 'is required';
  if (!v.times.date) errors.date = 'is required';
  else if (!isDate(v.times.date)) errors.date = 'must be a whole date';
  if (!v.times.start) errors.start = 'is required';
  if (!v.times.end) errors.end = 'is required';
  if (v.homeVisit && !v.address.trim()) errors.address = 'is required';
  return errors;
}

/** Contract errors on the instants belong under the fields the user typed them in. */
export function placeErrors(errors: FieldErrors): FieldErrors {
  const { startAt, endAt, ...rest } = errors;
  const placed: FieldErrors = { ...rest };
  if (startAt && !placed.start) placed.start = startAt;
  if (endAt && !placed.end) placed.end = endAt;
  return placed;
}

/** What Save does with the form. */
export type Submission =
  | { kind: 'invalid'; errors: FieldErrors }
  /** an edit that changes nothing: the dialog just closes */
  | { kind: 'unchanged' }
  | { kind: 'update'; id: string; patch: UpdatePatch }
  | { kind: 'create'; body: ReturnType<typeof createBody> };

export interface SubmissionContext {
  /** the appointment being edited with the values the form opened with; null for a new one */
  initial: { id: string; values: AppointmentFormValues; timeZone: string } | null;
  timeZone: string;
  staged: readonly DraftAddOn[];
  pending: PendingAddOn | null;
  /** a Start or End field holds text that is not a time */
  badTimes: boolean;
}

/**
 * Save's decision: the field errors to show, or the request to send. A time field holding text
 * that is not a time, or an end that cannot be saved, stops it before the contract is asked (the
 * errors are then the missing fields and the end's problem).
 */
export function submissionOf(v: AppointmentFormValues, ctx: SubmissionContext): Submission {
  const missing = missingFields(v);
  const addOns = addOnsToSend(ctx.staged, ctx.pending);
  const problem = endProblem(v.times, ctx.timeZone);
  if (problem) missing.end = problem;
  if (ctx.badTimes || problem) return { kind: 'invalid', errors: placeErrors({ ...missing }) };
  if (ctx.initial) {
    const patch = updatePatch(requestFields(v, ctx.timeZone), requestFields(ctx.initial.values, ctx.initial.timeZone), addOns);
    const checked = validate(AppointmentUpdateInput, patch);
    const errors = { ...(checked.ok ? {} : checked.errors), ...missing };
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors: placeErrors(errors) };
    if (Object.keys(patch).length === 0) return { kind: 'unchanged' };
    return { kind: 'update', id: ctx.initial.id, patch };
  }
  const body = createBody(v, ctx.timeZone, addOns);
  const checked = validate(AppointmentInput, body);
  const errors = { ...(checked.ok ? {} : checked.errors), ...missing };
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors: placeErrors(errors) };
  return { kind: 'create', body };
}

/**
 * The end is on a later day than the start. While the date is being typed (its year passes through
 * 0002, 0020…) the end date waits for it.
 */
export const endsOnAnotherDay = (t: LocalTimes) => isDate(t.date) && t.endDate !== '' && t.endDate !== t.date;
