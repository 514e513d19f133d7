// The appointment rules that need nothing but their arguments: no database, no clock, no I/O, so
// the services decide what to read and write and these decide what is allowed and what it means.
import {
  CANCELLABLE_STATUSES,
  INACTIVE_STATUSES,
  MAX_APPOINTMENT_HOURS,
  canTransition,
  cremationNeedsService,
  entersCremationWithout,
  formatMinutes,
  isFinished,
  localDate,
  localMinutes,
  type AppointmentStatus,
} from '@willow/contracts';
import { badRequest } from '../../platform/errors.js';

const MAX_APPOINTMENT_MS = MAX_APPOINTMENT_HOURS * 3_600_000;

export const unique = <T>(xs: readonly T[]) => [...new Set(xs)];
export const providersOf = (primary: string | null, secondary: string | null) => [primary, secondary].filter((id): id is string => id !== null);
/** Cancelled and Rejected no longer hold their time: they never count as overlaps. */
export const isActiveStatus = (s: AppointmentStatus) => !INACTIVE_STATUSES.includes(s);

// ---------- status planning ----------
/**
 * The status an update moves to, or undefined when it keeps its status: none sent, or the same one
 * again, which is no change and leaves no history row. Cancelling has its own action (it asks for
 * a reason), so an update may not cancel.
 */
export function plannedStatus(from: AppointmentStatus, requested: AppointmentStatus | undefined): AppointmentStatus | undefined {
  const to = requested !== undefined && requested !== from ? requested : undefined;
  if (to === 'Cancelled') throw badRequest('status: use Cancel to cancel an appointment');
  if (to && !canTransition(from, to)) throw badRequest(`status: cannot change from ${from} to ${to}`);
  return to;
}

/** Accepting a request: an online request was never checked for overlaps when it came in. */
export const acceptsRequest = (from: AppointmentStatus, to: AppointmentStatus | undefined) => from === 'Pending' && to !== undefined && isActiveStatus(to);

/** The cancel action's rule; `field` names the request field the refusal is about. */
export function assertCancellable(from: AppointmentStatus, field = 'status'): void {
  if (!CANCELLABLE_STATUSES.includes(from)) throw badRequest(`${field}: cannot change from ${from} to Cancelled`);
}

/** Entering the cremation path needs an end-of-life service among the appointment's services. */
export function assertServicesAllow(from: AppointmentStatus, to: AppointmentStatus, serviceTypes: readonly string[]): void {
  if (entersCremationWithout(from, to, serviceTypes)) throw badRequest(cremationNeedsService(to));
}

/**
 * A correction (docs/decisions/0026) moves only a finished appointment, and somewhere else. It
 * reopens one that comes back from Cancelled or Rejected: that holds its time again, which someone
 * may have booked since. The cancellation reason follows the status: set when it becomes
 * Cancelled, cleared when it leaves Cancelled, kept otherwise.
 */
export function planCorrection(
  existing: { status: AppointmentStatus; cancellationReason: string | null },
  input: { status: AppointmentStatus; reason: string },
): { reopens: boolean; cancellationReason: string | null } {
  const from = existing.status;
  const to = input.status;
  if (!isFinished(from)) throw badRequest(`status: only a finished appointment is corrected; change the status of this ${from} one instead`);
  if (to === from) throw badRequest(`status: the appointment is already ${from}`);
  return {
    reopens: !isActiveStatus(from) && isActiveStatus(to),
    cancellationReason: to === 'Cancelled' ? input.reason : from === 'Cancelled' ? null : existing.cancellationReason,
  };
}

// ---------- times ----------
/** An update's times once merged with the stored ones (the request schema sees only a pair sent together). */
export function assertTimes(start: Date, end: Date): void {
  if (end <= start) throw badRequest('endAt: must be after the start');
  if (end.getTime() - start.getTime() > MAX_APPOINTMENT_MS) throw badRequest(`endAt: must be at most ${MAX_APPOINTMENT_HOURS} hours after the start`);
}

/** Who and when an appointment holds, as far as overlaps go. */
export interface Slot {
  start: Date;
  end: Date;
  providerIds: string[];
  patientIds: string[];
}

/** Only a change that can create a clash is checked again: another time, or someone added. */
export function mayClash(before: Slot, after: Slot): boolean {
  const added = <T>(now: T[], then: T[]) => now.some((x) => !then.includes(x));
  return (
    after.start.getTime() !== before.start.getTime() ||
    after.end.getTime() !== before.end.getTime() ||
    added(after.providerIds, before.providerIds) ||
    added(after.patientIds, before.patientIds)
  );
}

