import { useEffect, useMemo, useState } from 'react';
import { ScheduleNoteInput, ScheduleNoteUpdateInput } from '@willow/contracts';
import type { ScheduleNote, SidebarProvider } from '@willow/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { DateInput, MessageInput, SelectInput, useFormState } from '../../components/form-fields';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { providerName } from './calendar-filters';
import { useCreateNote, useDeleteNote, useUpdateNote } from './schedule.api';

export interface NoteDefaults {
  date: string;
  providerId: string | null;
}

interface NoteDialogProps {
  open: boolean;
  onClose: () => void;
  locationId: string;
  providers: readonly SidebarProvider[];
  /** the note being edited; null to create */
  note: ScheduleNote | null;
  defaults: NoteDefaults | null;
}

/** A note at the top of a day, about the whole location or one provider. */
export function NoteDialog({ open, onClose, locationId, providers, note, defaults }: NoteDialogProps) {
  const form = useFormState({ date: '', providerId: '', text: '' });
  const create = useCreateNote();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [confirming, setConfirming] = useState(false);
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    setConfirming(false);
    reset({
      date: note?.date ?? defaults?.date ?? '',
      providerId: note?.providerId ?? defaults?.providerId ?? '',
      text: note?.text ?? '',
    });
  }, [open, note, defaults, reset]);

  const options = useMemo(() => {
    const list = providers.map((p) => ({ value: p.id, label: providerName(p) }));
    // A note about someone no longer listed keeps its provider.
    if (note?.providerId && !list.some((o) => o.value === note.providerId)) list.push({ value: note.providerId, label: 'Another provider' });
    return list;
  }, [providers, note]);

  const v = form.values;
  const submit = async () => {
    const values = { date: v.date, providerId: v.providerId || null, text: v.text };
    if (note) {
      const data = form.check(ScheduleNoteUpdateInput, values);
      if (!data) return;
      try {
        await update.mutateAsync({ id: note.id, data });
        notifySuccess('Note updated');
        onClose();
      } catch (error) {
        form.saveFailed('Error updating note')(error);
      }
      return;
    }
    const data = form.check(ScheduleNoteInput, { ...values, locationId });
    if (!data) return;
    try {
      await create.mutateAsync(data);
      notifySuccess('Note created');
      onClose();
    } catch (error) {
      form.saveFailed('Error adding note')(error);
    }
  };

  const confirmDelete = async () => {
    if (!note) return;
    try {
      await remove.mutateAsync(note.id);
      notifySuccess('Note deleted');
      onClose();
    } catch (error) {
      notifyError('Error deleting note', error);
    }
  };

  return (
    <>
      <EntityFormDialog
        open={open && !confirming}
        title={note ? 'Edit note' : 'Add note'}
        submitLabel={note ? 'Save' : 'Create'}
        submitting={create.isPending || update.isPending}
        onSubmit={() => void submit()}
        onClose={onClose}
        dirty={form.dirty}
        onDelete={note ? () => setConfirming(true) : undefined}
      >
        <DateInput label="Date" required value={v.date} onValueChange={(x) => form.set('date', x)} error={form.errors.date} />
        <SelectInput
          label="About"
          options={options}
          value={v.providerId}
          onChange={(x) => form.set('providerId', x)}
          emptyLabel="The whole location"
          error={form.errors.providerId}
        />
        <MessageInput
          label="Note"
          required
          minRows={3}
          autoFocus
          value={v.text}
          onValueChange={(x) => form.set('text', x)}
          error={form.errors.text}
        />
      </EntityFormDialog>
      <ConfirmDialog
        open={open && confirming}
        title="Delete note"
        message="The note will be removed from the calendar."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
