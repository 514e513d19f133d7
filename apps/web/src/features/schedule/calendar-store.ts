import { addDays, startOfLocalDay } from '@willow/contracts';
import type { Appointment, ScheduleNote, ScheduleSlot, Sidebar } from '@willow/contracts';
import { startOfWeek } from './calendar-views';

/** An instant range [startDate, endDate) as the calendar calls ask for it (ISO 8601, UTC). */
export interface LoadedRange {
  startDate: string;
  endDate: string;
}

/**
 * The calendar's data: slots, notes and appointments. Ranges are loaded a local week at a time, so moving on by a week or
 * switching views asks only for the weeks not loaded yet; each loaded week is kept and the lists
 * are their union, de-duplicated by id (an overnight appointment belongs to two weeks).
 */
export interface CalendarData {
  scheduleSlots: ScheduleSlot[];
  scheduleNotes: ScheduleNote[];
  appointments: Appointment[];
  sidebar: Sidebar | undefined;
  loadedRanges: LoadedRange[];
}

/** The local weeks (Sunday to Sunday, in the location's zone) that cover the given days. */
export function weekRanges(days: readonly string[], timeZone: string): LoadedRange[] {
  const starts = [...new Set(days.map(startOfWeek))].sort();
  return starts.map((sunday) => ({
    startDate: startOfLocalDay(sunday, timeZone).toISOString(),
    endDate: startOfLocalDay(addDays(sunday, 7), timeZone).toISOString(),
  }));
}

/** Ranges of `wanted` that `loaded` does not hold yet. */
export function missingRanges(loaded: readonly LoadedRange[], wanted: readonly LoadedRange[]): LoadedRange[] {
  const have = new Set(loaded.map((r) => `${r.startDate}|${r.endDate}`));
  return wanted.filter((r) => !have.has(`${r.startDate}|${r.endDate}`));
}

/**
 * Appends lists loaded for several ranges, one entry per id. When two ranges hold the same record
 * (one was refetched after a change, the other still has the old copy) the newer updatedAt wins.
 */
export function mergeById<T extends { id: string; updatedAt: string }>(lists: readonly (readonly T[] | undefined)[]): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) {
    for (const item of list ?? []) {
      const held = byId.get(item.id);
      if (!held || held.updatedAt <= item.updatedAt) byId.set(item.id, item);
    }
  }
  return [...byId.values()];
}
