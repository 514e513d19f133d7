import { memo } from 'react';
import type { Client } from '@willow/contracts';
import type { FieldErrors } from '../../lib/zod-errors';
import { ClientPicker } from '../clients/client-picker';
import type { PatientOption } from './appointment-form-options';
import { AppointmentClientCard } from './appointment-client-card';
import { AppointmentPatients } from './appointment-patients';
import { PatientsInput } from './patients-input';

interface AppointmentClientSectionProps {
  clientId: string;
  /** the chosen client's record, once read: their phone and notes are shown */
  client: Client | undefined;
  /** a new appointment without a client: the name can be typed at once */
  autoFocus: boolean;
  /** the appointment's location: clients are searched there */
  locationId: string;
  patientIds: string[];
  /** the animals the Patients field offers (see patientOptionsOf) */
  patientOptions: readonly PatientOption[];
  /** the client's animals are being fetched */
  patientsLoading: boolean;
  errors: FieldErrors;
  onClientChange: (clientId: string) => void;
  onPatientsChange: (patientIds: string[]) => void;
}

/** Who the appointment is for: the client, the animals coming along, and those animals' alerts. */
export const AppointmentClientSection = memo(function AppointmentClientSection({
  clientId,
  client,
  autoFocus,
  locationId,
  patientIds,
  patientOptions: options,
  patientsLoading,
  errors: e,
  onClientChange,
  onPatientsChange,
}: AppointmentClientSectionProps) {
  return (
    <>
      <ClientPicker
        value={clientId}
        locationId={locationId}
        onChange={onClientChange}
        required
        autoFocus={autoFocus}
        error={e.clientId}
        helperText="Search by name, phone or email"
      />
      {client && client.id === clientId && <AppointmentClientCard client={client} />}
      <PatientsInput
        clientId={clientId}
        value={patientIds}
        onChange={onPatientsChange}
        options={options}
        loading={patientsLoading}
        error={e.patientIds}
      />
      <AppointmentPatients patients={patientIds.flatMap((id) => options.find((p) => p.id === id) ?? [])} />
    </>
  );
});
