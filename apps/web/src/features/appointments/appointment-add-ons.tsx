import { memo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, IconButton, List, ListItem, ListItemText, Paper, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { AddOn, AppointmentAddOn, AppointmentDetail } from '@willow/contracts';
import { SelectInput, TextInput } from '../../components/form-fields';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { notifyError, notifySuccess } from '../../lib/toasts';
import type { FieldErrors } from '../../lib/zod-errors';
import {
  addOnChoiceLabel,
  addOnHeadline,
  answerTexts,
  checkAddOnValues,
  draftOf,
  filledValues,
  optionsOf,
} from './appointment-add-on-values';
import type { AddOnOptions as Options, AddOnValues as Values, ChosenAddOn, DraftAddOn, PendingAddOn } from './appointment-add-on-values';
import { useLocationAddOns, useRemoveAddOn, useUpdateAddOnValues } from './appointments.api';

export type { DraftAddOn, PendingAddOn } from './appointment-add-on-values';

/** One field per option: a list when the add-on offers choices, free text when it does not. */
function OptionFields({ options, values, errors, onChange }: { options: Options; values: Values; errors: FieldErrors; onChange: (values: Values) => void }) {
  if (options.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {options.map((option) =>
        option.choices.length > 0 ? (
          <SelectInput
            key={option.name}
            size="small"
            label={option.name}
            emptyLabel="Not chosen"
            value={values[option.name] ?? ''}
            onChange={(v) => onChange({ ...values, [option.name]: v })}
            options={option.choices.map((c) => ({ value: c, label: c }))}
            error={errors[option.name]}
          />
        ) : (
          <TextInput
            key={option.name}
            size="small"
            label={option.name}
            value={values[option.name] ?? ''}
            onValueChange={(v) => onChange({ ...values, [option.name]: v })}
            error={errors[option.name]}
          />
        ),
      )}
    </Stack>
  );
}

/** A line of an attached (or about to be attached) add-on: name and price, then its answers. */
function AddOnLine({ name, price, values, actions, note }: { name: string; price: number; values: Values; actions: ReactNode; note?: string }) {
  const answers = answerTexts(values);
  return (
    <ListItem disableGutters secondaryAction={actions}>
      <ListItemText primary={addOnHeadline(name, price)} secondary={[...answers, ...(note ? [note] : [])].join(' · ') || undefined} />
    </ListItem>
  );
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Tooltip title="Remove">
      <IconButton aria-label={`Remove ${name}`} onClick={onClick}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The section heading, with "Add add-on" while no add-on is being chosen. */
function AddOnsHeading({ adding, onAdd }: { adding: boolean; onAdd: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <Typography variant="subtitle2" component="h3">
        Add-ons
      </Typography>
      {!adding && (
        <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
          Add add-on
        </Button>
      )}
    </Box>
  );
}

const NONE_YET = 'No add-ons on this appointment.';
const LIST_LABEL = 'Add-ons of this appointment';

interface AppointmentAddOnsProps {
  appointment: AppointmentDetail;
  /** add-ons chosen in this dialog, attached by the appointment's Save (in its transaction) */
  staged: readonly DraftAddOn[];
  onStagedChange: (addOns: DraftAddOn[]) => void;
  /** the add-on being chosen, before "Attach": Save takes it along too */
  onPendingChange: (pending: PendingAddOn | null) => void;
}

/**
 * Add-ons of an appointment: the ones on it (their answers changed or removed at once), and new
 * ones chosen here, which the appointment's Save attaches together with its other changes.
 */
export function AppointmentAddOns({ appointment, staged, onStagedChange, onPendingChange }: AppointmentAddOnsProps) {
  const items = useLocationAddOns(appointment.locationId);
  const remove = useRemoveAddOn();
  const [adding, setAdding] = useState(false);
  const nextKey = useRef(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const confirmRemove = useConfirmDelete<AppointmentAddOn>({
    title: 'Remove add-on',
    message: (a) => `Remove ${a.name} from this appointment?`,
    run: (a) => remove.mutateAsync(a.id),
    success: 'Add-On Removed from Appointment',
    error: 'Error removing add-on',
    confirmLabel: 'Remove',
  });
  const list = items.data ?? [];

  return (
    <Box>
      <AddOnsHeading adding={adding} onAdd={() => setAdding(true)} />
      {appointment.addOns.length === 0 && staged.length === 0 && !adding && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {NONE_YET}
        </Typography>
      )}
      {appointment.addOns.length > 0 && (
        <List dense disablePadding aria-label={LIST_LABEL}>
          {appointment.addOns.map((attached) =>
            editingId === attached.id ? (
              <ListItem key={attached.id} disableGutters>
                <EditValuesForm attached={attached} options={optionsOf(attached, list)} onDone={() => setEditingId(null)} />
              </ListItem>
            ) : (
              <AddOnLine
                key={attached.id}
                name={attached.name}
                price={attached.price}
                values={attached.values}
                actions={
                  <>
                    <Tooltip title="Edit values">
                      <IconButton aria-label={`Edit ${attached.name}`} onClick={() => setEditingId(attached.id)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <RemoveButton name={attached.name} onClick={() => confirmRemove.ask(attached)} />
                  </>
                }
              />
            ),
          )}
        </List>
      )}
      <StagedList value={staged} onChange={onStagedChange} note="Attached when you save" />
      {adding && (
        <AddOnPicker
          items={list.filter((i) => i.active)}
          loading={items.isLoading}
          onDraftChange={onPendingChange}
          onAttach={(chosen) => {
            onStagedChange([...staged, draftOf(chosen, (nextKey.current += 1))]);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {confirmRemove.dialog}
    </Box>
  );
}

interface AddOnPickerProps {
  /** the items that may be attached (the location's active ones) */
  items: readonly AddOn[];
  loading: boolean;
  /** the attach is being saved */
  pending?: boolean;
  onAttach: (chosen: ChosenAddOn) => void | Promise<void>;
  onCancel: () => void;
  /** what is chosen so far, as it changes (null once attached or cancelled) */
  onDraftChange?: (pending: PendingAddOn | null) => void;
}

/** Choose one of the location's add-ons and answer its options; "Attach" hands it on once the answers pass. */
function AddOnPicker({ items, loading, pending = false, onAttach, onCancel, onDraftChange }: AddOnPickerProps) {
  const [addOnId, setAddOnId] = useState('');
  const [values, setValuesState] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const item = items.find((i) => i.id === addOnId);
  const report = (id: string, next: Values) => onDraftChange?.(id ? { addOnId: id, values: filledValues(next) } : null);
  const setValues = (next: Values) => {
    setValuesState(next);
    report(addOnId, next);
  };
  const submit = async () => {
    if (!item) return setErrors({ addOnId: 'is required' });
    const checked = checkAddOnValues(values);
    if (!checked.ok) return setErrors(checked.errors);
    const saving = onAttach({ item, values: checked.values });
    // An attach saved at once (an existing appointment) settles first. A staged one (a new
    // appointment) stops being the draft in the same update that lists it, so a Save clicked
    // right after never sends it twice.
    if (saving) await saving;
    onDraftChange?.(null);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 1 }}>
      <Stack spacing={1.5}>
        <SelectInput
          size="small"
          label="Add-on"
          required
          value={addOnId}
          onChange={(id) => {
            setAddOnId(id);
            setValuesState({});
            setErrors({});
            report(id, {});
          }}
          options={items.map((i) => ({ value: i.id, label: addOnChoiceLabel(i) }))}
          error={errors.addOnId}
          helperText={!loading && items.length === 0 ? 'This location has no add-ons yet' : undefined}
        />
        {item && <OptionFields options={item.options} values={values} errors={errors} onChange={setValues} />}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button
            size="small"
            onClick={() => {
              onDraftChange?.(null);
              onCancel();
            }}
            disabled={pending}
          >
            Cancel
          </Button>
          <Button size="small" variant="contained" loading={pending} onClick={() => void submit()}>
            Attach
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

interface NewAppointmentAddOnsProps {
  /** the appointment's location: only its active add-ons are offered */
  locationId: string;
  value: readonly DraftAddOn[];
  onChange: (addOns: DraftAddOn[]) => void;
  /** the add-on being chosen, before "Attach": Save takes it along too */
  onPendingChange: (pending: PendingAddOn | null) => void;
}

/** Add-ons chosen in the dialog and not saved yet, each removable before Save. */
function StagedList({ value, onChange, note }: { value: readonly DraftAddOn[]; onChange: (addOns: DraftAddOn[]) => void; note?: string }) {
  if (value.length === 0) return null;
  return (
    <List dense disablePadding aria-label={note ? 'Add-ons to attach' : LIST_LABEL}>
      {value.map((chosen) => (
        <AddOnLine
          key={chosen.key}
          name={chosen.name}
          price={chosen.price}
          values={chosen.values}
          note={note}
          actions={<RemoveButton name={chosen.name} onClick={() => onChange(value.filter((c) => c.key !== chosen.key))} />}
        />
      ))}
    </List>
  );
}

/** Add-ons of an appointment being created: chosen here, attached by the create itself. */
export const NewAppointmentAddOns = memo(function NewAppointmentAddOns({ locationId, value, onChange, onPendingChange }: NewAppointmentAddOnsProps) {
  const items = useLocationAddOns(locationId);
  const [adding, setAdding] = useState(false);
  const nextKey = useRef(0);
  const add = (chosen: ChosenAddOn) => {
    onChange([...value, draftOf(chosen, (nextKey.current += 1))]);
    setAdding(false);
  };

  return (
    <Box>
      <AddOnsHeading adding={adding} onAdd={() => setAdding(true)} />
      {value.length === 0 && !adding && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {NONE_YET}
        </Typography>
      )}
      <StagedList value={value} onChange={onChange} />
      {adding && (
        <AddOnPicker
          // A choice made among another location's items must not carry over.
          key={locationId}
          items={(items.data ?? []).filter((i) => i.active)}
          loading={items.isLoading}
          onDraftChange={onPendingChange}
          onAttach={add}
          onCancel={() => setAdding(false)}
        />
      )}
    </Box>
  );
});

function EditValuesForm({ attached, options, onDone }: { attached: AppointmentAddOn; options: Options; onDone: () => void }) {
  const updateValues = useUpdateAddOnValues();
  const [values, setValues] = useState<Values>(attached.values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async () => {
    const checked = checkAddOnValues(values);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      await updateValues.mutateAsync({ id: attached.id, values: checked.values });
      notifySuccess('Add-On Values Updated');
      onDone();
    } catch (e) {
      notifyError('Error updating add-on values', e);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, width: '100%' }}>
      <Stack spacing={1.5}>
        <Typography variant="body2">{attached.name}</Typography>
        {options.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            This add-on asks for nothing.
          </Typography>
        ) : (
          <OptionFields options={options} values={values} errors={errors} onChange={setValues} />
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button size="small" onClick={onDone} disabled={updateValues.isPending}>
            Cancel
          </Button>
          <Button
            size="small"
            variant="contained"
            loading={updateValues.isPending}
            disabled={options.length === 0}
            onClick={() => void submit()}
          >
            Save values
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
