import { useEffect } from 'react';
import { Box } from '@mui/material';
import { FORM_PURPOSE_LABELS, FORM_PURPOSES, FormTemplateInput, TEMPLATE_MESSAGES } from '@willow/contracts';
import type { FormPurpose, FormTemplate } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { SelectInput, TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { draftsFrom, toFields } from './form-field-drafts';
import type { FieldDraft } from './form-field-drafts';
import { useLocationAddOns } from '../appointments/appointments.api';
import { FormFieldsEditor } from './form-fields-editor';
import { FormPreview } from './form-preview';
import { useCreateFormTemplate, useUpdateFormTemplate } from './forms.api';

interface FormValues {
  name: string;
  description: string;
  purpose: FormPurpose;
  fields: FieldDraft[];
}

const blank = (): FormValues => ({ name: '', description: '', purpose: 'general', fields: [] });
const fromTemplate = (t: FormTemplate): FormValues => ({
  name: t.name,
  description: t.description ?? '',
  purpose: t.purpose,
  fields: draftsFrom(t.fields),
});

const purposeOptions = FORM_PURPOSES.map((p) => ({ value: p, label: FORM_PURPOSE_LABELS[p] }));

interface FormTemplateDialogProps {
  open: boolean;
  template: FormTemplate | null;
  locationId: string | null;
  onClose: () => void;
}

/** Build a form: its name and purpose, the field list, and beside it the form as the client will see it. */
export function FormTemplateDialog({ open, template, locationId, onClose }: FormTemplateDialogProps) {
  const form = useFormState<FormValues>(blank());
  const create = useCreateFormTemplate();
  const update = useUpdateFormTemplate();
  const addOns = useLocationAddOns(open ? (template?.locationId ?? locationId) : null);
  const { reset, setErrors } = form;
  useEffect(() => {
    if (open) reset(template ? fromTemplate(template) : blank());
  }, [open, template, reset]);

  const setFields = (fields: FieldDraft[]) => {
    form.set('fields', fields);
    // Positions shift as fields come, go and move, so their old messages may point at the wrong one.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('fields'))));
  };

  const submit = () => {
    const v = form.values;
    const data = form.check(FormTemplateInput, {
      locationId: template?.locationId ?? locationId,
      name: v.name,
      description: textOrNull(v.description),
      purpose: v.purpose,
      fields: toFields(v.fields),
    });
    if (!data) return;
    if (template) {
      const { locationId: _kept, ...changes } = data;
      update.mutate(
        { id: template.id, data: { formTemplateData: changes } },
        { onSuccess: () => (notifySuccess(TEMPLATE_MESSAGES.updated), onClose()), onError: form.saveFailed(TEMPLATE_MESSAGES.updateError) },
      );
    } else {
      create.mutate(
        { formTemplateData: data },
        { onSuccess: () => (notifySuccess(TEMPLATE_MESSAGES.created), onClose()), onError: form.saveFailed(TEMPLATE_MESSAGES.createError) },
      );
    }
  };

  const v = form.values;
  const e = form.errors;
  return (
    <EntityFormDialog
      open={open}
      title={template ? `Edit ${template.name}` : 'New form template'}
      submitLabel={template ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
      maxWidth="lg"
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={e.name} placeholder="e.g. Euthanasia consent" />
          <SelectInput
            label="Purpose"
            options={purposeOptions}
            value={v.purpose}
            onChange={(x) => form.set('purpose', x as FormPurpose)}
            error={e.purpose}
            helperText="Consent forms are shown on the appointment they are sent for"
          />
          <TextInput
            label="Description"
            multiline
            minRows={2}
            value={v.description}
            onValueChange={(x) => form.set('description', x)}
            error={e.description}
            helperText="Shown above the questions"
          />
          <FormFieldsEditor value={v.fields} onChange={setFields} errors={e} addOns={addOns.data ?? []} />
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 0 }, minWidth: 0 }}>
          <FormPreview drafts={v.fields} title={v.name} description={v.description} />
        </Box>
      </Box>
    </EntityFormDialog>
  );
}
