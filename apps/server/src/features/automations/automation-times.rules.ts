import { addDays, localDate, type AutomationOffsetUnit } from '@willow/contracts';
import { nextOccurrence } from '../../platform/schedules.js';

/**
 * When automations' items are due, on a location's clock (docs/decisions/0213). Every wall-clock
 * time is read by croner through the scheduler's `nextOccurrence` (a one-day cron pattern), never
 * by adding hours to an instant: 09:00 in Europe/London is 08:00Z in summer and 09:00Z in winter,
 * and a time a spring-forward night skips goes when the clock jumps. Dates are 'YYYY-MM-DD' local days.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A day-based trigger missed while no app process ran (or a vaccination entered late) is still
 * caught for this many days; older ones are left: a practice does not want last month's reminders.
 */
export const CATCH_UP_DAYS = 6;
/** Items of the sliding (minute) window are made this far ahead of their time, so none is late. */
export const LEAD_MS = 5 * MINUTE_MS;
/** ... and this far back, so a run that started late (or a minute missed) loses none. */
export const SLACK_MS = 5 * MINUTE_MS;

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant a wall-clock time ('HH:MM') happens on a local day, by croner. */
export function instantOn(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  // Before that day starts in every zone (UTC+14 is the earliest): the next match is that day's.
  const before = new Date(Date.UTC(y, m - 1, d) - 15 * HOUR_MS);
  return nextOccurrence({ pattern: `${mm} ${hh} ${d} ${m} *`, timeZone }, before);
}

/** The wall-clock time ('HH:MM') of an instant in a zone. */
export function localTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return `${pad(get('hour'))}:${pad(get('minute'))}`;
}

/** The start of a local day (its midnight, or the first minute after a midnight a clock change skips). */
export const startOfDay = (day: string, timeZone: string): Date => instantOn(day, '00:00', timeZone);

/**
 * Today's run of a day-based automation at a location: the local day and its send time, once that
 * time has come (`now` at or past it), else null. The run is claimed once per automation, location
 * and local day ('run:<locationId>:<day>'), so it is made by one app process, once.
 */
export function dayRun(now: Date, sendTime: string, timeZone: string): { day: string; sendAt: Date } | null {
  const day = localDate(now, timeZone);
  const sendAt = instantOn(day, sendTime, timeZone);
  return now >= sendAt ? { day, sendAt } : null;
}

/** The local days (inclusive) whose nextDueOn a vaccination reminder "N days before" takes on `today`: from today to N days ahead (not yet taken ones). */
export function vaccinationDueDays(today: string, offsetDays: number): { from: string; to: string } {
  return { from: today, to: addDays(today, offsetDays) };
}

/** The nextDueOn days an "overdue by N days" reminder takes on `today`: N days ago, and the few days before it a missed run left. */
export function vaccinationOverdueDays(today: string, offsetDays: number): { from: string; to: string } {
  const to = addDays(today, -offsetDays);
  return { from: addDays(to, -CATCH_UP_DAYS), to };
}

/** The instants an "unpaid N days after it was finalised" task looks at on `today`: invoices finalised N days ago (local days), and the few before. */
export function invoiceFinalisedWindow(today: string, offsetDays: number, timeZone: string): { from: Date; to: Date } {
  const last = addDays(today, -offsetDays);
  return { from: startOfDay(addDays(last, -CATCH_UP_DAYS), timeZone), to: startOfDay(addDays(last, 1), timeZone) };
}

/**
 * The birthdays a "N days before a pet's birthday" message looks at on `today`: each local day
 * (the one N days ahead, and the few before it a missed run left, never one already past) with the
 * month-days born on it ('MM-DD'; a 29 February birthday is kept on 28 February in other years).
 */
export function birthdayDays(today: string, offsetDays: number): { day: string; monthDays: string[] }[] {
  const out: { day: string; monthDays: string[] }[] = [];
  for (let k = Math.max(0, offsetDays - CATCH_UP_DAYS); k <= offsetDays; k++) {
    const day = addDays(today, k);
    const md = day.slice(5);
    const year = Number(day.slice(0, 4));
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    out.push({ day, monthDays: md === '02-28' && !leap ? [md, '02-29'] : [md] });
  }
  return out;
}

/** An offset as milliseconds, for minutes and hours (days go by the calendar). */
const offsetMs = (offset: number, unit: AutomationOffsetUnit) => offset * (unit === 'minutes' ? MINUTE_MS : unit === 'hours' ? HOUR_MS : DAY_MS);

/**
 * When an item about an event (a booking, a status, a death, a form) is due: `offset` after it. In
 * days: that many local days later, at `sendTime` when the automation has one (never before the
 * event itself), else at the event's own wall-clock time.
 */
export function afterEvent(eventAt: Date, offset: number, unit: AutomationOffsetUnit, sendTime: string | null, timeZone: string): Date {
  if (unit !== 'days') return new Date(eventAt.getTime() + offsetMs(offset, unit));
  const day = addDays(localDate(eventAt, timeZone), offset);
  const at = instantOn(day, sendTime ?? localTime(eventAt, timeZone), timeZone);
  return at < eventAt ? eventAt : at;
}

/**
 * When a reminder before an appointment is due: `offset` minutes or hours before it starts, or
 * `offset` local days before its day, at `sendTime` when the automation has one, else at the
 * appointment's own wall-clock time.
 */
export function beforeAppointment(startAt: Date, offset: number, unit: AutomationOffsetUnit, sendTime: string | null, timeZone: string): Date {
  if (unit !== 'days') return new Date(startAt.getTime() - offsetMs(offset, unit));
  const day = addDays(localDate(startAt, timeZone), -offset);
  return instantOn(day, sendTime ?? localTime(startAt, timeZone), timeZone);
}

/**
 * The appointments a run of the clock must look at for a reminder before them: those whose
 * reminder is due in [since − SLACK, now + LEAD). Answers the range of their starts to read (wide
 * enough for the clock changes; `beforeAppointment` then tells each one's exact time) and the due
 * window, or null when no reminder can fall in it (a day-based one whose send time is not in it).
 */
export function upcomingWindow(
  since: Date,
  now: Date,
  offset: number,
  unit: AutomationOffsetUnit,
  sendTime: string | null,
  timeZone: string,
): { startFrom: Date; startTo: Date; dueFrom: Date; dueTo: Date } | null {
  const dueFrom = new Date(Math.min(since.getTime(), now.getTime()) - SLACK_MS);
  const dueTo = new Date(now.getTime() + LEAD_MS);
  if (unit !== 'days') {
    const ms = offsetMs(offset, unit);
    return { startFrom: new Date(dueFrom.getTime() + ms), startTo: new Date(dueTo.getTime() + ms), dueFrom, dueTo };
  }
  if (sendTime === null) {
    // N local days before at the same wall-clock time: N × 24 h, give or take a clock change's hour.
    const ms = offsetMs(offset, unit);
    return { startFrom: new Date(dueFrom.getTime() + ms - HOUR_MS), startTo: new Date(dueTo.getTime() + ms + HOUR_MS), dueFrom, dueTo };
  }
  // At sendTime N days before their day: every appointment of that day is due at once.
  const days = [...new Set([localDate(dueFrom, timeZone), localDate(dueTo, timeZone)])].filter((d) => {
    const at = instantOn(d, sendTime, timeZone);
    return at >= dueFrom && at < dueTo;
  });
  if (days.length === 0) return null;
  const first = addDays(days[0]!, offset);
  const last = addDays(days.at(-1)!, offset + 1);
  return { startFrom: startOfDay(first, timeZone), startTo: startOfDay(last, timeZone), dueFrom, dueTo };
}
