import { useCallback, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { DialogProps } from '@mui/material';
import { DirtyReportContext } from './dirty-report';
import type { ReportDirty } from './dirty-report';

type CloseReason = 'escapeKeyDown' | 'backdropClick';

/**
 * Esc and a click outside are easy to do by accident; with unsaved changes they ask first.
 * `requestClose` is the dialog's onClose; render `prompt` next to the dialog.
 */
export function useDiscardGuard(dirty: boolean, onClose: (() => void) | undefined) {
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(
    (_event?: unknown, _reason?: CloseReason) => {
      if (!onClose) return;
      if (dirty) setAsking(true);
      else onClose();
    },
    [dirty, onClose],
  );
  const prompt = (
    <DiscardChangesDialog
      open={asking}
      onKeepEditing={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        onClose?.();
      }}
    />
  );
  return { requestClose, prompt };
}

export function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: { open: boolean; onKeepEditing: () => void; onDiscard: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onKeepEditing} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Discard changes?</DialogTitle>
      <DialogContent>
        <DialogContentText>What you typed in this form has not been saved.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeepEditing} autoFocus>
          Keep editing
        </Button>
        <Button onClick={onDiscard} color="error" variant="contained">
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type GuardedDialogProps = Omit<DialogProps, 'onClose'> & {
  onClose?: () => void;
  /** unsaved changes held outside the dialog; forms inside it report their own */
  dirty?: boolean;
  children: ReactNode;
};

/**
 * MUI's Dialog for forms: Esc or a click outside closes it at once when nothing was changed, and
 * asks "Discard changes?" when something was. Buttons inside call their own handlers as before.
 */
export function GuardedDialog({ dirty = false, onClose, children, ...rest }: GuardedDialogProps) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<ReportDirty>((formId, isDirty) => {
    setDirtyForms((current) => {
      if (current.has(formId) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(formId);
      else next.delete(formId);
      return next;
    });
  }, []);
  const { requestClose, prompt } = useDiscardGuard(dirty || dirtyForms.size > 0, onClose);
  return (
    <>
      <Dialog {...rest} onClose={onClose ? requestClose : undefined}>
        <DirtyReportContext.Provider value={report}>{children}</DirtyReportContext.Provider>
      </Dialog>
      {prompt}
    </>
  );
}
