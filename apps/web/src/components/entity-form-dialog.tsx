import type { FormEvent, ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';

interface EntityFormDialogProps {
  open: boolean;
  title: string;
  submitLabel?: string;
  submitting?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** shown on the left when editing something that can be deleted */
  onDelete?: () => void;
  children: ReactNode;
}

/** Create/edit dialog shared by every entity form; full screen on phones. */
export function EntityFormDialog({
  open,
  title,
  submitLabel = 'Save',
  submitting = false,
  onSubmit,
  onClose,
  maxWidth = 'sm',
  onDelete,
  children,
}: EntityFormDialogProps) {
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
      maxWidth={maxWidth}
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
    </Dialog>
  );
}
