import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { PatientPicker, useChosenPatient } from '../patients/patient-picker';
import { capitalized } from './noun';

interface Mutation<V> {
  mutate: (variables: V, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

interface CareRecordFormOptions<V extends object, R extends { id: string; patientId: string }, D> {
  /** lower case, as in 'New prescription' and 'Error creating prescription' */
  noun: string;
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
  schema: z.ZodType<D>;
  /** the form's values as the schema's input, less the patient */
  toInput: (values: V) => object;
  create: Mutation<D>;
  update: Mutation<{ id: string; data: D }>;
  onClose: () => void;
}

/**
 * What prescriptions and vaccinations forms share: the patient they are for, loading the record
 * into the form on open, saving with the success and error toasts, and the dialog with the patient picker.
 * Each form adds only its own fields.
 */
export function useCareRecordForm<V extends object, R extends { id: string; patientId: string }, D>({
  noun,
  open,
  record,
  patientId,
  clientId,
  locationId,
  blank,
  fromRecord,
  schema,
  toInput,
  create,
  update,
  onClose,
}: CareRecordFormOptions<V, R, D>) {
  const form = useFormState(blank());
  const patient = useChosenPatient(open, record?.patientId ?? patientId);
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(record ? fromRecord(record) : blank());
  }, [open, record, reset, blank, fromRecord]);

  const Noun = capitalized(noun);
  const done = (success: string, error: string) => ({
    onSuccess: () => {
      notifySuccess(success);
      onClose();
    },
    onError: form.saveFailed(error),
  });
  const submit = () => {
    const data = form.check(schema, { patientId: patient.value?.id ?? '', ...toInput(form.values) });
    if (!data) return;
    if (record) update.mutate({ id: record.id, data }, done(`${Noun} updated`, `Error updating ${noun}`));
    else create.mutate(data, done(`${Noun} created`, `Error creating ${noun}`));
  };

  const dialog = (fields: ReactNode) => (
    <EntityFormDialog
      open={open}
      title={record ? `Edit ${noun}` : `New ${noun}`}
      submitLabel={record ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      // Another patient chosen is a change too.
      dirty={form.dirty || (!patient.loading && (patient.value?.id ?? null) !== (record?.patientId ?? patientId ?? null))}
    >
      <PatientPicker
        value={patient.value}
        onChange={patient.set}
        error={form.errors.patientId && 'Choose a patient'}
        disabled={Boolean(patientId) || patient.loading}
        clientId={clientId}
        locationId={locationId}
      />
      {fields}
    </EntityFormDialog>
  );
  return { form, dialog };
}
