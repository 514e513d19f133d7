import { useEffect } from 'react';
import { Typography } from '@mui/material';
import { INVENTORY_MESSAGES, InventoryLogCorrection, MOVEMENT_TYPE_LABELS } from '@willow/contracts';
import type { InventoryLogEntry } from '@willow/contracts';
import { z } from 'zod';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { numberOrNull, TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useCorrectLogEntry, useUndoLogEntry } from './inventory.api';
import { formatQuantity } from './item-values';

const Reason = z.object({ reason: InventoryLogCorrection.shape.reason });

interface EntryDialogProps {
  entry: InventoryLogEntry;
  onClose: () => void;
}

const describe = (e: InventoryLogEntry) => `${MOVEMENT_TYPE_LABELS[e.type]}: ${e.itemName}, ${formatQuantity(Math.abs(e.quantity))} ${e.sellUnit}`;

/**
 * Correct an entry recorded by hand: what its quantity should have been and why. The entry
 * itself never changes; the server writes a correction for the difference.
 */
export function CorrectEntryDialog({ entry, onClose }: EntryDialogProps) {
  const form = useFormState({ quantity: formatQuantity(Math.abs(entry.quantity)), reason: '' });
  const correct = useCorrectLogEntry();
  const { reset } = form;
  useEffect(() => reset({ quantity: formatQuantity(Math.abs(entry.quantity)), reason: '' }), [entry, reset]);
  const submit = () => {
    const data = form.check(InventoryLogCorrection, { quantity: numberOrNull(form.values.quantity) ?? Number.NaN, reason: form.values.reason });
    if (!data) return;
    correct.mutate(
      { id: entry.id, data },
      {
        onSuccess: () => {
          notifySuccess(INVENTORY_MESSAGES.logUpdated);
          onClose();
        },
        onError: form.saveFailed(INVENTORY_MESSAGES.logUpdateError),
      },
    );
  };
  return (
    <EntityFormDialog open title="Correct entry" submitLabel="Correct" submitting={correct.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      <Typography>{describe(entry)}</Typography>
      <TextInput
        label="Quantity"
        required
        value={form.values.quantity}
        onValueChange={(x) => form.set('quantity', x)}
        error={form.errors.quantity}
        helperText={`What it should have been, in ${entry.sellUnit}`}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextInput label="Reason" required multiline minRows={2} value={form.values.reason} onValueChange={(x) => form.set('reason', x)} error={form.errors.reason} />
    </EntityFormDialog>
  );
}

/** Undo an entry recorded by hand: a correction reversing all of it, with the reason. */
export function UndoEntryDialog({ entry, onClose }: EntryDialogProps) {
  const form = useFormState({ reason: '' });
  const undo = useUndoLogEntry();
  const submit = () => {
    const data = form.check(Reason, form.values);
    if (!data) return;
    undo.mutate(
      { id: entry.id, reason: data.reason },
      {
        onSuccess: () => {
          notifySuccess(INVENTORY_MESSAGES.logDeleted);
          onClose();
        },
        onError: form.saveFailed(INVENTORY_MESSAGES.logDeleteError),
      },
    );
  };
  return (
    <EntityFormDialog open title="Undo entry" submitLabel="Undo entry" submitting={undo.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      <Typography>{`${describe(entry)}. The entry stays in the log; a correction reversing it is added.`}</Typography>
      <TextInput label="Reason" required multiline minRows={2} value={form.values.reason} onValueChange={(x) => form.set('reason', x)} error={form.errors.reason} />
    </EntityFormDialog>
  );
}
