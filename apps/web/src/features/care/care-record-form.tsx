import type { ReactNode } from 'react';
import { useEntityForm, type FormOps, type SaveMutation } from '../../components/use-entity-form';
import { PatientPicker, useChosenPatient } from '../patients/patient-picker';

interface CareRecordFormOptions<V extends object, R extends { id: string; patientId: string }, D, A> {
  /** lower case, as in 'New prescription' and 'Error creating prescription' */
  noun: string;
  /** the record's contract operations: the form is checked against their schema */
  ops: FormOps;
  open: boolean;
  record: R | null;
  /** adding from a patient's page: that patient, fixed */
  patientId?: string;
  /** adding from a client's page: one of their patients */
  clientId?: string;
  locationId?: string;
  /** empty values for a new record; a function, since they may start at today */
  blank: () => V;
  fromRecord: (record: R) => V;
  /** the form's values as the schema's input, less the patient */
  toInput: (values: V) => object;
  create: SaveMutation<D, A>;
  update: SaveMutation<{ id: string; data: D }, A>;
  onClose: () => void;
}

/**
 * What prescriptions and vaccinations forms add to the entity form: the patient they are for,
 * picked in the dialog (fixed on a patient's page). Each form adds only its own fields.
 */
export function useCareRecordForm<V extends object, R extends { id: string; patientId: string }, D, A>({
  patientId,
  clientId,
  locationId,
  ...options
}: CareRecordFormOptions<V, R, D, A>) {
  const patient = useChosenPatient(options.open, options.record?.patientId ?? patientId);
  const { form, dialog } = useEntityForm({
    ...options,
    // Another patient chosen is a change too.
    alsoDirty: !patient.loading && (patient.value?.id ?? null) !== (options.record?.patientId ?? patientId ?? null),
  });

  const careDialog = (fields: ReactNode) =>
    dialog(
      <>
        <PatientPicker
          value={patient.value}
          onChange={patient.set}
          error={form.errors.patientId && 'Choose a patient'}
          disabled={Boolean(patientId) || patient.loading}
          clientId={clientId}
          locationId={locationId}
        />
        {fields}
      </>,
      () => ({ patientId: patient.value?.id ?? '' }),
    );
  return { form, dialog: careDialog };
}
