import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Button, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { GuardedDialog } from '../../components/discard-guard';
import { TextInput } from '../../components/form-fields';

interface TextPromptDialogProps {
  open: boolean;
  title: string;
  /** what the text is for, above the field */
  children: ReactNode;
  label: string;
  /** a required field is marked and focused; an optional one says so */
  required?: boolean;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  busy: boolean;
  backLabel: string;
  confirmLabel: string;
  confirmColor?: 'primary' | 'warning';
  onBack: () => void;
  onConfirm: () => void;
  /** another way forward, between Back and the confirmation (e.g. Book at the next free time) */
  extraAction?: ReactNode;
}

/** A step on an appointment that takes a few words with it: a status note, a cancellation or overlap reason. */
export function TextPromptDialog({
  open,
  title,
  children,
  label,
  required = false,
  value,
  error,
  onChange,
  busy,
  backLabel,
  confirmLabel,
  confirmColor = 'primary',
  onBack,
  onConfirm,
  extraAction,
}: TextPromptDialogProps) {
  // What the field held when the step opened: words typed since are not thrown away by a stray Esc
  // or click outside (the Back button still goes back at once).
  const opened = useRef<{ open: boolean; value: string }>({ open: false, value });
  if (open !== opened.current.open) opened.current = { open, value };
  return (
    <GuardedDialog open={open} onClose={busy ? undefined : onBack} dirty={value !== opened.current.value} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {children}
          <TextInput
            label={label}
            required={required}
            autoFocus={required}
            multiline
            minRows={2}
            value={value}
            onValueChange={onChange}
            error={error}
            helperText={required ? undefined : 'Optional'}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} disabled={busy}>
          {backLabel}
        </Button>
        {extraAction}
        <Button variant="contained" color={confirmColor} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
