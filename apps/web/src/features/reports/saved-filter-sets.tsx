import { useState } from 'react';
import { Box, Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/BookmarkAdd';
import type { ReportId } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { SelectInput, TextInput } from '../../components/form-fields';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { isApiError } from '../../lib/http-client';
import { notifySuccess } from '../../lib/toasts';
import { serverFieldErrors } from '../../lib/zod-errors';
import { useDeleteReportFilterSet, useReportFilterSets, useSaveReportFilterSet } from './reports.api';

interface SavedFilterSetsProps {
  report: ReportId;
  /** the filters on screen, as the report is asked with them */
  filters: Record<string, string>;
  onApply: (filters: Record<string, string>) => void;
}

/** The signed-in user's saved filter sets of a report: apply one, save the filters on screen under a name, delete one. */
export function SavedFilterSets({ report, filters, onApply }: SavedFilterSetsProps) {
  const sets = useReportFilterSets(report);
  const [chosen, setChosen] = useState('');
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveReportFilterSet();
  const remove = useDeleteReportFilterSet();
  const confirmDelete = useConfirmDelete<{ id: string; name: string }>({
    title: 'Delete saved filters',
    message: (set) => `Delete the saved filters “${set.name}”? The report itself is not changed.`,
    run: (set) => remove.mutateAsync(set.id),
    success: 'Saved filters deleted',
    error: 'Error deleting the saved filters',
    onDeleted: () => setChosen(''),
  });
  const current = sets.data?.find((s) => s.id === chosen);
  const nameError = save.error ? (isApiError(save.error) && save.error.status === 409 ? save.error.message : (serverFieldErrors(save.error)?.name ?? save.error.message)) : undefined;

  const apply = (id: string) => {
    setChosen(id);
    const set = sets.data?.find((s) => s.id === id);
    if (set) onApply(set.filters);
  };
  const close = () => {
    setSaving(false);
    save.reset();
  };
  const submit = () =>
    save.mutate(
      { report, name, filters },
      {
        onSuccess: (set) => {
          notifySuccess(`Filters saved as “${set.name}”`);
          setChosen(set.id);
          setName('');
          setSaving(false);
        },
      },
    );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 200px', maxWidth: 280 }}>
        <SelectInput
          size="small"
          label="Saved filters"
          options={(sets.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={chosen}
          onChange={apply}
          emptyLabel={sets.data?.length ? 'Choose saved filters' : 'None saved yet'}
        />
      </Box>
      {current && (
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => confirmDelete.ask(current)} aria-label={`Delete saved filters ${current.name}`}>
          Delete
        </Button>
      )}
      <Button startIcon={<SaveIcon />} onClick={() => setSaving(true)}>
        Save filters…
      </Button>
      <EntityFormDialog open={saving} title="Save filters" submitLabel="Save" submitting={save.isPending} onSubmit={submit} onClose={close} dirty={name !== ''} maxWidth="xs">
        <TextInput label="Name" value={name} onValueChange={setName} error={nameError} required autoFocus helperText="Shown in Saved filters, for you alone" />
      </EntityFormDialog>
      {confirmDelete.dialog}
    </Box>
  );
}
