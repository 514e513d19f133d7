import { lazy, Suspense, useState } from 'react';
import type { ScheduleNote, ScheduleSlot, Service, SidebarProvider } from '@willow/contracts';
import type { AppointmentDraft } from '../appointments/appointment-form-values';
import { NoteDialog } from './note-dialog';
import type { NoteDefaults } from './note-dialog';
import { SlotDialog } from './slot-dialog';
import type { SlotDefaults } from './slot-dialog';

/**
 * The dialog (and its form fields) loads after the calendar has been drawn, in a task of its own,
 * instead of lengthening the one that draws the calendar.
 */
const AppointmentDialog = lazy(() => import('../appointments/appointment-dialog').then((m) => ({ default: m.AppointmentDialog })));

/** A dialog keeps its value while it closes, so it does not empty itself during the fade-out. */
interface DialogState<T> {
  open: boolean;
  value: T;
}
const closed = <T,>(d: DialogState<T>): DialogState<T> => ({ ...d, open: false });

/** The calendar's three dialogs: an appointment, schedule slots, a note; each opened on one to edit or a new one's defaults. */
export function useCalendarDialogs() {
  const [appointment, setAppointment] = useState<DialogState<{ id: string | null; draft: AppointmentDraft | null }>>({
    open: false,
    value: { id: null, draft: null },
  });
  const [slot, setSlot] = useState<DialogState<{ slot: ScheduleSlot | null; defaults: SlotDefaults | null }>>({
    open: false,
    value: { slot: null, defaults: null },
  });
  const [note, setNote] = useState<DialogState<{ note: ScheduleNote | null; defaults: NoteDefaults | null }>>({
    open: false,
    value: { note: null, defaults: null },
  });
  return {
    appointment,
    slot,
    note,
    openAppointment: (id: string) => setAppointment({ open: true, value: { id, draft: null } }),
    newAppointment: (draft: AppointmentDraft) => setAppointment({ open: true, value: { id: null, draft } }),
    openSlot: (existing: ScheduleSlot) => setSlot({ open: true, value: { slot: existing, defaults: null } }),
    newSlots: (defaults: SlotDefaults) => setSlot({ open: true, value: { slot: null, defaults } }),
    openNote: (existing: ScheduleNote) => setNote({ open: true, value: { note: existing, defaults: null } }),
    newNote: (defaults: NoteDefaults) => setNote({ open: true, value: { note: null, defaults } }),
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
  return (
    <>
      <Suspense fallback={null}>
        <AppointmentDialog
          open={dialogs.appointment.open}
          onClose={dialogs.closeAppointment}
          appointmentId={dialogs.appointment.value.id}
          draft={dialogs.appointment.value.draft}
        />
      </Suspense>
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
      <NoteDialog
        open={dialogs.note.open}
        onClose={dialogs.closeNote}
        locationId={locationId}
        providers={providers}
        note={dialogs.note.value.note}
        defaults={dialogs.note.value.defaults}
      />
    </>
  );
}
