import { END_OF_LIFE_SERVICE_TYPES, STATUS_COLOURS } from '@willow/contracts';
import type { Appointment, BadgeColour, ScheduleNote, ScheduleSlot, Service, SidebarProvider } from '@willow/contracts';
import { groupBy, itemsByDay, layoutDay } from './day-layout';
import type { PlacedItem, TimedItem } from './day-layout';
import { dayFrame, sameHours } from './day-frame';
import type { DayFrame, HourLine } from './day-frame';
import { OTHER, providerColumnOf, providerColumns, providerName, UNASSIGNED } from './calendar-filters';
import type { CalendarView } from './calendar-views';

/** An appointment as the calendar draws it, with its texts worked out once. */
export interface CalendarEvent extends TimedItem {
  appointment: Appointment;
  colour: BadgeColour;
  client: string;
  patients: string;
  services: string;
  /** one of its services is a home visit */
  homeVisit: boolean;
  /** one of its services is euthanasia, cremation or aftercare */
  endOfLife: boolean;
  /** its patients' alerts (e.g. 'bites'), each once */
  alerts: string[];
  /** shown at its new place while the change is being saved */
  saving: boolean;
}

export interface SlotItem extends TimedItem {
  slot: ScheduleSlot;
  services: string;
}

const events = new WeakMap<Appointment, CalendarEvent>();
/** The drawn form of an appointment; cached per object, so unchanged appointments cost nothing on a re-render. */
export function toEvent(a: Appointment, saving = false): CalendarEvent {
  const hit = events.get(a);
  if (hit && hit.saving === saving) return hit;
  const event: CalendarEvent = {
    id: a.id,
    start: Date.parse(a.startAt),
    end: Date.parse(a.endAt),
    appointment: a,
    colour: STATUS_COLOURS[a.status],
    client: `${a.client.firstName} ${a.client.lastName}`.trim(),
    patients: a.patients.map((p) => p.name).join(', '),
    services: a.services.map((s) => s.name).join(', '),
    homeVisit: a.services.some((s) => s.type === 'Home Visit'),
    endOfLife: a.services.some((s) => (END_OF_LIFE_SERVICE_TYPES as readonly string[]).includes(s.type)),
    // Older answers (and fixtures) may lack alerts; an alert missing is safer shown as none than a crash.
    alerts: [...new Set(a.patients.flatMap((p) => p.alerts ?? []))],
    saving,
  };
  events.set(a, event);
  return event;
}

export function toSlotItem(slot: ScheduleSlot, services: ReadonlyMap<string, Pick<Service, 'name'>>): SlotItem {
  return {
    id: slot.id,
    start: Date.parse(slot.startAt),
    end: Date.parse(slot.endAt),
    slot,
    services: slot.serviceIds.length
      ? slot.serviceIds.map((id) => services.get(id)?.name ?? 'Service').join(', ')
      : 'Any service',
  };
}

/** One column of the time grid: a day, or in the providers view one provider's day. */
export interface ColumnModel {
  key: string;
  date: string;
  frame: DayFrame;
  /** providers view: the provider (or UNASSIGNED / OTHER) the column is for */
  providerId: string | null;
  label: string;
  events: PlacedItem<CalendarEvent>[];
  slots: PlacedItem<SlotItem>[];
  notes: ScheduleNote[];
  /** what each column was built from, to reuse it when nothing changed */
  inputs: { events: readonly CalendarEvent[]; slots: readonly SlotItem[]; notes: readonly ScheduleNote[] };
}

