import { useState } from 'react';
import { Box, Button, IconButton, List, ListItem, ListItemText, Paper, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { AddOnAttachInput } from '@willow/contracts';
import type { AddOn, AppointmentAddOn, AppointmentDetail } from '@willow/contracts';
import { SelectInput, TextInput } from '../../components/form-fields';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { validate } from '../../lib/zod-errors';
import type { FieldErrors } from '../../lib/zod-errors';
import { useAttachAddOn, useLocationAddOns, useRemoveAddOn, useUpdateAddOnValues } from './appointments.api';

type Options = AddOn['options'];
type Values = Record<string, string>;

const price = (n: number) => n.toFixed(2);

/** Blank answers are left out: an option not filled in has no value. */
function filled(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
}

/** Field errors of the values record, keyed by option name. */
function valueErrors(values: Values): { ok: true; values: Values } | { ok: false; errors: FieldErrors } {
  const checked = validate(AddOnAttachInput.shape.values, filled(values));
  if (checked.ok) return { ok: true, values: checked.data };
  return { ok: false, errors: checked.errors };
}

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

/**
 * The options of an attached add-on: its item's current ones (inactive items included), or, when
 * the item is gone, the names it was filled in with (as free text).
 */
function optionsOf(attached: AppointmentAddOn, items: readonly AddOn[]): Options {
  const item = items.find((i) => i.id === attached.addOnId);
  if (item) return item.options;
  return Object.keys(attached.values).map((name) => ({ name, choices: [] }));
}

/** Add-ons of an appointment: attach one of the location's, change the answers, remove. */
export function AppointmentAddOns({ appointment }: { appointment: AppointmentDetail }) {
  const items = useLocationAddOns(appointment.locationId);
  const remove = useRemoveAddOn();
  const [adding, setAdding] = useState(false);
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
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Add-ons
        </Typography>
        {!adding && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add add-on
          </Button>
        )}
      </Box>
      {appointment.addOns.length === 0 && !adding && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No add-ons on this appointment.
        </Typography>
      )}
      {appointment.addOns.length > 0 && (
        <List dense disablePadding aria-label="Add-ons of this appointment">
          {appointment.addOns.map((attached) =>
            editingId === attached.id ? (
              <ListItem key={attached.id} disableGutters>
                <EditValuesForm attached={attached} options={optionsOf(attached, list)} onDone={() => setEditingId(null)} />
              </ListItem>
            ) : (
              <ListItem
                key={attached.id}
                disableGutters
                secondaryAction={
                  <>
                    <Tooltip title="Edit values">
                      <IconButton aria-label={`Edit ${attached.name}`} onClick={() => setEditingId(attached.id)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Remove">
                      <IconButton aria-label={`Remove ${attached.name}`} onClick={() => confirmRemove.ask(attached)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                }
              >
                <ListItemText
                  primary={`${attached.name} · ${price(attached.price)}`}
                  secondary={
                    Object.entries(attached.values)
                      .map(([name, value]) => `${name}: ${value}`)
                      .join(' · ') || undefined
                  }
                />
              </ListItem>
            ),
          )}
        </List>
      )}
      {adding && <AttachForm appointmentId={appointment.id} items={list.filter((i) => i.active)} loading={items.isLoading} onDone={() => setAdding(false)} />}
      {confirmRemove.dialog}
    </Box>
  );
}

function AttachForm({ appointmentId, items, loading, onDone }: { appointmentId: string; items: readonly AddOn[]; loading: boolean; onDone: () => void }) {
  const attach = useAttachAddOn();
  const [addOnId, setAddOnId] = useState('');
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const item = items.find((i) => i.id === addOnId);
  const submit = async () => {
    if (!addOnId) return setErrors({ addOnId: 'is required' });
    const checked = valueErrors(values);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      await attach.mutateAsync({ appointmentId, addOnId, values: checked.values });
      notifySuccess('Add-On Added to Appointment');
      onDone();
    } catch (e) {
      notifyError('Error adding add-on', e);
    }
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
            setValues({});
            setErrors({});
          }}
          options={items.map((i) => ({ value: i.id, label: `${i.categoryName} – ${i.name} (${price(i.price)})` }))}
          error={errors.addOnId}
          helperText={!loading && items.length === 0 ? 'This location has no add-ons yet' : undefined}
        />
        {item && <OptionFields options={item.options} values={values} errors={errors} onChange={setValues} />}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button size="small" onClick={onDone} disabled={attach.isPending}>
            Cancel
          </Button>
          <Button size="small" variant="contained" loading={attach.isPending} onClick={() => void submit()}>
            Attach
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function EditValuesForm({ attached, options, onDone }: { attached: AppointmentAddOn; options: Options; onDone: () => void }) {
  const updateValues = useUpdateAddOnValues();
  const [values, setValues] = useState<Values>(attached.values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async () => {
    const checked = valueErrors(values);
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
