// What the overlap question says: every appointment the time clashes with, named the way the
// front desk thinks of it, and the next time the same visit fits for the same people that day.
import { addDays, INACTIVE_STATUSES, localDate, localMinutes, startOfLocalDay } from '@willow/contracts';
import type { Appointment, ListAppointmentsQuery } from '@willow/contracts';
import { formatClock } from '../schedule/calendar-views';

/** The booking the server refused: who and when, as instants. */
export interface WantedBooking {
  locationId: string;
  startAt: string;
  endAt: string;
  primaryProviderId?: string | null | undefined;
  secondaryProviderId?: string | null | undefined;
  patientIds?: readonly string[] | undefined;
  /** the appointment being changed: it does not clash with itself */
  excludeId?: string | undefined;
}

type Booked = Pick<Appointment, 'id' | 'status' | 'startAt' | 'endAt' | 'primaryProviderId' | 'secondaryProviderId' | 'patientIds'>;

const providersOf = (x: { primaryProviderId?: string | null | undefined; secondaryProviderId?: string | null | undefined }) =>
  [x.primaryProviderId, x.secondaryProviderId].filter((id): id is string => Boolean(id));

/** Whether an appointment holds one of the wanted booking's providers or patients (as the server checks). */
function sharesSomeone(a: Booked, w: WantedBooking): boolean {
  const providers = providersOf(w);
  const patients = w.patientIds ?? [];
  return providersOf(a).some((id) => providers.includes(id)) || a.patientIds.some((id) => patients.includes(id));
}

const holdsTime = (a: Booked, w: WantedBooking) => !(INACTIVE_STATUSES as readonly string[]).includes(a.status) && a.id !== w.excludeId;

/** The active appointments sharing a provider or a patient with the booking and overlapping [start, end), earliest first. */
export function clashesOf<A extends Booked>(booked: readonly A[], w: WantedBooking, start = Date.parse(w.startAt), end = Date.parse(w.endAt)): A[] {
  return booked
    .filter((a) => holdsTime(a, w) && sharesSomeone(a, w) && Date.parse(a.startAt) < end && Date.parse(a.endAt) > start)
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
}

/**
 * The first start, from the wanted one on, where a visit of the same length clashes with nothing
 * of the same providers and patients and still ends that day (the location's day); null when none.
 * Decision 0181.
 */
export function nextFreeStart(booked: readonly Booked[], w: WantedBooking, timeZone: string): number | null {
  const length = Date.parse(w.endAt) - Date.parse(w.startAt);
  const dayEnd = startOfLocalDay(addDays(localDate(w.startAt, timeZone), 1), timeZone).getTime();
  let start = Date.parse(w.startAt);
  for (;;) {
    const clashes = clashesOf(booked, w, start, start + length);
    if (clashes.length === 0) return start + length <= dayEnd ? start : null;
    start = Math.max(...clashes.map((a) => Date.parse(a.endAt)));
  }
}

/**
 * The read the question needs: the appointments over the booking's local day at every location the
 * user sees (a provider working at two locations clashes across them, as the server checks).
 */
export function dayQueryOf(w: WantedBooking, timeZone: string): ListAppointmentsQuery {
  const day = localDate(w.startAt, timeZone);
  const end = Math.max(startOfLocalDay(addDays(day, 1), timeZone).getTime(), Date.parse(w.endAt));
  return {
    startDate: startOfLocalDay(day, timeZone).toISOString(),
    endDate: new Date(end).toISOString(),
    limit: 1000,
  };
}

/** A time of day at the location, as the calendar shows times (the user's 12- or 24-hour clock). */
export const clockAt = (instant: string | number, timeZone: string) => formatClock(localMinutes(instant, timeZone));

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** One clash as a line: its time, who it is for, its services and providers, e.g. '9:00 AM – 9:30 AM: Max (Jamie Smith) · Sick visit · with Vera Vet'. */
export function clashLine(a: Appointment, timeZone: string, staffNames: ReadonlyMap<string, string> | undefined, wantedDay: string): string {
  const day = localDate(a.startAt, timeZone);
  const time = `${day === wantedDay ? '' : `${day} `}${clockAt(a.startAt, timeZone)} – ${clockAt(a.endAt, timeZone)}`;
  const client = `${a.client.firstName} ${a.client.lastName}`;
  const who = a.patients.length ? `${listNames(a.patients.map((p) => p.name))} (${client})` : client;
  const services = a.services.map((s) => s.name).join(', ');
  const providers = providersOf(a).map((id) => staffNames?.get(id) ?? 'a former provider');
  return [`${time}: ${who}`, services, providers.length ? `with ${listNames(providers)}` : 'no provider'].filter(Boolean).join(' · ');
}
