import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import { GuardedDialog } from '../../components/discard-guard';
import { useRevealAfterChange } from '../../components/use-reveal-first-error';

interface DocumentDialogFrameProps {
  title: string;
  /** chips and facts under the title (status, payment state, number) */
  summary?: ReactNode;
  dirty: boolean;
  busy: boolean;
  loading: boolean;
  loadError?: Error | null | undefined;
  onSubmit: () => void;
  onClose: () => void;
  /** buttons on the left (delete, PDF, email, void, credit note) */
  secondary?: ReactNode;
  /** buttons on the right (close, finalise, save) */
  primary: ReactNode;
  /** names the dialog for tests whatever its title says (it changes as the document moves on) */
  testId: string;
  children: ReactNode;
}

/**
 * The invoice and estimate editors' dialog: full screen on a phone, wide elsewhere, and guarded,
 * so Esc or a click outside asks before throwing typed lines away. Submitting (Enter, Save) saves;
 * the first field in error is brought into view.
 */
export function DocumentDialogFrame({ title, summary, dirty, busy, loading, loadError, onSubmit, onClose, secondary, primary, testId, children }: DocumentDialogFrameProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Its buttons are disabled while one of them works: the focus then comes back (decision 0127).
  const { ref, reveal, onFocus } = useRevealAfterChange<HTMLDivElement>(busy);
  const submit = (event: FormEvent) => {
    // A dialog opened from this one (email, consent form) is a portal inside it in React's tree:
    // its submit bubbles here and must not save this document.
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    // A dialog opened from inside another form (the appointment's) must not submit that one too.
    event.stopPropagation();
    // Nothing to save while the document is still being read (or could not be).
    if (busy || loading || loadError) return;
    onSubmit();
    reveal();
  };
  return (
    <GuardedDialog
      open
      dirty={dirty}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      slotProps={{ paper: { component: 'form', onSubmit: submit, onFocus, noValidate: true, 'data-testid': testId } as object }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers ref={ref}>
        {loadError ? (
          <Alert severity="error">{loadError.message}</Alert>
        ) : loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {summary}
            {children}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {secondary}
        <Box sx={{ flex: 1 }} />
        {primary}
      </DialogActions>
    </GuardedDialog>
  );
}

/** The chips and facts under a document's title. */
export function DocumentSummary({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} data-testid={testId}>
      {children}
    </Stack>
  );
}

interface DocumentEditButtonsProps {
  readOnly: boolean;
  busy: boolean;
  /**
   * a saved document not read (yet, or at all): the next step and Save wait for it; pressed on the
   * blank form shown meanwhile they acted on nothing (decision 0297). Cancel closes as ever.
   */
  unread: boolean;
  saving: boolean;
  onClose: () => void;
  /** the step after saving (Finalise, Approve in person), shown while the document can be edited */
  step: { label: string; onClick: () => void };
  /** what a document no longer edited offers (Make invoice, Open invoice) */
  children?: ReactNode;
}

/** The dialog's buttons on the right: Cancel (Close once it cannot be edited), the next step, Save. */
export function DocumentEditButtons({ readOnly, busy, unread, saving, onClose, step, children }: DocumentEditButtonsProps) {
  return (
    <>
      <Button onClick={onClose} disabled={busy}>
        {readOnly ? 'Close' : 'Cancel'}
      </Button>
      {!readOnly && (
        <>
          <Button onClick={step.onClick} disabled={busy || unread} variant="outlined">
            {step.label}
          </Button>
          <Button type="submit" variant="contained" loading={saving} disabled={unread}>
            Save
          </Button>
        </>
      )}
      {children}
    </>
  );
}
