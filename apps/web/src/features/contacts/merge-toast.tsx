import { useCallback } from 'react';
import { Box, Button } from '@mui/material';
import toast from 'react-hot-toast';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useUndoMerge } from './contacts.api';

/**
 * Long enough to read and reach the Undo button; the 2 s of an ordinary success toast would
 * take the undo away before most people could click it.
 */
export const UNDO_TOAST_DURATION = 8000;

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
  toast.success(
    (t) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <span>
          Contacts merged successfully
          <Box component="span" sx={{ display: 'block', fontSize: 12, opacity: 0.8 }}>
            Kept {survivorName}
          </Box>
        </span>
        <Button
          size="small"
          onClick={() => {
            toast.dismiss(t.id);
            undo();
          }}
        >
          Undo
        </Button>
      </Box>
    ),
    { duration: UNDO_TOAST_DURATION },
  );
}
