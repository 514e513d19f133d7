import { useCallback } from 'react';
import { notifyError, notifySuccess, notifyWithUndo } from '../../lib/toasts';
import { useUndoMerge } from './contacts.api';

/** Undo a merge with its toasts; the same from the merge toast and from Recent merges. */
export function useUndoMergeAction() {
  const { mutateAsync } = useUndoMerge();
  return useCallback(
    (mergeId: string) =>
      mutateAsync(mergeId).then(
        () => void notifySuccess('Merge undone'),
        (error: unknown) => notifyError('Error undoing merge', error),
      ),
    [mutateAsync],
  );
}

/** The 'Contacts merged successfully' toast, with an Undo button inside it. */
export function notifyMerged(survivorName: string, undo: () => void): void {
  notifyWithUndo('Contacts merged successfully', `Kept ${survivorName}`, undo);
}
