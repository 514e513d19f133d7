import { Box, Button, Chip, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/Delete';
import { FormError } from '../../components/form-fields';
import { readableMessage } from '../../lib/zod-errors';
import type { FieldErrors } from '../../lib/zod-errors';
import {
  addOption,
  changeOption,
  choiceError,
  commitPending,
  MAX_CHOICES,
  MAX_OPTIONS,
  removeChoice,
  removeOption,
} from './add-on-options';
import type { OptionDraft } from './add-on-options';

interface AddOnOptionsEditorProps {
  value: OptionDraft[];
  onChange: (value: OptionDraft[]) => void;
  /** the form's errors; the editor reads those under 'options' */
  errors: FieldErrors;
}

/**
 * The questions an add-on asks when attached to an appointment, e.g. 'Ink colour' with the
 * choices Black and Blue. An option without choices is answered in free text.
 */
export function AddOnOptionsEditor({ value, onChange, errors }: AddOnOptionsEditorProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Options
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Questions staff answer when adding this to an appointment. Without choices the answer is free text.
      </Typography>
      <Stack spacing={1.5}>
        {value.map((option, index) => {
          const label = option.name.trim() || `option ${index + 1}`;
          const commit = () => onChange(commitPending(value, index));
          const ownChoiceError = choiceError(errors, index);
          return (
            <Paper key={option.key} variant="outlined" sx={{ p: 1.5 }} data-testid="add-on-option">
              <Stack spacing={1}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    fullWidth
                    label={`Option ${index + 1} name`}
                    placeholder="e.g. Ink colour"
                    value={option.name}
                    onChange={(e) => onChange(changeOption(value, index, { name: e.target.value }))}
                    error={Boolean(errors[`options.${index}.name`])}
                    helperText={errors[`options.${index}.name`] && readableMessage(errors[`options.${index}.name`]!)}
                  />
                  <IconButton aria-label={`Remove ${label}`} onClick={() => onChange(removeOption(value, index))}>
                    <DeleteIcon />
                  </IconButton>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                  {option.choices.length === 0 ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      Free text
                    </Typography>
                  ) : (
                    option.choices.map((choice) => (
                      <Chip
                        key={choice}
                        size="small"
                        label={choice}
                        onDelete={() => onChange(removeChoice(value, index, choice))}
                        deleteIcon={<CancelIcon aria-label={`Remove ${choice} from ${label}`} aria-hidden={false} />}
                      />
                    ))
                  )}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    fullWidth
                    label={`Add a choice to ${label}`}
                    placeholder="e.g. Black"
                    value={option.pending}
                    disabled={option.choices.length >= MAX_CHOICES}
                    onChange={(e) => onChange(changeOption(value, index, { pending: e.target.value }))}
                    onKeyDown={(e) => {
                      // Enter adds the choice; it must not submit the add-on's form.
                      if (e.key !== 'Enter') return;
                      e.preventDefault();
                      commit();
                    }}
                    error={Boolean(ownChoiceError)}
                    helperText={ownChoiceError ? readableMessage(ownChoiceError) : 'Press Enter to add'}
                  />
                  <Button onClick={commit} disabled={!option.pending.trim()} sx={{ flexShrink: 0 }}>
                    Add choice
                  </Button>
                </Box>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <FormError message={errors.options} />
      <Button
        startIcon={<AddIcon />}
        onClick={() => onChange(addOption(value))}
        disabled={value.length >= MAX_OPTIONS}
        sx={{ mt: 1 }}
      >
        Add option
      </Button>
    </Box>
  );
}
