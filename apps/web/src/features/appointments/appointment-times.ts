import { formatMinutes, localDate, localDateTimeToInstant, localMinutes, zoneAbbreviation } from '@willow/contracts';

/**
 * An appointment's times as the form shows them: wall-clock readings in the location's zone.
 * Dates are 'YYYY-MM-DD' and times 'HH:MM', or '' while a field is empty.
 */
export interface LocalTimes {
  date: string;
  start: string;
  /** usually the same as `date`; later when the appointment runs past midnight */
  endDate: string;
  end: string;
}

/** Minutes since midnight of an 'HH:MM' reading, or null when it is not one. */
export function parseTime(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h < 24 && m < 60 ? h * 60 + m : null;
}

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The instant of a local date and time in the zone, or null while either is incomplete. */
export function toInstant(date: string, time: string, timeZone: string): Date | null {
  const minutes = parseTime(time);
  if (!isDate(date) || minutes === null) return null;
  return localDateTimeToInstant(date, minutes, timeZone);
}

export function localTimesOf(startAt: Date | string, endAt: Date | string, timeZone: string): LocalTimes {
  return {
    date: localDate(new Date(startAt), timeZone),
    start: formatMinutes(localMinutes(new Date(startAt), timeZone)),
    endDate: localDate(new Date(endAt), timeZone),
    end: formatMinutes(localMinutes(new Date(endAt), timeZone)),
  };
}

/** ISO instants of the form's times; each undefined while its fields are incomplete. */
export function instantsOf(t: LocalTimes, timeZone: string): { startAt?: string; endAt?: string } {
  return {
    startAt: toInstant(t.date, t.start, timeZone)?.toISOString(),
    endAt: toInstant(t.endDate || t.date, t.end, timeZone)?.toISOString(),
  };
}

/** Minutes between the start and the end, or null while either is incomplete. */
export function durationOf(t: LocalTimes, timeZone: string): number | null {
  const { startAt, endAt } = instantsOf(t, timeZone);
  if (!startAt || !endAt) return null;
  return Math.round((Date.parse(endAt) - Date.parse(startAt)) / 60_000);
}

/** The times with the end `minutes` after the start (real minutes, so a daylight-saving night counts right). */
export function withDuration(t: LocalTimes, minutes: number, timeZone: string): LocalTimes {
  const start = toInstant(t.date, t.start, timeZone);
  if (!start) return t;
  const end = new Date(start.getTime() + minutes * 60_000);
  return { ...t, endDate: localDate(end, timeZone), end: formatMinutes(localMinutes(end, timeZone)) };
}

/** A new start date or time; the appointment keeps its length, as moving it on the calendar does. */
export function withStart(t: LocalTimes, patch: { date?: string; start?: string }, timeZone: string): LocalTimes {
  const before = durationOf(t, timeZone);
  const next = { ...t, ...patch };
  if (before !== null && before > 0 && toInstant(next.date, next.start, timeZone)) return withDuration(next, before, timeZone);
  // Without a usable length the end stays on the start's day, where the user will set it.
  return { ...next, endDate: next.date };
}

/** Total minutes of the chosen services (unknown ids count nothing). */
export function summedDuration(serviceIds: readonly string[], durations: ReadonlyMap<string, number>): number {
  return serviceIds.reduce((sum, id) => sum + (durations.get(id) ?? 0), 0);
}

/**
 * The services rule: while the user has not set the end themselves, choosing services makes the
 * appointment last as long as they take together. Clearing every service leaves the end alone.
 */
export function endFollowingServices(
  t: LocalTimes,
  serviceIds: readonly string[],
  durations: ReadonlyMap<string, number>,
  endChangedByUser: boolean,
  timeZone: string,
): LocalTimes {
  if (endChangedByUser) return t;
  const total = summedDuration(serviceIds, durations);
  return total > 0 ? withDuration(t, total, timeZone) : t;
}

const rangeFormats = new Map<string, Intl.DateTimeFormat>();
function rangeFormat(timeZone: string): Intl.DateTimeFormat {
  let f = rangeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    rangeFormats.set(timeZone, f);
  }
  return f;
}

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
