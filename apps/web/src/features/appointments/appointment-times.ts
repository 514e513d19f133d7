import { formatMinutes, localDate, localDateTimeToInstant, localMinutes, MAX_APPOINTMENT_HOURS, zoneAbbreviation } from '@willow/contracts';
import { dateTimeFormat } from '../../lib/dates';

/**
 * An appointment's times as the form holds them: wall-clock readings in the location's zone.
 * Dates are 'YYYY-MM-DD' and times 'HH:MM' (24 h), or '' while a field is empty.
 *
 * The one rule (docs/decisions/0027): the appointment's `length` is what is kept. Moving the start
 * or the date moves the end with it; choosing services sets the length to their visit minutes
 * unless the person set the end themselves; setting the end changes the length.
 */
export interface LocalTimes {
  date: string;
  start: string;
  /** usually the same as `date`; later when the appointment runs past midnight */
  endDate: string;
  end: string;
  /**
   * Minutes from the start to the end, kept on its own so that a date or start typed in several
   * keystrokes (whose in-between values are not real times) never loses it.
   */
  length: number | null;
}

/**
 * Minutes since midnight of a time as people type it: '14:15', '2:15 PM', '2:15pm', '2 pm', '9',
 * '930', '0930', '9.30', '12 AM' (midnight). Null when it is not a time of day.
 */
export function parseTime(text: string): number | null {
  const match = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(?:([ap])\.?\s*m?\.?)?$/i.exec(text.trim());
  if (!match) {
    // Four digits run together: '0930', '1415'.
    const packed = /^(\d{2})(\d{2})$/.exec(text.trim());
    return packed ? parseTime(`${packed[1]}:${packed[2]}`) : null;
  }
  let h = Number(match[1]);
  const m = match[2] === undefined ? 0 : Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (m > 59) return null;
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  } else if (h > 23) {
    return null;
  }
  return h * 60 + m;
}

/** 'HH:MM' (24 h) of a typed time, or null when it is not one. */
export function normalTime(text: string): string | null {
  const minutes = parseTime(text);
  return minutes === null ? null : formatMinutes(minutes);
}

const clockFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
/** A wall-clock time the way the browser's locale writes it, e.g. '2:15 PM' or '14:15'. */
export function formatClock(time: string): string {
  const minutes = parseTime(time);
  if (minutes === null) return time;
  // Plain spaces: newer ICU puts a narrow no-break space before AM/PM, which nobody types.
  return clockFormat.format(new Date(Date.UTC(2000, 0, 1, 0, minutes))).replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * A whole date of this millennium or the last. A date field being typed in passes through years
 * such as 0002 and 0202; JavaScript reads years below 100 as 19xx and old years in the zone's
 * local mean time (seconds in the offset), so such a value must never move the end.
 */
export const isDate = (text: string) => /^(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(text);

/** The instant of a local date and time in the zone, or null while either is incomplete. */
export function toInstant(date: string, time: string, timeZone: string): Date | null {
  const minutes = parseTime(time);
  if (!isDate(date) || minutes === null) return null;
  return localDateTimeToInstant(date, minutes, timeZone);
}

/** Whole minutes between two instants (the calendar never shows seconds). */
const minutesBetween = (a: Date | string, b: Date | string) => Math.round((new Date(b).getTime() - new Date(a).getTime()) / 60_000);

export function localTimesOf(startAt: Date | string, endAt: Date | string, timeZone: string): LocalTimes {
  return {
    date: localDate(new Date(startAt), timeZone),
    start: formatMinutes(localMinutes(new Date(startAt), timeZone)),
    endDate: localDate(new Date(endAt), timeZone),
    end: formatMinutes(localMinutes(new Date(endAt), timeZone)),
    length: minutesBetween(startAt, endAt),
  };
}

/** ISO instants of the form's times; each undefined while its fields are incomplete. */
export function instantsOf(t: LocalTimes, timeZone: string): { startAt?: string; endAt?: string } {
  return {
    startAt: toInstant(t.date, t.start, timeZone)?.toISOString(),
    endAt: toInstant(t.endDate || t.date, t.end, timeZone)?.toISOString(),
  };
}

/** Minutes between the start and the end as they read now, or null while either is incomplete. */
export function durationOf(t: LocalTimes, timeZone: string): number | null {
  const { startAt, endAt } = instantsOf(t, timeZone);
  if (!startAt || !endAt) return null;
  return minutesBetween(startAt, endAt);
}

/** The times lasting `minutes` from the start (real minutes, so a daylight-saving night counts right). */
export function withDuration(t: LocalTimes, minutes: number, timeZone: string): LocalTimes {
  const start = toInstant(t.date, t.start, timeZone);
  if (!start || minutes <= 0) return t;
  const end = new Date(start.getTime() + minutes * 60_000);
  return { ...t, endDate: localDate(end, timeZone), end: formatMinutes(localMinutes(end, timeZone)), length: minutes };
}

/** A new start date or time: the appointment keeps its length, as moving it on the calendar does. */
export function withStart(t: LocalTimes, patch: { date?: string; start?: string }, timeZone: string): LocalTimes {
  const next = { ...t, ...patch };
  if (next.length !== null && next.length > 0 && toInstant(next.date, next.start, timeZone)) return withDuration(next, next.length, timeZone);
  // A date still being typed: the end waits (the length is kept for when the date is whole).
  return next;
}

/** A new end date or time, set by the person: it becomes the length when it is after the start. */
export function withEnd(t: LocalTimes, patch: { end?: string; endDate?: string }, timeZone: string): LocalTimes {
  const next = { ...t, ...patch };
  const minutes = durationOf(next, timeZone);
  return minutes !== null && minutes > 0 ? { ...next, length: minutes } : next;
}

/**
 * The services rule: while the person has not set the end themselves, choosing services makes the
 * appointment last as long as the visit takes (services done after the visit, such as the
 * cremation, take no calendar time). No visit service leaves the end alone.
 */
export function endFollowingServices(t: LocalTimes, visitLength: number, endChangedByUser: boolean, timeZone: string): LocalTimes {
  if (endChangedByUser || visitLength <= 0) return t;
  return withDuration({ ...t, length: visitLength }, visitLength, timeZone);
}

/** Why the end cannot be saved as it reads, or null (a missing field is reported on its own). */
export function endProblem(t: LocalTimes, timeZone: string): string | null {
  const minutes = durationOf(t, timeZone);
  if (minutes === null) return null;
  if (minutes <= 0) return END_BEFORE_START;
  if (minutes > MAX_APPOINTMENT_HOURS * 60) return `The end must be at most ${MAX_APPOINTMENT_HOURS} hours after the start.`;
  return null;
}
export const END_BEFORE_START = 'The end must be after the start. For a visit past midnight, set the end date.';

const rangeFormat = (timeZone: string) =>
  dateTimeFormat(undefined, { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An instant as read in the location, e.g. 'Mon, Nov 23, 2026, 9:00 AM EST'. */
export function formatInZone(instant: string, timeZone: string): string {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return instant;
  return `${rangeFormat(timeZone).format(d)} ${zoneAbbreviation(d, timeZone)}`;
}

/** An appointment's span as read in the location, e.g. 'Mon, Nov 23, 2026, 9:00 – 9:30 AM EST'. */
export function formatSpanInZone(startAt: string, endAt: string, timeZone: string): string {
  const start = new Date(startAt);
  const end = new Date(endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return formatInZone(startAt, timeZone);
  return `${rangeFormat(timeZone).formatRange(start, end)} ${zoneAbbreviation(start, timeZone)}`;
}
