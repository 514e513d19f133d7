import type { FormEvent, ReactNode } from 'react';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { GuardedDialog } from './discard-guard';
import { useRevealAfterChange } from './use-reveal-first-error';

interface EntityFormDialogProps {
  open: boolean;
  title: string;
  submitLabel?: string;
  submitting?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** shown on the left when editing something that can be deleted */
  onDelete?: () => void;
  /** the form holds unsaved changes: Esc or a click outside asks before discarding them */
  dirty?: boolean;
  children: ReactNode;
}

/**
 * Create/edit dialog shared by every entity form; full screen on phones. Pass the form's `dirty`
 * (useFormState) so Esc or a click outside asks before throwing changes away; Cancel discards.
 */
export function EntityFormDialog({
  open,
  title,
  submitLabel = 'Save',
  submitting = false,
  onSubmit,
  onClose,
  maxWidth = 'sm',
  onDelete,
  dirty = false,
  children,
}: EntityFormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // A field in error may be below the fold (a phone, a long form): show the first one.
  // After a refused save the focus goes to the field the server's message is under, else back.
  const { ref, reveal, onFocus } = useRevealAfterChange<HTMLDivElement>(submitting, open);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from inside another form (a task from the appointment's dialog) is in that
    // form's React tree though not its DOM: its submit must not bubble on and submit that one too.
    event.stopPropagation();
    if (submitting) return;
    onSubmit();
    reveal();
  };
  return (
    <GuardedDialog
      open={open}
      dirty={dirty}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      slotProps={{ paper: { component: 'form', onSubmit: handleSubmit, onFocus, noValidate: true } as object }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers ref={ref}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        {onDelete && (
          <>
            <Button color="error" onClick={onDelete} disabled={submitting}>
              Delete
            </Button>
            <Box sx={{ flex: 1 }} />
          </>
        )}
        <Button onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
