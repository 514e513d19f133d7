import { useEffect, useRef } from 'react';
import type { Client } from '@willow/contracts';
import { onlyLivingPatient } from './appointment-form-options';
import type { PatientOption } from './appointment-form-options';
import type { AppointmentFormValues } from './appointment-form-values';

interface BookingAssistsInput {
  /** assists are for new appointments: an existing one keeps what it holds */
  active: boolean;
  values: AppointmentFormValues;
  set: <K extends keyof AppointmentFormValues>(key: K, value: AppointmentFormValues[K]) => void;
  /** the chosen client's record, once read */
  client: Client | undefined;
  /** the chosen client's animals, once read for that client (undefined while they load) */
  patients: readonly PatientOption[] | undefined;
}

/**
 * What the form fills in for the front desk as a booking takes shape, each once per client so a
 * person's own change is never undone: the client's only living animal, and the client's address
 * for a home visit (switched on by a home service, or by hand before the client was chosen).
 */
export function useBookingAssists({ active, values: v, set, client, patients }: BookingAssistsInput) {
  // A booking that starts with its animal (Book on a patient) already has it.
  const pickedFor = useRef<string | null>(v.patientIds.length ? v.clientId : null);
  const addressFor = useRef<string | null>(null);

  useEffect(() => {
    if (!active || !v.clientId || !patients || pickedFor.current === v.clientId) return;
    pickedFor.current = v.clientId;
    const only = onlyLivingPatient(patients);
    if (only && v.patientIds.length === 0) set('patientIds', [only]);
  }, [active, v.clientId, v.patientIds.length, patients, set]);

  useEffect(() => {
    if (!v.homeVisit || v.address.trim() || !client?.address || client.id !== v.clientId || addressFor.current === v.clientId) return;
    addressFor.current = v.clientId;
    set('address', client.address);
  }, [v.homeVisit, v.address, v.clientId, client, set]);

  /** The home visit was switched on by hand with the address filled then: it is not filled again. */
  const filledBy = (clientId: string) => {
    addressFor.current = clientId;
  };
  return { filledBy };
}
