import { useEffect } from 'react';
import { UpdateDocumentInput } from '@willow/contracts';
import type { Document } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useUpdateDocument } from './documents.api';
import { PatientOfClientSelect } from './patient-of-client-select';

interface DocumentEditDialogProps {
  document: Document | null;
  /** on a patient's page the document stays with that patient */
  allowPatientChange: boolean;
  onClose: () => void;
}

export function DocumentEditDialog({ document, allowPatientChange, onClose }: DocumentEditDialogProps) {
  const form = useFormState({ fileName: '', description: '', patientId: '' });
  const update = useUpdateDocument();
  const { reset } = form;
  useEffect(() => {
    if (document) reset({ fileName: document.fileName, description: document.description ?? '', patientId: document.patientId ?? '' });
  }, [document, reset]);

  const submit = () => {
    if (!document) return;
    const v = form.values;
    const data = form.check(UpdateDocumentInput, {
      fileName: v.fileName,
      description: textOrNull(v.description),
      ...(allowPatientChange && { patientId: v.patientId || null }),
    });
    if (!data) return;
    update.mutate(
      { id: document.id, data },
      {
        onSuccess: () => {
          notifySuccess('Document updated');
          onClose();
        },
        onError: form.saveFailed('Error updating document'),
      },
    );
  };

  return (
    <EntityFormDialog
      open={document !== null}
      title="Edit document"
      submitting={update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <TextInput label="File name" required value={form.values.fileName} onValueChange={(x) => form.set('fileName', x)} error={form.errors.fileName} />
      {document && allowPatientChange && (
        <PatientOfClientSelect clientId={document.clientId} value={form.values.patientId} onChange={(x) => form.set('patientId', x)} error={form.errors.patientId} />
      )}
      <TextInput
        label="Description"
        multiline
        minRows={2}
        value={form.values.description}
        onValueChange={(x) => form.set('description', x)}
        error={form.errors.description}
      />
    </EntityFormDialog>
  );
}
