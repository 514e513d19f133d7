import { SelectInput } from '../../components/form-fields';
import { usePatientList } from '../patients/patients.api';

/** Which of the client's animals a document is about, or none (the household). */
export function PatientOfClientSelect({ clientId, value, onChange, error }: { clientId: string; value: string; onChange: (id: string) => void; error?: string }) {
  const patients = usePatientList({ clientId, includeDeceased: true, limit: 200, offset: 0 });
  const options = (patients.data?.items ?? []).map((p) => ({ value: p.id, label: p.deceasedOn ? `${p.name} (deceased)` : p.name }));
  return (
    <SelectInput label="Patient" options={options} value={value} onChange={onChange} emptyLabel="None (the whole household)" error={error} />
  );
}
