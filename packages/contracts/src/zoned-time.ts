/**
 * Wall-clock time in an IANA time zone, from Intl alone (no library), shared by the server
 * (series of slots, notes by local day, messages) and the web (calendar, forms).
 * A local day is 'YYYY-MM-DD'; a local time is minutes since local midnight.
 */

export interface ZonedParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

// Formatters kept, one per zone in each cache: making one costs far more than using one (0.11 ms
// against 0.007 ms), and a list of appointments reads or names the zone on every row.
function keptFormatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(timeZone, f);
  }
  return f;
}
const PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
};
const partsFormatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatter = (timeZone: string) => keptFormatter(partsFormatters, timeZone, PARTS);
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall-clock reading of an instant in a time zone. */
export function zonedParts(instant: Date | number, timeZone: string): ZonedParts {
  const out: Record<string, string> = {};
  for (const p of partsFormatter(timeZone).formatToParts(instant)) out[p.type] = p.value;
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    hour: Number(out.hour) % 24,
    minute: Number(out.minute),
    second: Number(out.second),
    weekday: WEEKDAY_INDEX[out.weekday!] ?? 0,
  };
}

/** Minutes the zone is ahead of UTC at that instant (New York in winter: -300). */
export function offsetMinutes(instant: Date | number, timeZone: string): number {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  const p = zonedParts(t, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time happens in a zone. A time skipped by a daylight-saving jump moves
 * forward by the jump (02:30 on a spring-forward night is 03:30); a repeated time is the first one.
 */
export function zonedToInstant(
  local: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0);
  // Offset changes are days apart, so the offsets a day either side are the only ones that can apply.
  const offsets = new Set([offsetMinutes(wall - DAY_MS, timeZone), offsetMinutes(wall + DAY_MS, timeZone)]);
  const candidates = [...offsets].map((o) => wall - o * 60_000).sort((a, b) => a - b);
  for (const c of candidates) {
    const p = zonedParts(c, timeZone);
    if (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall) return new Date(c);
  }
  // In the gap no reading shows the time; the later candidate is the time moved on by the jump.
  return new Date(candidates.at(-1)!);
}

const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of the instant in the zone. */
export function localDate(instant: Date | number | string, timeZone: string): string {
  const p = zonedParts(typeof instant === 'string' ? Date.parse(instant) : instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Minutes since local midnight (by the wall clock) of the instant in the zone. */
export function localMinutes(instant: Date | number | string, timeZone: string): number {
  const p = zonedParts(typeof instant === 'string' ? Date.parse(instant) : instant, timeZone);
  return p.hour * 60 + p.minute;
}

/**
 * `localDate` and `localMinutes` of many instants in one zone, as they answer, for a report of
 * thousands of rows: Intl reads the zone's offset once per UTC day, at its first and last
 * millisecond, instead of twice per instant (each reading costs several microseconds, most of the
 * controlled-drug ledger's shaping). When both readings agree the offset held all day (no zone
 * changes its offset and back within one day); on a day it changes, each instant is read itself.
 */
export function localClock(timeZone: string): (instant: Date | number) => { date: string; minutes: number } {
  // UTC day number → the zone's offset in ms all that day, or null on a day it changes
  const offsets = new Map<number, number | null>();
  // Intl reads whole seconds: the offset is the wall clock's reading less the instant's second.
  const offsetAt = (t: number) => {
    const p = zonedParts(t, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000;
  };
  return (instant) => {
    const t = typeof instant === 'number' ? instant : instant.getTime();
    const day = Math.floor(t / DAY_MS);
    let offset = offsets.get(day);
    if (offset === undefined) {
      const first = offsetAt(day * DAY_MS);
      offset = first === offsetAt((day + 1) * DAY_MS - 1) ? first : null;
      offsets.set(day, offset);
    }
    if (offset === null) {
      const p = zonedParts(t, timeZone);
      return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, minutes: p.hour * 60 + p.minute };
    }
    const wall = new Date(t + offset);
    return {
      date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
      minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    };
  };
}

export function parseLocalDate(date: string): { year: number; month: number; day: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { year: y, month: m, day: d };
}

/** The instant a local day starts in the zone. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return zonedToInstant(parseLocalDate(date), timeZone);
}

/** The instant of a wall-clock time (minutes since midnight) on a local day. */
export function localDateTimeToInstant(date: string, minutes: number, timeZone: string): Date {
  const d = parseLocalDate(date);
  const extraDays = Math.floor(minutes / 1440);
  const m = minutes - extraDays * 1440;
  const day = addDays(date, extraDays);
  const dd = extraDays ? parseLocalDate(day) : d;
  return zonedToInstant({ ...dd, hour: Math.floor(m / 60), minute: m % 60 }, timeZone);
}

/** Calendar arithmetic on a 'YYYY-MM-DD' (no zone involved). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseLocalDate(date);
  const t = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 0 = Sunday … 6 = Saturday for a 'YYYY-MM-DD'. */
export function weekdayOf(date: string): number {
  const { year, month, day } = parseLocalDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Whole days from a to b ('YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  const pa = parseLocalDate(a);
  const pb = parseLocalDate(b);
  return Math.round((Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000);
}

/** '14:05' for minutes since midnight. */
export function formatMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}

const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();
const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };

/** A short, readable zone label for the instant, e.g. 'EST' or 'GMT+1'. */
export function zoneAbbreviation(instant: Date | number, timeZone: string): string {
  const part = keptFormatter(zoneNameFormatters, timeZone, ZONE_NAME)
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
