import { useEffect, useMemo, useState } from 'react';
import type { Appointment, AppointmentUpdateInput } from '@willow/contracts';
import { useOverlapAwareUpdate } from '../appointments/use-overlap-aware-save';
import type { CalendarEvent } from './calendar-model';
import { hasSettled, settle, withoutSettled, withPendingMoves } from './calendar-moves';
import type { PendingMoves } from './calendar-moves';
import type { CalendarData } from './calendar-store';
import { useRefreshCalendar } from './schedule.api';

/**
 * Appointments being saved show at their new place until the refreshed week is drawn. A finished
 * save stays in the map (`done`) until the deferred week (`shown`) has caught up with the refreshed
 * one (`latest`): dropping it at once would draw the old week for a moment, the block jumping back.
 */
export function usePendingMoves(shown: CalendarData, latest: CalendarData) {
  const [pending, setPending] = useState<PendingMoves>(() => new Map());
  const appointments = useMemo(() => withPendingMoves(shown.appointments, pending), [shown.appointments, pending]);
  useEffect(() => {
    if (shown !== latest || !hasSettled(pending)) return;
    setPending(withoutSettled);
  }, [shown, latest, pending]);

  const { update, dialog: overlapDialog } = useOverlapAwareUpdate();
  const refresh = useRefreshCalendar();
  const save = async (event: CalendarEvent, patch: AppointmentUpdateInput) => {
    const entry = { patch: patch as Partial<Appointment>, done: false };
    setPending((m) => new Map(m).set(event.id, entry));
    try {
      // The server checks the move (overlaps, times); the hook asks for a reason on an overlap and toasts failures.
      if (await update(event.id, patch)) await refresh();
    } finally {
      setPending((m) => settle(m, event.id, entry));
    }
  };

  return { appointments, pending, save, overlapDialog };
}
