import type { FormEvent, ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';

interface CalendarFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** shown on the left when editing something that can be deleted */
  onDelete?: () => void;
  deleteLabel?: string;
  children: ReactNode;
}

/** The create/edit dialog of slots and notes: the shared form dialog, plus a Delete action when editing. */
export function CalendarFormDialog({
  open,
  title,
  submitLabel,
  submitting,
  onSubmit,
  onClose,
  onDelete,
  deleteLabel = 'Delete',
  children,
}: CalendarFormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ paper: { component: 'form', onSubmit: handleSubmit, noValidate: true } as object }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        {onDelete && (
          <Button color="error" onClick={onDelete} disabled={submitting}>
            {deleteLabel}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
