import { AUTOMATION_MESSAGES, EmailQueueItemUpdate, SmsQueueItemUpdate, TASK_TITLE_MAX, TaskQueueItemUpdate } from '@willow/contracts';
import type { AutomationKind } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { MessageInput, TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { isApiError } from '../../lib/http-client';
import { notifySuccess } from '../../lib/toasts';
import { segmentLabel } from '../communications/message-composer';
import { useShowRefusedItem, useUpdateQueueItem } from './automations.api';
import type { AnyQueueItem } from './automations.api';

const UPDATES = { email: EmailQueueItemUpdate, sms: SmsQueueItemUpdate, task: TaskQueueItemUpdate } as const;
const TITLES: Record<AutomationKind, string> = { email: 'Edit pending email', sms: 'Edit pending text', task: 'Edit pending task' };

interface QueueItemValues {
  subject: string;
  body: string;
  title: string;
  notes: string;
}

function valuesOf(item: AnyQueueItem): QueueItemValues {
  return {
    subject: 'subject' in item ? item.subject : '',
    body: 'body' in item ? item.body : '',
    title: 'title' in item ? item.title : '',
    notes: 'notes' in item ? (item.notes ?? '') : '',
  };
}

/** What an edit sends: the kind's own fields only. */
export function updateOf(kind: AutomationKind, v: QueueItemValues): Record<string, unknown> {
  if (kind === 'email') return { subject: v.subject, body: v.body };
  if (kind === 'sms') return { body: v.body };
  return { title: v.title, notes: textOrNull(v.notes) };
}

interface QueueItemDialogProps {
  kind: AutomationKind;
  item: AnyQueueItem;
  onClose: () => void;
}

/**
 * A waiting item edited before it goes: an email's subject and body, a text (its SMS segments
 * and the 1000-character rule counted as it is typed), a task's title and notes. An edited item
 * keeps its text when it goes (it is not filled in again from the template). Esc or a click
 * outside asks before discarding the changes. Mounted for one item (keyed by it): its values are
 * set once, never refilled under what is being typed.
 */
export function QueueItemDialog({ kind, item, onClose }: QueueItemDialogProps) {
  const form = useFormState(valuesOf(item));
  const update = useUpdateQueueItem(kind);
  const showRefused = useShowRefusedItem(kind);
  const v = form.values;
  const e = form.errors;
  const save = () => {
    const data = form.check(UPDATES[kind], updateOf(kind, v));
    if (!data) return;
    update.mutate(
      { id: item.id, data: data as Record<string, unknown> },
      {
        onSuccess: () => {
          notifySuccess(AUTOMATION_MESSAGES.queueItemUpdated);
          onClose();
        },
        onError: (error) => {
          form.saveFailed(AUTOMATION_MESSAGES.updateQueueItemError)(error);
          // Gone meanwhile (sent, skipped, suppressed): the row says so, and there is nothing left to edit.
          if (isApiError(error) && error.status === 409) {
            void showRefused(item.id);
            onClose();
          }
        },
      },
    );
  };
  return (
    <EntityFormDialog open title={TITLES[kind]} submitLabel="Save" submitting={update.isPending} onSubmit={save} onClose={onClose} dirty={form.dirty} maxWidth="md">
      {kind === 'email' && (
        <>
          <TextInput label="Subject" required value={v.subject} onValueChange={(x) => form.set('subject', x)} error={e.subject} />
          <TextInput label="Body" required multiline minRows={8} maxRows={20} value={v.body} onValueChange={(x) => form.set('body', x)} error={e.body} />
        </>
      )}
      {kind === 'sms' && (
        <MessageInput label="Message" required minRows={4} maxRows={12} value={v.body} onValueChange={(x) => form.set('body', x)} error={e.body} helperText={segmentLabel(v.body)} />
      )}
      {kind === 'task' && (
        <>
          <TextInput label="Title" required value={v.title} onValueChange={(x) => form.set('title', x)} error={e.title} slotProps={{ htmlInput: { maxLength: TASK_TITLE_MAX } }} />
          <TextInput label="Notes" multiline minRows={3} value={v.notes} onValueChange={(x) => form.set('notes', x)} error={e.notes} />
        </>
      )}
    </EntityFormDialog>
  );
}
