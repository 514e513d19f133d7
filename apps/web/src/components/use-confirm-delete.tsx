import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { notifyError, notifySuccess } from '../lib/toasts';
import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmDeleteOptions<T> {
  /** dialog title, e.g. 'Delete client' */
  title: string;
  message: (item: T) => ReactNode;
  /** the delete itself, usually a mutation's mutateAsync */
  run: (item: T) => Promise<unknown>;
  /** the toast texts, e.g. 'Client deleted' / 'Error deleting client' */
  success: string;
  error: string;
  confirmLabel?: string;
  onDeleted?: (item: T) => void;
}

/**
 * The delete flow every list shares: ask, run, toast, close. Returns `ask(item)` to open the
 * confirmation and the `dialog` element to render once.
 */
export function useConfirmDelete<T>({
  title,
  message,
  run,
  success,
  error,
  confirmLabel = 'Delete',
  onDeleted,
}: ConfirmDeleteOptions<T>) {
  const [target, setTarget] = useState<{ item: T } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await run(target.item);
      notifySuccess(success);
      setTarget(null);
      onDeleted?.(target.item);
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
      destructive
      busy={busy}
      onClose={() => setTarget(null)}
      onConfirm={() => void confirm()}
    />
  );
  // Stable, so grid columns that call it need not be rebuilt on every render.
  const ask = useCallback((item: T) => setTarget({ item }), []);
  return { ask, dialog };
}
