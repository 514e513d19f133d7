import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { ScheduleNote, SidebarProvider } from '@willow/contracts';
import { buildGrid, buildMonth } from './calendar-model';
import type { CalendarEvent, ColumnModel, SlotItem } from './calendar-model';
import type { CalendarView } from './calendar-views';

interface LayoutInput {
  /** the location, view and date: a new key is a new range to measure */
  rangeKey: string;
  ready: boolean;
  view: CalendarView;
  days: string[];
  timeZone: string;
  events: CalendarEvent[];
  slots: SlotItem[];
  notes: ScheduleNote[];
  providers: readonly SidebarProvider[];
  selectedProviders: readonly string[];
}

/**
 * The month's cells or the grid's columns. The time it takes is measured ('calendar:events') the
 * first time each range is drawn with its data, from laying it out to the commit that has drawn
 * all of it: the month's own, the grid's last slice (it calls `drawn`); the benchmark reads it.
 */
export function useCalendarLayout({ rangeKey, ready, view, days, timeZone, events, slots, notes, providers, selectedProviders }: LayoutInput) {
  const measuredFor = useRef<string | null>(null);
  // The first layout of a range starts the measure: one recomputed while its slices are drawn does not restart it.
  const startedFor = useRef<string | null>(null);
  // The last grid's columns: buildGrid hands back those whose items did not change as they were, so only changed days are drawn again.
  const previousColumns = useRef<ReadonlyMap<string, ColumnModel>>(new Map());
  const layout = useMemo(() => {
    if (ready && measuredFor.current !== rangeKey && startedFor.current !== rangeKey) {
      startedFor.current = rangeKey;
      performance.mark('calendar:events-start');
    }
    if (view === 'month') return { month: buildMonth(days, timeZone, { events, slots, notes }), grid: null };
    const grid = buildGrid({ view, days, timeZone, events, slots, notes, providers, selectedProviders }, previousColumns.current);
    previousColumns.current = new Map(grid.columns.map((c) => [c.key, c]));
    return { month: null, grid };
  }, [ready, rangeKey, view, days, timeZone, events, slots, notes, providers, selectedProviders]);
  const drawn = useCallback(() => {
    if (!ready || measuredFor.current === rangeKey) return;
    measuredFor.current = rangeKey;
    performance.mark('calendar:events-end');
    try {
      performance.measure('calendar:events', 'calendar:events-start', 'calendar:events-end');
    } catch {
      // Without the start mark (cleared by someone else) there is nothing to measure.
    }
  }, [ready, rangeKey]);
  useLayoutEffect(() => {
    if (layout.month) drawn();
  }, [layout, drawn]);
  return { ...layout, drawn };
}
