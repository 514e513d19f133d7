import { useCallback, useEffect } from 'react';
import { Box, Stack } from '@mui/material';
import { TEMPLATE_MESSAGES } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { FormError, useFormState } from '../../components/form-fields';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { serverFieldErrors } from '../../lib/zod-errors';
import { MergeTargetsProvider } from './merge-targets';
import { TemplateEditor } from './template-editors';
import { bodyOf, formFieldErrors, KIND_SPECS } from './template-kinds';
import { problemsByPart, TemplatePreviewPanel } from './template-preview';
import { useCreateTemplate, useTemplatePreview, useUpdateTemplate } from './templates.api';
import type { EditableKind, TemplateOf } from './templates.api';

interface TemplateFormDialogProps<K extends EditableKind> {
  kind: K;
  open: boolean;
  /** the template to edit; null for a new one */
  template: TemplateOf[K] | null;
  locationId: string | null;
  locationName?: string | undefined;
  onClose: () => void;
}

/**
 * A template's create/edit dialog: the kind's editor with the merge-field inserter, and beside it
 * (below on a phone) the live preview with sample data. Problems the preview finds show under
 * their field with their line; so do the server's when it refuses a save.
 */
export function TemplateFormDialog<K extends EditableKind>({ kind, open, template, locationId, locationName, onClose }: TemplateFormDialogProps<K>) {
  const spec = KIND_SPECS[kind];
  const form = useFormState<Record<string, unknown>>(spec.blank());
  const create = useCreateTemplate(kind);
  const update = useUpdateTemplate(kind);
  const { reset, setErrors } = form;
  useEffect(() => {
    if (!open) return;
    reset(template ? spec.fromTemplate(template as never) : spec.blank());
  }, [open, template, reset, spec]);

  const preview = useTemplatePreview(kind, spec.partsOf(form.values), open);
  const problems = problemsByPart(preview.data?.problems, preview.error);

  const formSet = form.set;
  const set = useCallback(
    (key: string, value: unknown) => {
      formSet(key, value);
      // Rows come and go (invoice lines): what was said about their old positions no longer fits.
      setErrors((current) => {
        const stale = Object.keys(current).filter((k) => k.startsWith(`${key}.`));
        if (stale.length === 0) return current;
        return Object.fromEntries(Object.entries(current).filter(([k]) => !stale.includes(k)));
      });
    },
    [formSet, setErrors],
  );

  const submit = () => {
    const checked = form.check(spec.schema, spec.input(form.values, template?.locationId ?? locationId ?? '')) as
      | Record<string, unknown>
      | undefined;
    if (!checked) return;
    const failed = (title: string) => (error: unknown) => {
      const placed = formFieldErrors(kind, serverFieldErrors(error));
      if (placed) setErrors((current) => ({ ...current, ...placed }));
      notifyError(title, error);
    };
    const saved = (message: string) => () => {
      notifySuccess(message);
      onClose();
    };
    if (template)
      update.mutate(
        { id: template.id, data: bodyOf(kind, checked, true) },
        { onSuccess: saved(TEMPLATE_MESSAGES.updated), onError: failed(TEMPLATE_MESSAGES.updateError) },
      );
    else create.mutate(bodyOf(kind, checked, false), { onSuccess: saved(TEMPLATE_MESSAGES.created), onError: failed(TEMPLATE_MESSAGES.createError) });
  };

  const noun = spec.newLabel.replace(/^New /, '');
  const title = template ? `Edit ${template.name}` : locationName ? `${spec.newLabel} at ${locationName}` : spec.newLabel;
  return (
    <EntityFormDialog
      open={open}
      title={title}
      submitLabel={template ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
      maxWidth={spec.maxWidth}
    >
      <FormError message={form.errors.locationId && `Choose a location before adding a ${noun}.`} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
        <MergeTargetsProvider>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <TemplateEditor
              kind={kind}
              editor={spec.editor}
              values={form.values}
              set={set as never}
              errors={form.errors}
              problems={problems}
              locationId={template?.locationId ?? locationId}
            />
          </Stack>
        </MergeTargetsProvider>
        <TemplatePreviewPanel parts={spec.previewParts} preview={preview} />
      </Box>
    </EntityFormDialog>
  );
}
