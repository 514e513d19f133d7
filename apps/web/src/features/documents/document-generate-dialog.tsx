import { useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { GenerateDocumentInput } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { SelectInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useClient } from '../clients/clients.api';
import { useDocumentTemplateChoices, useGenerateDocument } from './documents.api';
import { PatientOfClientSelect } from './patient-of-client-select';

interface DocumentGenerateDialogProps {
  open: boolean;
  clientId: string;
  /** on a patient's page the document is that patient's */
  patientId?: string;
  onClose: () => void;
}

/** Makes a PDF from one of the location's document templates, filled with this client's (and patient's) records. */
export function DocumentGenerateDialog({ open, clientId, patientId, onClose }: DocumentGenerateDialogProps) {
  // A fresh form each time it opens.
  const [opened, setOpened] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpened((n) => n + 1);
  }
  return open ? <GenerateForm key={opened} clientId={clientId} patientId={patientId} onClose={onClose} /> : null;
}

function GenerateForm({ clientId, patientId, onClose }: Omit<DocumentGenerateDialogProps, 'open'>) {
  const client = useClient(clientId);
  const templates = useDocumentTemplateChoices(client.data?.locationId);
  const form = useFormState({ templateId: '', patientId: patientId ?? '' });
  const generate = useGenerateDocument();
  const options = (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const none = templates.isSuccess && options.length === 0;

  const submit = () => {
    if (!form.values.templateId) {
      form.setErrors({ templateId: 'Choose a template' });
      return;
    }
    const data = form.check(GenerateDocumentInput, { clientId, patientId: form.values.patientId || null });
    if (!data) return;
    generate.mutate(
      { templateId: form.values.templateId, data },
      {
        onSuccess: (document) => {
          notifySuccess(`${document.fileName} created`);
          onClose();
        },
        onError: form.saveFailed('Error creating document'),
      },
    );
  };

  return (
    <EntityFormDialog open title="Create document from template" submitLabel="Create" submitting={generate.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      <Typography variant="body2" color="text.secondary">
        The template&apos;s merge fields are filled from this client&apos;s records, and the PDF is kept with their documents.
      </Typography>
      {none && <Alert severity="info">This location has no document templates yet. Add one under Settings, Templates, Document.</Alert>}
      <SelectInput
        label="Template"
        required
        options={options}
        value={form.values.templateId}
        onChange={(x) => form.set('templateId', x)}
        error={form.errors.templateId}
      />
      {!patientId && (
        <PatientOfClientSelect clientId={clientId} value={form.values.patientId} onChange={(x) => form.set('patientId', x)} error={form.errors.patientId} />
      )}
    </EntityFormDialog>
  );
}
