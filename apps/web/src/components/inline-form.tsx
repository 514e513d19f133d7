import type { ReactNode } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { useRevealAfterChange } from './use-reveal-first-error';

interface InlineFormProps {
  onSubmit: () => void;
  submitting?: boolean;
  submitLabel?: string;
  children: ReactNode;
}

/**
 * A form laid out on the page (the dialogs use EntityFormDialog): fields, then the submit
 * button. `noValidate`, since the contract schema checks the values and shows its own messages.
 */
export function InlineForm({ onSubmit, submitting = false, submitLabel = 'Save', children }: InlineFormProps) {
  const { ref, reveal, onFocus } = useRevealAfterChange<HTMLFormElement>(submitting);
  return (
    <Stack
      component="form"
      ref={ref}
      spacing={2}
      noValidate
      onFocus={onFocus}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
        reveal();
      }}
    >
      {children}
      <Box>
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}
