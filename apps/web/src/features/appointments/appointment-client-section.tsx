import type { FieldErrors } from '../../lib/zod-errors';
import { ClientPicker } from '../clients/client-picker';
import type { PatientOption } from './appointment-form-options';
import { AppointmentPatients } from './appointment-patients';
import { PatientsInput } from './patients-input';

interface AppointmentClientSectionProps {
  clientId: string;
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
export function AppointmentClientSection({
  clientId,
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
        error={e.clientId}
        helperText="Search by name, phone or email"
      />
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
}
