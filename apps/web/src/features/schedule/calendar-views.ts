import { addDays, daysBetween, localDate, parseLocalDate, weekdayOf } from '@willow/contracts';
import { dateTimeFormat } from '../../lib/dates';

export const CALENDAR_VIEWS = ['day', 'week', 'month', 'providers'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const VIEW_LABELS: Record<CalendarView, string> = { day: 'Day', week: 'Week', month: 'Month', providers: 'Providers' };

export const isCalendarView = (v: unknown): v is CalendarView => CALENDAR_VIEWS.includes(v as CalendarView);
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isLocalDate = (v: unknown): v is string =>
  typeof v === 'string' && DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Weeks start on Sunday, the way weekday 0 is Sunday in the contracts. */
export function startOfWeek(date: string): string {
  return addDays(date, -weekdayOf(date));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month grid: whole weeks from the Sunday on or before the 1st to the Saturday on or after the last day. */
export function monthGrid(date: string): string[][] {
  const { year, month } = parseLocalDate(date);
  const first = startOfWeek(startOfMonth(date));
  const last = `${startOfMonth(date).slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`;
  const weeks = Math.floor(daysBetween(first, last) / 7) + 1;
  return Array.from({ length: weeks }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(first, w * 7 + d)));
}

/** The local days a view shows for its anchor date, in order. */
export function viewDays(view: CalendarView, anchor: string): string[] {
  switch (view) {
    case 'day':
    case 'providers':
      return [anchor];
    case 'week': {
      const first = startOfWeek(anchor);
      return Array.from({ length: 7 }, (_, i) => addDays(first, i));
    }
    case 'month':
      return monthGrid(anchor).flat();
  }
}

/** The anchor one step forward (+1) or back (-1): a day, a week, or a month (keeping the day where it exists). */
export function stepAnchor(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === 'day' || view === 'providers') return addDays(anchor, direction);
  if (view === 'week') return addDays(anchor, 7 * direction);
  const { year, month, day } = parseLocalDate(anchor);
  const target = new Date(Date.UTC(year, month - 1 + direction, 1));
  const y = target.getUTCFullYear();
  const m = target.getUTCMonth() + 1;
  const d = Math.min(day, daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Today's date where the location is (not where the browser is). */
export const todayIn = (timeZone: string, now: number = Date.now()) => localDate(now, timeZone);

const asUtc = (date: string) => {
  const { year, month, day } = parseLocalDate(date);
  return new Date(Date.UTC(year, month - 1, day));
};

/** The toolbar title: 'Monday, November 2, 2026', 'Nov 1 – 7, 2026' or 'November 2026'. */
export function viewTitle(view: CalendarView, anchor: string, locale?: string): string {
  if (view === 'month') {
    return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(asUtc(anchor));
  }
  if (view === 'week') {
    const days = viewDays('week', anchor);
    const format = dateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    return format.formatRange(asUtc(days[0]!), asUtc(days[6]!));
  }
  return dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(asUtc(anchor));
}

/**
 * The name of a button that shows `visible` (a day's heading) and opens that day: it starts with
 * what the button shows, so a person using speech input can say what they see, and then says the
 * whole date (axe's label-content-name-mismatch), e.g. 'Sun 22, open Sunday, November 22, 2026 in the day view'.
 */
export function openDayLabel(date: string, visible: string, locale?: string): string {
  const long = dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(asUtc(date));
  return `${visible}, open ${long} in the day view`;
}

/** Column headings of a date: weekday and day of month, e.g. 'Sun' and '1'. */
export function dayHeading(date: string, locale?: string): { weekday: string; day: number } {
  return {
    weekday: dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(asUtc(date)),
    day: parseLocalDate(date).day,
  };
}

const WEEKDAY_NAMES = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i)));
/** Short weekday names from Sunday, e.g. ['Sun', 'Mon', …]. */
export function weekdayNames(locale?: string): string[] {
  const format = dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return WEEKDAY_NAMES.map((d) => format.format(d));
}

/** A readable date, e.g. 'Sun, Nov 1, 2026'. */
export function formatLocalDate(date: string, locale?: string): string {
  return dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(asUtc(date));
}

const clockTexts = new Map<string, string>();
function clockText(kind: 'clock' | 'hour', minutes: number, locale: string | undefined): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const key = `${kind}|${locale ?? ''}|${m}`;
  let text = clockTexts.get(key);
  if (text === undefined) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'clock' ? { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' } : { hour: 'numeric', timeZone: 'UTC' };
    text = dateTimeFormat(locale, options).format(new Date(Date.UTC(2000, 0, 1, Math.floor(m / 60), m % 60)));
    clockTexts.set(key, text);
  }
  return text;
}

/** A wall-clock time (minutes since midnight) in the user's locale, e.g. '9:30 AM'. */
export const formatClock = (minutes: number, locale?: string) => clockText('clock', minutes, locale);

/** An hour label for the time gutter, e.g. '9 AM'. */
export const formatHour = (minutes: number, locale?: string) => clockText('hour', minutes, locale);

/** 'HH:MM' for a time input, from minutes since midnight. */
export function timeInputValue(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Minutes since midnight of a time input's 'HH:MM', or null when it is not a time. */
export function minutesOfTimeInput(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h < 24 && m < 60 ? h * 60 + m : null;
}
