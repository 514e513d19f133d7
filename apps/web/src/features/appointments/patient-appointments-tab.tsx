import { OwnAppointmentsTable } from './appointment-table';

/** A patient's appointments, upcoming and past, newest first; a row opens the appointment. */
export default function PatientAppointmentsTab({ patientId }: { patientId: string; clientId: string }) {
  return <OwnAppointmentsTable label="Appointments of this patient" filter={{ patientId }} />;
}
