import { localDateTimeToInstant, localMinutes } from '@willow/contracts';
import type { ScheduleSlot, SidebarProvider } from '@willow/contracts';
import type { AppointmentDraft } from '../appointments/appointment-form-values';
import { providersForNew } from './calendar-filters';
import { SNAP_MINUTES } from './day-layout';
import type { NoteDefaults } from './note-dialog';
import type { SlotDefaults } from './slot-dialog';

/** Where new slots and appointments start when nothing else says (wall-clock minutes). */
export const WORKDAY = { start: 9 * 60, end: 17 * 60 };
export const NEW_APPOINTMENT_MINUTES = 30;

/** The instant of a wall-clock time on a day in the zone. */
export const instantAt = (date: string, minutes: number, timeZone: string) => localDateTimeToInstant(date, minutes, timeZone).getTime();

/** The next quarter hour (the grid's snap) from now, or now when it is one. */
export const nextQuarter = (now: number) => Math.ceil(now / (SNAP_MINUTES * 60_000)) * SNAP_MINUTES * 60_000;

/**
 * The provider a calendar filtered to exactly one provider books for (a vet looking at their own
 * day), when that provider is one of the location's.
 */
export function soleProviderOf(selected: readonly string[], providers: readonly Pick<SidebarProvider, 'id'>[]): string | undefined {
  return selected.length === 1 && providers.some((p) => p.id === selected[0]) ? selected[0] : undefined;
}

/** The provider a schedule slot is for, when it names exactly one of the location's providers. */
export function slotProviderOf(slot: Pick<ScheduleSlot, 'veterinarianIds'> | null | undefined, providers: readonly Pick<SidebarProvider, 'id'>[]): string | undefined {
  const ids = slot?.veterinarianIds ?? [];
  return ids.length === 1 && providers.some((p) => p.id === ids[0]) ? ids[0] : undefined;
}

/**
 * A new appointment's draft. `providerId` is the column's provider in the providers view (null:
 * Unassigned); elsewhere it is undefined and the provider of the slot clicked in (when it names
 * one), else the sole provider filtered to, if any, is taken.
 */
export function appointmentDraftOf(input: {
  locationId: string;
  start: number;
  end: number;
  providerId: string | null | undefined;
  soleProvider: string | undefined;
  providers: readonly SidebarProvider[];
  /** the length was drawn, so choosing services keeps it */
  lengthChosen: boolean;
  /** the schedule slot clicked in */
  slot?: Pick<ScheduleSlot, 'veterinarianIds'> | null;
}): AppointmentDraft {
  const providerId = input.providerId === undefined ? (slotProviderOf(input.slot, input.providers) ?? input.soleProvider) : input.providerId;
  return {
    locationId: input.locationId,
    startAt: new Date(input.start).toISOString(),
    endAt: new Date(input.end).toISOString(),
    ...providersForNew(providerId, input.providers),
    lengthChosen: input.lengthChosen,
  };
}

/** Where the toolbar's New appointment starts: the next quarter hour today, the start of the workday on another day. */
export function toolbarAppointmentSpan(focusDate: string, today: string, timeZone: string, now: number): { start: number; end: number } {
  const start = focusDate === today ? nextQuarter(now) : instantAt(focusDate, WORKDAY.start, timeZone);
  return { start, end: start + NEW_APPOINTMENT_MINUTES * 60_000 };
}

/** Where the context menu was opened: a time in the grid, or a whole day in the month view (`start` null). */
export interface MenuPlace {
  date: string;
  start: number | null;
  providerId: string | null | undefined;
}

/**
 * What the context menu's entries start with: an appointment at the time clicked (the workday's
 * start for a day), an hour of slot there (the whole workday for a day), and a note for the column's provider.
 */
export function contextMenuDefaults(place: MenuPlace, timeZone: string): {
  appointment: { start: number; end: number; providerId: string | null | undefined };
  slot: SlotDefaults;
  note: NoteDefaults;
} {
  const start = place.start ?? instantAt(place.date, WORKDAY.start, timeZone);
  const wall = localMinutes(start, timeZone);
  return {
    appointment: { start, end: start + NEW_APPOINTMENT_MINUTES * 60_000, providerId: place.providerId },
    slot: place.start === null ? { date: place.date, ...WORKDAY } : { date: place.date, start: wall, end: Math.min(wall + 60, 1440) },
    note: { date: place.date, providerId: place.providerId ?? null },
  };
}
