import { useCallback, useMemo } from 'react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  createScheduleSlot,
  deleteScheduleSlot,
  listAppointments,
  listSchedule,
  MAX_APPOINTMENT_LIMIT,
  scheduleNoteOps,
  updateAvailability,
  updateScheduleSlot,
} from '@willow/contracts';
import type { Appointment, ScheduleRange } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { mutationOf, useInvalidate } from '../../lib/mutation-of';
import { appointmentKeys, scheduleKeys } from '../../lib/query-keys';
import { useScheduleSidebar } from '../appointments/appointments.api';
import { mergeById, missingRanges } from './calendar-store';
import type { CalendarData, LoadedRange } from './calendar-store';

type AppointmentPage = { items: Appointment[]; total: number };

const firstError = (results: readonly UseQueryResult<unknown>[]) => results.find((r) => r.error)?.error ?? null;

/**
 * The calendar data of the location for the given weeks (see calendar-store): each week is a query
 * of its own, so weeks already loaded come from the cache and only the others are fetched; the lists
 * are their union. Any change anywhere invalidates scheduleKeys.all / appointmentKeys.all, which
 * refetches the weeks on screen.
 */
export function useCalendarData(locationId: string | null, ranges: readonly LoadedRange[]) {
  const schedule = useQueries({
    queries: ranges.map((range) => ({
      queryKey: scheduleKeys.range({ locationId, ...range }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(listSchedule, { query: { ...range, locationId: locationId ?? undefined }, signal }),
      enabled: Boolean(locationId),
    })),
    combine: useCallback(
      (results: UseQueryResult<ScheduleRange>[]) => ({
        results,
        scheduleSlots: mergeById(results.map((r) => r.data?.scheduleSlots)),
        scheduleNotes: mergeById(results.map((r) => r.data?.scheduleNotes)),
      }),
      [],
    ),
  });
  const appointments = useQueries({
    queries: ranges.map((range) => ({
      queryKey: appointmentKeys.range({ locationId, ...range }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(listAppointments, {
          query: { ...range, locationId: locationId ?? undefined, limit: MAX_APPOINTMENT_LIMIT },
          signal,
        }),
      enabled: Boolean(locationId),
    })),
    combine: useCallback(
      (results: UseQueryResult<AppointmentPage>[]) => ({
        results,
        appointments: mergeById(results.map((r) => r.data?.items)),
        // A week holding more than the limit shows its first appointments only; the page says so.
        truncated: results.some((r) => r.data && r.data.total > r.data.items.length),
      }),
      [],
    ),
  });
  // The calendar is always one location's: no account-wide answer while none is chosen.
  const sidebar = useScheduleSidebar(locationId, Boolean(locationId));

  const loadedRanges = useMemo(
    () => ranges.filter((_, i) => schedule.results[i]?.data && appointments.results[i]?.data),
    [ranges, schedule.results, appointments.results],
  );
  const data: CalendarData = useMemo(
    () => ({
      scheduleSlots: schedule.scheduleSlots,
      scheduleNotes: schedule.scheduleNotes,
      appointments: appointments.appointments,
      sidebar: sidebar.data,
      loadedRanges,
    }),
    [schedule.scheduleSlots, schedule.scheduleNotes, appointments.appointments, sidebar.data, loadedRanges],
  );
  const all = [...schedule.results, ...appointments.results];
  const queryClient = useQueryClient();
  const retry = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: scheduleKeys.all, type: 'active' });
    void queryClient.refetchQueries({ queryKey: appointmentKeys.all, type: 'active' });
  }, [queryClient]);
  return {
    data,
    sidebar,
    /** some week on screen has not arrived yet */
    loading: Boolean(locationId) && missingRanges(loadedRanges, ranges).length > 0,
    fetching: all.some((r) => r.isFetching),
    error: firstError(all),
    truncated: appointments.truncated,
    retry,
  };
}

/*
 * Slots and notes show on the calendar only (its ranges bring them) beside the appointments: a change
 * refreshes every view of slots, notes and appointments, and settles once they have been refreshed.
 */
const CALENDAR_CHANGE = [scheduleKeys.all, appointmentKeys.all];
const calendarChange = { keys: scheduleKeys, invalidates: CALENDAR_CHANGE, awaitInvalidation: true };
const slotHooks = crudHooks({ ops: { create: createScheduleSlot, update: updateScheduleSlot }, ...calendarChange });
const noteHooks = crudHooks({ ops: scheduleNoteOps, ...calendarChange });

/**
 * Refreshes every view of slots, notes and appointments, for changes made by other hooks: an
 * appointment moved on the calendar (its own hook refreshes without waiting; the move waits for
 * the week), providers' availability changed in a batch of calls (refreshed once after all of
 * them, those that failed too: the others have changed it).
 */
export function useRefreshCalendar() {
  return useInvalidate(CALENDAR_CHANGE);
}

export const { useCreate: useCreateSlot, useUpdate: useUpdateSlot } = slotHooks;

/** Deletes a slot, or it and the later slots of its series. */
export const useDeleteSlot = mutationOf(deleteScheduleSlot, {
  request: ({ id, series }: { id: string; series: 'one' | 'following' }) => ({ params: { id }, query: { series } }),
  invalidates: CALENDAR_CHANGE,
  awaitInvalidation: true,
});

/**
 * Marks providers available (or no longer) at slot start times, one call per provider and time.
 * The caller refreshes the calendar once afterwards: slots list who is available.
 */
export function useSlotAvailability() {
  return useMutation({
    mutationFn: (changes: readonly { veterinarianId: string; startAt: string; action: 'add' | 'remove' }[]) =>
      runLimited(changes, 4, (c) =>
        api(updateAvailability, {
          params: { id: c.veterinarianId },
          body: { data: { type: 'scheduleSlot', veterinarianId: c.veterinarianId, startAt: c.startAt, action: c.action } },
        }),
      ),
  });
}

/** Runs `task` over `items` with at most `limit` at a time; rejects with the first failure after all settle. */
async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

export const { useCreate: useCreateNote, useUpdate: useUpdateNote, useRemove: useDeleteNote } = noteHooks;
