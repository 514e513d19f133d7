import { lazy, Suspense, useState } from 'react';
import type { ScheduleNote, ScheduleSlot, Service, SidebarProvider } from '@willow/contracts';
import type { AppointmentDraft } from '../appointments/appointment-form-values';
import type { NoteDefaults } from './note-dialog';
import type { SlotDefaults } from './slot-dialog';

/** One import of a module, shared by its lazy component and the prefetch; a failed one is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

// The dialogs (the appointment's brings its form, billing and tasks: about fifty files) load when one
// is first opened, or when the pointer or the focus comes onto the calendar (prefetchCalendarDialogs):
// drawing the calendar needs none of them (docs/decisions/0244).
const loadAppointmentDialog = once(() => import('../appointments/appointment-dialog'));
const loadSlotDialog = once(() => import('./slot-dialog'));
const loadNoteDialog = once(() => import('./note-dialog'));
const AppointmentDialog = lazy(() => loadAppointmentDialog().then((m) => ({ default: m.AppointmentDialog })));
const SlotDialog = lazy(() => loadSlotDialog().then((m) => ({ default: m.SlotDialog })));
const NoteDialog = lazy(() => loadNoteDialog().then((m) => ({ default: m.NoteDialog })));

/** Starts loading the calendar's dialogs, so the one a click opens is there by then. */
export function prefetchCalendarDialogs(): void {
  // A failed prefetch is not the person's concern: opening the dialog tries again and shows its own failure.
  for (const load of [loadAppointmentDialog, loadSlotDialog, loadNoteDialog]) load().catch(() => undefined);
}

/**
 * A dialog keeps its value while it closes, so it does not empty itself during the fade-out; `used`
 * once it has been opened, it stays rendered from then on (not loaded before it is first wanted).
 */
interface DialogState<T> {
  open: boolean;
  used: boolean;
  value: T;
}
const closed = <T,>(d: DialogState<T>): DialogState<T> => ({ ...d, open: false });
const opened = <T,>(value: T): DialogState<T> => ({ open: true, used: true, value });

/** The calendar's three dialogs: an appointment, schedule slots, a note; each opened on one to edit or a new one's defaults. */
export function useCalendarDialogs() {
  const [appointment, setAppointment] = useState<DialogState<{ id: string | null; draft: AppointmentDraft | null }>>({
    open: false,
    used: false,
    value: { id: null, draft: null },
  });
  const [slot, setSlot] = useState<DialogState<{ slot: ScheduleSlot | null; defaults: SlotDefaults | null }>>({
    open: false,
    used: false,
    value: { slot: null, defaults: null },
  });
  const [note, setNote] = useState<DialogState<{ note: ScheduleNote | null; defaults: NoteDefaults | null }>>({
    open: false,
    used: false,
    value: { note: null, defaults: null },
  });
  return {
    appointment,
    slot,
    note,
    openAppointment: (id: string) => setAppointment(opened({ id, draft: null })),
    newAppointment: (draft: AppointmentDraft) => setAppointment(opened({ id: null, draft })),
    openSlot: (existing: ScheduleSlot) => setSlot(opened({ slot: existing, defaults: null })),
    newSlots: (defaults: SlotDefaults) => setSlot(opened({ slot: null, defaults })),
    openNote: (existing: ScheduleNote) => setNote(opened({ note: existing, defaults: null })),
    newNote: (defaults: NoteDefaults) => setNote(opened({ note: null, defaults })),
    closeAppointment: () => setAppointment(closed),
    closeSlot: () => setSlot(closed),
    closeNote: () => setNote(closed),
  };
}

export type CalendarDialogsState = ReturnType<typeof useCalendarDialogs>;

interface CalendarDialogsProps {
  dialogs: CalendarDialogsState;
  locationId: string;
  timeZone: string;
  providers: readonly SidebarProvider[];
  services: readonly Service[];
}

export function CalendarDialogs({ dialogs, locationId, timeZone, providers, services }: CalendarDialogsProps) {
  // A boundary each: one dialog still loading must not hide another that is open.
  return (
    <>
      {dialogs.appointment.used && (
        <Suspense fallback={null}>
          <AppointmentDialog
            open={dialogs.appointment.open}
            onClose={dialogs.closeAppointment}
            appointmentId={dialogs.appointment.value.id}
            draft={dialogs.appointment.value.draft}
          />
        </Suspense>
      )}
      {dialogs.slot.used && (
        <Suspense fallback={null}>
          <SlotDialog
            open={dialogs.slot.open}
            onClose={dialogs.closeSlot}
            locationId={locationId}
            timeZone={timeZone}
            providers={providers}
            services={services}
            slot={dialogs.slot.value.slot}
            defaults={dialogs.slot.value.defaults}
          />
        </Suspense>
      )}
      {dialogs.note.used && (
        <Suspense fallback={null}>
          <NoteDialog
            open={dialogs.note.open}
            onClose={dialogs.closeNote}
            locationId={locationId}
            providers={providers}
            note={dialogs.note.value.note}
            defaults={dialogs.note.value.defaults}
          />
        </Suspense>
      )}
    </>
  );
}
