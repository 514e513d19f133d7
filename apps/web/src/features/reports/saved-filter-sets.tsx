import { useState } from 'react';
import { Box, Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/BookmarkAdd';
import { REPORT_RANGE_LABELS, REPORT_RANGES, type ReportId, type ReportRange } from '@willow/contracts';
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
  /** the report takes a range of days (from, to), which a set may keep moving */
  takesDates: boolean;
  onApply: (filters: Record<string, string>) => void;
}

/** The choice of what a set keeps of the dates: these days, or a moving range (decision 0287). */
const KEEP_DATES = 'keep';
/** A set's name in the picker, with its moving range when it has one. */
const setLabel = (set: { name: string; range: ReportRange | null }) => (set.range ? `${set.name} (${REPORT_RANGE_LABELS[set.range]})` : set.name);

/** The signed-in user's saved filter sets of a report: apply one, save the filters on screen under a name, delete one. */
export function SavedFilterSets({ report, filters, takesDates, onApply }: SavedFilterSetsProps) {
  const sets = useReportFilterSets(report);
  const [chosen, setChosen] = useState('');
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [dates, setDates] = useState<ReportRange | typeof KEEP_DATES>(KEEP_DATES);
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
  // The picker names the set the screen shows: once a filter changes it shows none, so choosing
  // the same set again applies it (a select does not report choosing the option it already shows).
  const matching = (sets.data ?? []).filter((s) => sameFilters(s.filters, filters));
  const current = matching.find((s) => s.id === chosen) ?? matching[0];
  const nameError = save.error ? (isApiError(save.error) && save.error.status === 409 ? save.error.message : (serverFieldErrors(save.error)?.name ?? save.error.message)) : undefined;

  const apply = async (id: string) => {
    setChosen(id);
    // A moving range's days are the server's today at the set's location: asked again when applied,
    // so a list read yesterday never applies yesterday's "last 7 days".
    const moving = sets.data?.find((s) => s.id === id)?.range;
    const fresh = moving ? (await sets.refetch()).data : sets.data;
    const set = fresh?.find((s) => s.id === id);
    if (set) onApply(set.filters);
  };
  const close = () => {
    setSaving(false);
    save.reset();
  };
  const submit = () =>
    save.mutate(
      { report, name, filters, ...(takesDates && dates !== KEEP_DATES && { range: dates }) },
      {
        onSuccess: (set) => {
          notifySuccess(`Filters saved as “${set.name}”`);
          setChosen(set.id);
          setName('');
          setDates(KEEP_DATES);
          setSaving(false);
          // The screen takes the set's days: the range's today, as it will be applied from now on.
          if (set.range) onApply(set.filters);
        },
      },
    );
  const rangeError = save.error ? serverFieldErrors(save.error)?.range : undefined;

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 200px', maxWidth: 280 }}>
        <SelectInput
          size="small"
          label="Saved filters"
          options={(sets.data ?? []).map((s) => ({ value: s.id, label: setLabel(s) }))}
          value={current?.id ?? ''}
          onChange={(id) => void apply(id)}
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
      <EntityFormDialog
        open={saving}
        title="Save filters"
        submitLabel="Save"
        submitting={save.isPending}
        onSubmit={submit}
        onClose={close}
        dirty={name !== '' || dates !== KEEP_DATES}
        maxWidth="xs"
      >
        <TextInput label="Name" value={name} onValueChange={setName} error={nameError} required autoFocus helperText="Shown in Saved filters, for you alone" />
        {takesDates && (
          <Box sx={{ mt: 2 }}>
            <SelectInput
              label="Dates"
              options={[
                { value: KEEP_DATES, label: `Keep these dates (${filters.from ?? ''} to ${filters.to ?? ''})` },
                ...REPORT_RANGES.map((r) => ({ value: r, label: REPORT_RANGE_LABELS[r] })),
              ]}
              value={dates}
              onChange={(v) => setDates(v as ReportRange | typeof KEEP_DATES)}
              error={rangeError}
              helperText="A range moves with the calendar: “Last month” is always the month before the one you apply it in"
            />
          </Box>
        )}
      </EntityFormDialog>
      {confirmDelete.dialog}
    </Box>
  );
}

/** The same filters, whatever the keys' order. */
export function sameFilters(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
