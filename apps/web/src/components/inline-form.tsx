import type { ReactNode } from 'react';
import { Box, Button, Stack } from '@mui/material';

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
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
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