export interface GridModel {
  columns: ColumnModel[];
  /** hour lines of the time gutter (a plain day's, when the view has one) */
  gutter: HourLine[];
  /** the longest column, in minutes (1500 when a 25-hour day is on screen) */
  minutes: number;
  /** providers view: notes about the whole location that day */
  sharedNotes: ScheduleNote[];
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

interface GridInput {
  view: Exclude<CalendarView, 'month'>;
  days: readonly string[];
  timeZone: string;
  events: readonly CalendarEvent[];
  slots: readonly SlotItem[];
  notes: readonly ScheduleNote[];
  providers: readonly SidebarProvider[];
  selectedProviders: readonly string[];
}

/**
 * Columns for the day, week and providers views with their items laid out. A column whose items
 * did not change since `previous` is returned as the same object, so only changed days are laid
 * out and drawn again.
 */
export function buildGrid(input: GridInput, previous?: ReadonlyMap<string, ColumnModel>): GridModel {
  const frames = input.days.map((d) => dayFrame(d, input.timeZone));
  const eventsByDay = itemsByDay(frames, input.events);
  const slotsByDay = itemsByDay(frames, input.slots);
  const specs: { key: string; date: string; frame: DayFrame; providerId: string | null; label: string; events: CalendarEvent[]; slots: SlotItem[]; notes: ScheduleNote[] }[] = [];
  let sharedNotes: ScheduleNote[] = [];

  if (input.view === 'providers') {
    const frame = frames[0]!;
    const dayEvents = eventsByDay[0] ?? [];
    const columns = providerColumns(input.providers, input.selectedProviders, dayEvents.map((e) => e.appointment));
    const shown = new Set(columns.filter((c) => c.id !== UNASSIGNED && c.id !== OTHER).map((c) => c.id));
    const byColumn = groupBy(dayEvents, (e) => providerColumnOf(e.appointment, shown));
    const dayNotes = input.notes.filter((n) => n.date === frame.date);
    sharedNotes = dayNotes.filter((n) => n.providerId === null || !shown.has(n.providerId));
    for (const c of columns) {
      const isProvider = shown.has(c.id);
      specs.push({
        key: `${frame.date}|${c.id}`,
        date: frame.date,
        frame,
        providerId: c.id,
        label: c.label,
        events: byColumn.get(c.id) ?? [],
        // A slot nobody is marked for is open to every provider.
        slots: isProvider
          ? (slotsByDay[0] ?? []).filter((s) => !s.slot.veterinarianIds.length || s.slot.veterinarianIds.includes(c.id))
          : [],
        notes: isProvider ? dayNotes.filter((n) => n.providerId === c.id) : [],
      });
    }
  } else {
    frames.forEach((frame, i) => {
      specs.push({
        key: frame.date,
        date: frame.date,
        frame,
        providerId: null,
        label: frame.date,
        events: eventsByDay[i] ?? [],
        slots: slotsByDay[i] ?? [],
        notes: input.notes.filter((n) => n.date === frame.date),
      });
    });
  }

  const columns = specs.map((spec): ColumnModel => {
    const held = previous?.get(spec.key);
    if (
      held &&
      held.frame === spec.frame &&
      held.label === spec.label &&
      sameList(held.inputs.events, spec.events) &&
      sameList(held.inputs.slots, spec.slots) &&
      sameList(held.inputs.notes, spec.notes)
    )
      return held;
    return {
      key: spec.key,
      date: spec.date,
      frame: spec.frame,
      providerId: spec.providerId,
      label: spec.label,
      events: layoutDay(spec.frame, spec.events),
      slots: layoutDay(spec.frame, spec.slots),
      notes: spec.notes,
      inputs: { events: spec.events, slots: spec.slots, notes: spec.notes },
    };
  });
  const regular = frames.find((f) => f.minutes === 1440 && f.startWall === 0) ?? frames[0]!;
  return {
    columns,
    gutter: regular.hours,
    minutes: Math.max(...frames.map((f) => f.minutes)),
    sharedNotes,
  };
}

/** Whether a column draws its own hour labels (its hour lines differ from the gutter's). */
export const ownHourLabels = (column: ColumnModel, gutter: readonly HourLine[]) => !sameHours(column.frame.hours, gutter);

/** Who a provider's note is about, for the note's label. */
export function noteAuthorLabel(note: ScheduleNote, providers: readonly SidebarProvider[]): string | null {
  if (note.providerId === null) return null;
  const p = providers.find((x) => x.id === note.providerId);
  return p ? providerName(p) : null;
}

/** A day of the month view. */
export interface MonthCell {
  date: string;
  frame: DayFrame;
  /** appointments touching the day, in start order */
  events: CalendarEvent[];
  slots: number;
  notes: ScheduleNote[];
}

export function buildMonth(
  days: readonly string[],
  timeZone: string,
  items: { events: readonly CalendarEvent[]; slots: readonly SlotItem[]; notes: readonly ScheduleNote[] },
): MonthCell[] {
  const frames = days.map((d) => dayFrame(d, timeZone));
  const eventsByDay = itemsByDay(frames, items.events);
  const slotsByDay = itemsByDay(frames, items.slots);
  const notesByDay = groupBy(items.notes, (n) => n.date);
  return frames.map((frame, i) => ({
    date: frame.date,
    frame,
    events: [...(eventsByDay[i] ?? [])].sort((a, b) => a.start - b.start || b.end - a.end || (a.id < b.id ? -1 : 1)),
    slots: slotsByDay[i]?.length ?? 0,
    notes: notesByDay.get(frame.date) ?? [],
  }));
}
