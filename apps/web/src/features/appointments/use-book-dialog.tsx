import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

// The dialog and the form behind it load when first asked for: a client's or patient's page opens without them.
const AppointmentDialog = lazy(() => import('./appointment-dialog').then((m) => ({ default: m.AppointmentDialog })));

interface Booking {
  clientId: string;
  patientId: string | null;
}

/**
 * "Book" from a client's or patient's page and from each living patient's row: the New appointment
 * dialog with the client (and the animal) filled in. Render `dialog` once next to the buttons.
 */
export function useBookDialog(): { book: (clientId: string, patientId?: string | null) => void; dialog: ReactNode } {
  const [booking, setBooking] = useState<Booking | null>(null);
  // The last booking stays while the dialog fades out.
  const [last, setLast] = useState<Booking | null>(null);
  const book = useCallback((clientId: string, patientId: string | null = null) => {
    const next = { clientId, patientId };
    setBooking(next);
    setLast(next);
  }, []);
  const dialog = useMemo(
    () =>
      last && (
        <Suspense fallback={null}>
          <AppointmentDialog open={booking !== null} clientId={last.clientId} patientId={last.patientId} onClose={() => setBooking(null)} />
        </Suspense>
      ),
    [booking, last],
  );
  return { book, dialog };
}
