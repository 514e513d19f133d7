import { useMemo, useRef } from 'react';
import type { MonthActions } from './month-view';
import type { GridActions } from './time-grid';

export type CalendarActions = GridActions & MonthActions;

/**
 * One actions object for the calendar's whole life, each call reaching the handlers of the latest
 * render: the memoised columns and days of the grid and the month view take these functions as
 * props, and would otherwise be drawn again on every render of the page.
 */
export function useCalendarActions(handlers: CalendarActions): CalendarActions {
  const latest = useRef<CalendarActions>(handlers);
  latest.current = handlers;
  return useMemo<CalendarActions>(
    () => ({
      onCreate: (r) => latest.current.onCreate(r),
      onOpen: (id) => latest.current.onOpen(id),
      onMove: (e, t) => latest.current.onMove(e, t),
      onResize: (e, end) => latest.current.onResize(e, end),
      onMoveToDay: (e, d) => latest.current.onMoveToDay(e, d),
      onContext: (at) => latest.current.onContext(at),
      onDayMenu: (at) => latest.current.onDayMenu(at),
      onOpenSlot: (s) => latest.current.onOpenSlot(s),
      onOpenNote: (n) => latest.current.onOpenNote(n),
      onOpenDay: (d) => latest.current.onOpenDay(d),
    }),
    [],
  );
}
