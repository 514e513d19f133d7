import { localDateTimeToInstant, localMinutes } from '@willow/contracts';
import type { Appointment, AppointmentUpdateInput, SidebarProvider } from '@willow/contracts';
import { providersForColumn } from './calendar-filters';
import type { CalendarEvent } from './calendar-model';
import type { GridActions } from './time-grid';

const iso = (instant: number) => new Date(instant).toISOString();

/**
 * The update a drop on the time grid asks for: the new times, and in the providers view the
 * provider change of the column it was dropped on. Null when the drop changes nothing.
 */
export function movePatch(
  event: CalendarEvent,
  target: Parameters<GridActions['onMove']>[1],
  providers: readonly SidebarProvider[],
): AppointmentUpdateInput | null {
  const assigned = target.columns ? providersForColumn(event.appointment, target.columns.from, target.columns.to, providers) : null;
  if (target.start === event.start && !assigned) return null;
  return { startAt: iso(target.start), endAt: iso(target.end), ...assigned };
}

/** The update a resize asks for: the start stays, the end moves. */
export const resizePatch = (end: number): AppointmentUpdateInput => ({ endAt: iso(end) });

/**
 * The update a drop on another day of the month view asks for: the same wall-clock time there,
 * whatever that day's offset, and the same length.
 */
export function moveToDayPatch(event: CalendarEvent, date: string, timeZone: string): AppointmentUpdateInput {
  const start = localDateTimeToInstant(date, localMinutes(event.start, timeZone), timeZone).getTime();
  return { startAt: iso(start), endAt: iso(start + event.end - event.start) };
}

/** A change being saved; `done` once the save has finished (whether or not it was accepted). */
export interface PendingMove {
  patch: Partial<Appointment>;
  done: boolean;
}
export type PendingMoves = ReadonlyMap<string, PendingMove>;

/** The appointments with the changes being saved applied, so a moved block stays where it was dropped. */
export function withPendingMoves(appointments: Appointment[], pending: PendingMoves): Appointment[] {
  if (!pending.size) return appointments;
  return appointments.map((a) => {
    const entry = pending.get(a.id);
    return entry ? { ...a, ...entry.patch } : a;
  });
}

export const hasSettled = (pending: PendingMoves) => [...pending.values()].some((e) => e.done);

export const withoutSettled = (pending: PendingMoves): PendingMoves => new Map([...pending].filter(([, e]) => !e.done));

/** The save of `entry` finished. Only that entry is marked: a second move of the same block may have replaced it meanwhile. */
export const settle = (pending: PendingMoves, id: string, entry: PendingMove): PendingMoves =>
  pending.get(id) === entry ? new Map(pending).set(id, { ...entry, done: true }) : pending;
