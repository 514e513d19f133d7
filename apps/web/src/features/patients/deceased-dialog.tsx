import { useCallback, useEffect } from 'react';
import { DeceasedInput } from '@willow/contracts';
import type { Patient } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { DateInput, TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { todayIso } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useSetDeceased } from './patients.api';

/** Records a patient's death: the date (today unless changed) and an optional note. */
export function DeceasedDialog({ patient, onClose }: { patient: Pick<Patient, 'id' | 'name'> | null; onClose: () => void }) {
  const form = useFormState({ deceasedOn: todayIso(), note: '' });
  const setDeceased = useSetDeceased();
  const { reset } = form;
  useEffect(() => {
    if (patient) reset({ deceasedOn: todayIso(), note: '' });
  }, [patient, reset]);

  const submit = () => {
    if (!patient) return;
    // A blank date would mean "undo"; here it must be filled in.
    if (!form.values.deceasedOn) {
      form.setErrors({ deceasedOn: 'is required' });
      return;
    }
    const data = form.check(DeceasedInput, { deceasedOn: form.values.deceasedOn, note: textOrNull(form.values.note) });
    if (!data) return;
    setDeceased.mutate(
      { id: patient.id, deceasedOn: data.deceasedOn, note: data.note },
      {
        onSuccess: () => {
          notifySuccess('Patient marked as deceased');
          onClose();
        },
        onError: (error) => notifyError('Error updating patient', error),
      },
    );
  };

  return (
    <EntityFormDialog
      open={patient !== null}
      title={patient ? `Mark ${patient.name} as deceased` : ''}
      submitLabel="Mark as deceased"
      submitting={setDeceased.isPending}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <DateInput
        label="Date of death"
        required
        value={form.values.deceasedOn}
        onValueChange={(x) => form.set('deceasedOn', x)}
        error={form.errors.deceasedOn}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
      />
      <TextInput
        label="Note"
        multiline
        minRows={2}
        value={form.values.note}
        onValueChange={(x) => form.set('note', x)}
        error={form.errors.note}
      />
    </EntityFormDialog>
  );
}

/** Undoing a mistaken record: the patient is alive again, the note is cleared. */
export function useUndoDeceased() {
  const { mutate } = useSetDeceased();
  return useCallback(
    (patient: Pick<Patient, 'id'>) =>
      mutate(
        { id: patient.id, deceasedOn: null, note: null },
        {
          onSuccess: () => notifySuccess('Deceased record undone'),
          onError: (error) => notifyError('Error updating patient', error),
        },
      ),
    [mutate],
  );
}
