import { useCallback, useMemo, useState } from 'react';
import { AUTOMATION_MESSAGES } from '@willow/contracts';
import type { AutomationKind } from '@willow/contracts';
import { useConfirmAction } from '../../components/use-confirm-action';
import { isApiError } from '../../lib/http-client';
import { notifyError, notifyServerError, notifySuccess } from '../../lib/toasts';
import { useSendQueueItem, useShowRefusedItem, useUpdateQueueItem } from './automations.api';
import type { AnyQueueItem } from './automations.api';
import { QueueItemDialog } from './queue-item-dialog';

/** The words of each kind's "go now" (SPEC §8). */
export const GO_NOW: Record<AutomationKind, { label: string; sent: string; error: string }> = {
  email: { label: 'Send now', sent: AUTOMATION_MESSAGES.emailSent, error: AUTOMATION_MESSAGES.sendEmailError },
  sms: { label: 'Send now', sent: AUTOMATION_MESSAGES.smsSent, error: AUTOMATION_MESSAGES.sendSmsError },
  task: { label: 'Trigger', sent: AUTOMATION_MESSAGES.taskSent, error: AUTOMATION_MESSAGES.triggerTaskError },
};

/**
 * A failed send said as SPEC §8 wants it: a text's failure shows the server's own words when it
 * gives some (a 4xx: the reason it was suppressed, say), else 'Error triggering SMS Automation.
 * Please try again.'; an email's or a task's shows its title with the server's words below.
 */
export function notifySendFailed(kind: AutomationKind, error: unknown): void {
  const { error: title } = GO_NOW[kind];
  if (kind !== 'sms') return notifyError(title, error);
  const said = isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : null;
  if (isApiError(error) && error.handled) return;
  notifyServerError(new Error(said ?? title), title);
}

export const isWaiting = (item: AnyQueueItem) => item.status === 'scheduled' || item.status === 'pending';

/**
 * What is done to a waiting item: edit it, send (trigger) it now, skip it. A send refused with a
 * reason found at send time (409) shows the reason, and the row shows the item as it now stands
 * (suppressed, with why). Render `dialogs` once.
 */
export function useQueueActions(kind: AutomationKind) {
  const [editing, setEditing] = useState<AnyQueueItem | null>(null);
  const send = useSendQueueItem(kind);
  const update = useUpdateQueueItem(kind);
  const showRefused = useShowRefusedItem(kind);
  const [sending, setSending] = useState<string | null>(null);
  const refused = useCallback(
    (item: AnyQueueItem, error: unknown) => {
      if (isApiError(error) && error.status === 409) void showRefused(item.id);
    },
    [showRefused],
  );
  const { mutateAsync: sendNow } = send;
  const goNow = useCallback(
    (item: AnyQueueItem) => {
      setSending(item.id);
      sendNow(item.id)
        .then(
          () => void notifySuccess(GO_NOW[kind].sent),
          (error: unknown) => {
            notifySendFailed(kind, error);
            refused(item, error);
          },
        )
        .finally(() => setSending(null));
    },
    [sendNow, kind, refused],
  );
  const { mutateAsync: change } = update;
  const skip = useConfirmAction<AnyQueueItem>({
    title: kind === 'task' ? 'Skip this task' : kind === 'sms' ? 'Skip this text' : 'Skip this email',
    message: (item) => `${item.automation.name}${item.client ? ` for ${item.client.name}` : ''} will not ${kind === 'task' ? 'be made' : 'be sent'}. It stays in the Done list as skipped.`,
    run: (item) =>
      change({ id: item.id, data: { skip: true } }).catch((error: unknown) => {
        refused(item, error);
        throw error;
      }),
    success: AUTOMATION_MESSAGES.queueItemSkipped,
    error: AUTOMATION_MESSAGES.updateQueueItemError,
    confirmLabel: 'Skip',
  });
  const askSkip = skip.ask;
  const actions = useMemo(() => ({ edit: setEditing, goNow, skip: askSkip }), [goNow, askSkip]);
  const dialogs = (
    <>
      {editing && <QueueItemDialog key={editing.id} kind={kind} item={editing} onClose={() => setEditing(null)} />}
      {skip.dialog}
    </>
  );
  return { actions, dialogs, sending };
}

export type QueueActions = ReturnType<typeof useQueueActions>['actions'];