// ---------- the overlap message ----------
/** An appointment a booking would overlap, with what its message names. */
export interface Clash {
  startAt: Date;
  endAt: Date;
  primaryProviderId: string | null;
  secondaryProviderId: string | null;
  primaryName: string | null;
  secondaryName: string | null;
  clientFirstName: string;
  clientLastName: string;
  patients: { id: string; name: string }[];
}

const dayLabel = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }).format(instant);

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Names what the booking clashes with, in the location's time zone, e.g. "Overlaps Vera Vet’s
 * appointment 10:00–10:30 with Max (Smith). Give a reason to book anyway." The day is added when
 * the clash is on another local day than the booking.
 */
export function overlapMessage(clash: Clash, wanted: { start: Date; providerIds: string[]; patientIds: string[] }, timeZone: string): string {
  const times = `${formatMinutes(localMinutes(clash.startAt, timeZone))}–${formatMinutes(localMinutes(clash.endAt, timeZone))}`;
  const when = localDate(clash.startAt, timeZone) === localDate(wanted.start, timeZone) ? times : `${dayLabel(clash.startAt, timeZone)} ${times}`;
  const providers: [string | null, string | null][] = [
    [clash.primaryProviderId, clash.primaryName],
    [clash.secondaryProviderId, clash.secondaryName],
  ];
  const sharedProvider = providers.find(([id, name]) => id && name && wanted.providerIds.includes(id))?.[1];
  const tail = 'Give a reason to book anyway.';
  if (sharedProvider) {
    const names = clash.patients.map((p) => p.name);
    const whom = names.length ? `${listNames(names)} (${clash.clientLastName})` : `${clash.clientFirstName} ${clash.clientLastName}`;
    return `Overlaps ${sharedProvider}’s appointment ${when} with ${whom}. ${tail}`;
  }
  const shared = clash.patients.filter((p) => wanted.patientIds.includes(p.id)).map((p) => p.name);
  const provider = clash.primaryName ?? clash.secondaryName;
  return `Overlaps ${listNames(shared)}’s appointment ${when}${provider ? ` with ${provider}` : ''}. ${tail}`;
}

// ---------- add-on values ----------
export interface AddOnOption {
  name: string;
  choices: readonly string[];
}

/** A catalogue add-on, as far as attaching it goes. */
export interface CatalogueAddOn {
  id: string;
  locationId: string;
  active: boolean;
  name: string;
  price: number;
  options: readonly AddOnOption[];
}

/**
 * Values keyed by the add-on's option names (matched whatever the case, kept as the add-on spells
 * them). An option with choices takes one of them; an empty value leaves the option unset.
 */
export function checkAddOnValues(options: readonly AddOnOption[], values: Record<string, string>, field: string) {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(values)) {
    const option = options.find((o) => o.name === name) ?? options.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (!option) throw badRequest(`${field}: unknown option "${name}"`);
    const value = raw.trim();
    if (!value) continue;
    if (option.choices.length > 0 && !option.choices.includes(value)) {
      throw badRequest(`${field}.${option.name}: must be one of ${option.choices.join(', ')}`);
    }
    out[option.name] = value;
  }
  return out;
}

/**
 * What is stored for an add-on attached to an appointment at `locationId`: the add-on must be on
 * that location's catalogue and still offered; its name and price are copied, so later catalogue
 * changes leave what was sold as it was. `prefix` names where the add-on sits in the request
 * ('addOns.0.' in a booking, '' on its own).
 */
export function attachedAddOn(addOn: CatalogueAddOn | undefined, locationId: string, values: Record<string, string>, prefix: string) {
  if (!addOn) throw badRequest(`${prefix}addOnId: unknown add-on`);
  if (addOn.locationId !== locationId) throw badRequest(`${prefix}addOnId: this add-on is not offered at this location`);
  if (!addOn.active) throw badRequest(`${prefix}addOnId: this add-on is no longer offered`);
  return { addOnId: addOn.id, name: addOn.name, price: addOn.price, values: checkAddOnValues(addOn.options, values, `${prefix}values`) };
}

/** The options an attached add-on's values may name; once its catalogue entry is gone, only those already filled in. */
export function editableOptions(catalogue: { options: readonly AddOnOption[] } | undefined, stored: Record<string, string>): readonly AddOnOption[] {
  return catalogue?.options ?? Object.keys(stored).map((name) => ({ name, choices: [] }));
}
