/**
 * Calendar dates (YYYY-MM-DD) are kept as text end to end: a date of birth has no time zone,
 * and turning it into a Date at local midnight shifts it a day for users west of UTC.
 */

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function parts(iso: string): [number, number, number] | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * Age between a date of birth and `on` (default today), the way a clinic reads it:
 * '6 yrs 2 mos', '5 mos', '3 wks', '4 days'. Undefined without a birth date.
 */
export function formatAge(dateOfBirth: string | null | undefined, on: string = todayIso()): string | undefined {
  if (!dateOfBirth) return undefined;
  const birth = parts(dateOfBirth);
  const until = parts(on);
  if (!birth || !until) return undefined;
  let months = (until[0] - birth[0]) * 12 + (until[1] - birth[1]);
  if (until[2] < birth[2]) months -= 1;
  if (months < 0) return undefined;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (months >= 12) {
    const years = Math.floor(months / 12);
    const rest = months % 12;
    return rest ? `${plural(years, 'yr', 'yrs')} ${plural(rest, 'mo', 'mos')}` : plural(years, 'yr', 'yrs');
  }
  if (months >= 1) return plural(months, 'mo', 'mos');
  const days = Math.round((Date.UTC(...toUtc(until)) - Date.UTC(...toUtc(birth))) / 86_400_000);
  if (days >= 7) return plural(Math.floor(days / 7), 'wk', 'wks');
  return plural(days, 'day', 'days');
}

const toUtc = ([y, m, d]: [number, number, number]): [number, number, number] => [y, m - 1, d];

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * One Intl.DateTimeFormat per locale and options, made once: making one costs about a tenth of a
 * millisecond, and a calendar's week formats a heading, a label or a time for each of its days and blocks.
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar date for display, e.g. 'Oct 1, 2025'; formatted in UTC so the day never shifts. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const p = parts(iso);
  if (!p) return iso;
  return dateFormat.format(new Date(Date.UTC(...toUtc(p))));
}

/** A moment (ISO timestamp) in the user's own time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
}
