import { PrescriptionList } from './prescription-list';

export function ClientPrescriptionsTab({ clientId }: { clientId: string }) {
  return <PrescriptionList filter={{ clientId }} />;
}

export function PatientPrescriptionsTab({ patientId }: { patientId: string }) {
  return <PrescriptionList filter={{ patientId }} showPatient={false} />;
}
