import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { calendarPosition, withPosition } from './calendar-navigation';
import type { CalendarMove } from './calendar-navigation';
import { todayIn } from './calendar-views';

/**
 * The calendar's view and date, kept in the address so that a reload or a shared link shows the
 * same; `go` replaces the entry rather than adding one per step.
 */
export function useCalendarNavigation(timeZone: string, small: boolean) {
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const { view, anchor } = calendarPosition(params.get('view'), params.get('date'), small, today);
  const go = useCallback((next: CalendarMove) => setParams((prev) => withPosition(prev, next), { replace: true }), [setParams]);
  return { view, anchor, today, go };
}
