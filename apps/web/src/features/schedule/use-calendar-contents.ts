import { useDeferredValue, useMemo } from 'react';
import { useSettings } from '../../lib/settings';
import { useErrorToast } from '../../lib/toasts';
import { useSavedScheduleFilters } from '../appointments/saved-filters';
import { appointmentVisible, effectiveStatuses, noteVisible, slotVisible } from './calendar-filters';
import type { CalendarFilters } from './calendar-filters';
import { toEvent, toSlotItem } from './calendar-model';
import { calendarSpan } from './calendar-navigation';
import type { CalendarView } from './calendar-views';
import { useCalendarData } from './schedule.api';
import { usePendingMoves } from './use-pending-moves';

const EMPTY: never[] = [];

/**
 * What the calendar shows for a location, view and date: the weeks loaded for it, filtered by the
 * filters saved in the browser, with the moves being saved applied.
 */
export function useCalendarContents(locationId: string, timeZone: string, view: CalendarView, anchor: string) {
  // ---- filters (saved in the browser's settings) ----
  const settings = useSettings();
  // Saved providers and services no longer offered are dropped (docs/decisions/0044); checked
  // against the saved location's lists, the whole account's under 'All Locations'.
  const saved = useSavedScheduleFilters();
  const statuses = useMemo(() => effectiveStatuses(settings.selectedStatuses), [settings.selectedStatuses]);
  const filters: CalendarFilters = useMemo(
    () => ({ providers: saved.providers, services: saved.services, statuses }),
    [saved.providers, saved.services, statuses],
  );

  // ---- data ----
  const { days, ranges } = useMemo(() => calendarSpan(view, anchor, timeZone), [view, anchor, timeZone]);
  const calendar = useCalendarData(locationId, ranges);
  // The week's answers are drawn in a background (transition) render that React splits into short
  // tasks: a query's answer otherwise re-renders the whole calendar in one long task. Until that
  // render has caught up, the calendar counts as not ready.
  const data = useDeferredValue(calendar.data);
  const providers = data.sidebar?.providers ?? EMPTY;
  const services = data.sidebar?.services ?? EMPTY;
  useErrorToast(calendar.sidebar.error, 'Error loading resources');
  const ready = !calendar.loading && data === calendar.data;

  const moves = usePendingMoves(data, calendar.data);
  const { appointments, pending } = moves;

  const events = useMemo(
    () => appointments.filter((a) => appointmentVisible(a, filters)).map((a) => toEvent(a, pending.get(a.id)?.done === false)),
    [appointments, filters, pending],
  );
  const serviceNames = useMemo(() => new Map(services.map((s) => [s.id, s])), [services]);
  const slots = useMemo(
    () => data.scheduleSlots.filter((s) => slotVisible(s, filters)).map((s) => toSlotItem(s, serviceNames)),
    [data.scheduleSlots, filters, serviceNames],
  );
  const notes = useMemo(() => data.scheduleNotes.filter((n) => noteVisible(n, filters)), [data.scheduleNotes, filters]);

  return {
    settings,
    filters,
    days,
    calendar,
    data,
    providers,
    services,
    ready,
    appointments,
    events,
    slots,
    notes,
    save: moves.save,
    overlapDialog: moves.overlapDialog,
  };
}
