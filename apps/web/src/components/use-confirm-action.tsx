import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { notifyError, notifySuccess } from '../lib/toasts';
import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmActionOptions<T> {
  /** dialog title, e.g. 'Archive client' */
  title: string;
  /** what will happen, in the words of the action (archive: hidden and kept; delete: gone for good) */
  message: (item: T) => ReactNode;
  /** the action itself, usually a mutation's mutateAsync */
  run: (item: T) => Promise<unknown>;
  /** the toast texts, e.g. 'Client archived' / 'Error archiving client' */
  success: string;
  error: string;
  /** the confirm button, e.g. 'Archive' */
  confirmLabel: string;
  /** a red confirm button, for what cannot be undone */
  destructive?: boolean;
  onDone?: (item: T) => void;
}

/**
 * The ask-then-act flow every action with a confirmation shares: ask, run, toast, close (Esc or
 * Cancel closes without acting). Returns `ask(item)` to open the confirmation and the `dialog`
 * element to render once.
 */
export function useConfirmAction<T>({ title, message, run, success, error, confirmLabel, destructive = false, onDone }: ConfirmActionOptions<T>) {
  const [target, setTarget] = useState<{ item: T } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await run(target.item);
      notifySuccess(success);
      setTarget(null);
      onDone?.(target.item);
    } catch (e) {
      notifyError(error, e);
    } finally {
      setBusy(false);
    }
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={title}
      message={target ? message(target.item) : ''}
      confirmLabel={confirmLabel}
      destructive={destructive}
      busy={busy}
      onClose={() => setTarget(null)}
      onConfirm={() => void confirm()}
    />
  );
  // Stable, so grid columns that call it need not be rebuilt on every render.
  const ask = useCallback((item: T) => setTarget({ item }), []);
  return { ask, dialog };
}
