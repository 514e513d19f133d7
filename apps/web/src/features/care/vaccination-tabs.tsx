import { VaccinationList } from './vaccination-list';

export function ClientVaccinationsTab({ clientId }: { clientId: string }) {
  return <VaccinationList filter={{ clientId }} />;
}

export function PatientVaccinationsTab({ patientId }: { patientId: string }) {
  return <VaccinationList filter={{ patientId }} showPatient={false} />;
}
