import { startOfLocalDay, zoneAbbreviation } from '@willow/contracts';
import type { ShortcutAction } from './calendar-shortcuts';
import { weekRanges } from './calendar-store';
import type { LoadedRange } from './calendar-store';
import { isCalendarView, isLocalDate, stepAnchor, viewDays } from './calendar-views';
import type { CalendarView } from './calendar-views';
import { dayFrame } from './day-frame';

/** Where the calendar is: the view and the date it is anchored on. */
export interface CalendarPosition {
  view: CalendarView;
  anchor: string;
}

/** A move of the calendar: a part left out stays as it is. */
export interface CalendarMove {
  view?: CalendarView;
  date?: string;
}

/**
 * The position the address (?view=…&date=…) asks for. Without a valid view, small screens show a
 * day (a week does not fit) and others a week; without a valid date, today.
 */
export function calendarPosition(viewParam: string | null, dateParam: string | null, small: boolean, today: string): CalendarPosition {
  return {
    view: isCalendarView(viewParam) ? viewParam : small ? 'day' : 'week',
    anchor: isLocalDate(dateParam) ? dateParam : today,
  };
}

/** The address's parameters after a move; the others it holds are kept. */
export function withPosition(params: URLSearchParams, next: CalendarMove): URLSearchParams {
  const p = new URLSearchParams(params);
  if (next.view) p.set('view', next.view);
  if (next.date) p.set('date', next.date);
  return p;
}

/** The move a keyboard shortcut asks for. */
export function shortcutMove(action: ShortcutAction, { view, anchor }: CalendarPosition, today: string): CalendarMove {
  if (action.type === 'today') return { date: today };
  if (action.type === 'step') return { date: stepAnchor(view, anchor, action.direction) };
  return { view: action.view };
}

/** The days a view shows and the ranges loaded for them: whole local weeks (see calendar-store). */
export function calendarSpan(view: CalendarView, anchor: string, timeZone: string): { days: string[]; ranges: LoadedRange[] } {
  const days = viewDays(view, anchor);
  return { days, ranges: weekRanges(days, timeZone) };
}

/** Where the toolbar's New appointment, Add slots and Add note start: today when it is shown, else the anchor. */
export const focusDateOf = (days: readonly string[], today: string, anchor: string) => (days.includes(today) ? today : anchor);

/**
 * The toolbar's note of the zone the times are in, with both abbreviations when the days shown
 * cross a daylight-saving change, e.g. 'Times in America/New_York (EDT / EST)'.
 */
export function zoneLabelOf(days: readonly string[], timeZone: string): string {
  const from = zoneAbbreviation(startOfLocalDay(days[0]!, timeZone), timeZone);
  const to = zoneAbbreviation(dayFrame(days.at(-1)!, timeZone).end - 1, timeZone);
  return `Times in ${timeZone} (${from === to ? from : `${from} / ${to}`})`;
}
