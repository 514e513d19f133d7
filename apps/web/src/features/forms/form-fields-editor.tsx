import { useState } from 'react';
import { Box, Button, Chip, FormControlLabel, IconButton, Menu, MenuItem, Paper, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { FORM_FIELD_TYPE_LABELS, FORM_FIELD_TYPES } from '@willow/contracts';
import type { AddOn, FormFieldType } from '@willow/contracts';
import { FormError } from '../../components/form-fields';
import { readableMessage } from '../../lib/zod-errors';
import type { FieldErrors } from '../../lib/zod-errors';
import { addField, changeField, changeKey, changeLabel, changeMapping, fieldError, MAX_FIELDS, moveField, removeField } from './form-field-drafts';
import type { FieldDraft } from './form-field-drafts';
import { FieldMappings } from './form-field-mappings';

interface FormFieldsEditorProps {
  value: FieldDraft[];
  onChange: (value: FieldDraft[]) => void;
  /** the form's errors; the editor reads those under 'fields' */
  errors: FieldErrors;
  /** the form's location's add-ons: what a checkbox or a choice may add to the appointment */
  addOns?: readonly AddOn[];
}

const helper = (message: string | undefined, otherwise?: string) => (message ? readableMessage(message) : otherwise);

/**
 * The questions of a form, in order: each has a type, a label (the question), the key its answer is
 * stored under (made from the label until typed by hand), whether it must be answered, help text,
 * the choices of a choice and the clause of a consent. Fields move up and down and can be removed.
 */
export function FormFieldsEditor({ value, onChange, errors, addOns = [] }: FormFieldsEditorProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const hasSignature = value.some((d) => d.type === 'signature');

  const add = (type: FormFieldType) => {
    setMenuAnchor(null);
    onChange(addField(value, type));
  };

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Fields
      </Typography>
      {value.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          No fields yet. Add the questions the client answers, a consent clause and a signature.
        </Typography>
      )}
      <Stack spacing={1.5}>
        {value.map((field, index) => {
          const name = field.label.trim() || `field ${index + 1}`;
          const labelError = fieldError(errors, index, 'label');
          const keyError = fieldError(errors, index, 'key');
          return (
            <Paper key={field.id} variant="outlined" sx={{ p: 1.5 }} data-testid="form-field" aria-label={`Field ${index + 1}: ${name}`} role="group">
              <Stack spacing={1.5}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Chip size="small" label={FORM_FIELD_TYPE_LABELS[field.type]} />
                  <Box sx={{ flex: 1 }} />
                  <Tooltip title="Move up">
                    <span>
                      <IconButton size="small" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onChange(moveField(value, field.id, -1))}>
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${name} down`}
                        disabled={index === value.length - 1}
                        onClick={() => onChange(moveField(value, field.id, 1))}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remove">
                    <IconButton size="small" aria-label={`Remove ${name}`} onClick={() => onChange(removeField(value, field.id))}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
                  <TextField
                    size="small"
                    required
                    label={`Field ${index + 1} label`}
                    placeholder={field.type === 'signature' ? 'e.g. Signature' : 'e.g. Pet’s name'}
                    value={field.label}
                    onChange={(e) => onChange(changeLabel(value, field.id, e.target.value))}
                    error={Boolean(labelError)}
                    helperText={helper(labelError)}
                  />
                  <TextField
                    size="small"
                    required
                    label={`Field ${index + 1} key`}
                    value={field.key}
                    onChange={(e) => onChange(changeKey(value, field.id, e.target.value))}
                    error={Boolean(keyError)}
                    helperText={helper(keyError, 'Where the answer is stored')}
                    slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
                  />
                </Box>
                {field.type === 'choice' && (
                  <TextField
                    size="small"
                    multiline
                    minRows={2}
                    required
                    label={`Field ${index + 1} choices`}
                    placeholder={'Private\nPartitioned\nCommunal'}
                    value={field.choices}
                    onChange={(e) => onChange(changeField(value, field.id, { choices: e.target.value }))}
                    error={Boolean(fieldError(errors, index, 'options'))}
                    helperText={helper(fieldError(errors, index, 'options'), 'One choice a line')}
                  />
                )}
                {field.type === 'consent' && (
                  <TextField
                    size="small"
                    multiline
                    minRows={3}
                    required
                    label={`Field ${index + 1} clause`}
                    placeholder="e.g. I consent to the euthanasia of {{ patient.name }}."
                    value={field.text}
                    onChange={(e) => onChange(changeField(value, field.id, { text: e.target.value }))}
                    error={Boolean(fieldError(errors, index, 'text'))}
                    helperText={helper(fieldError(errors, index, 'text'), 'What the client agrees to; merge fields such as {{ patient.name }} are filled in')}
                  />
                )}
                <TextField
                  size="small"
                  label={`Field ${index + 1} help`}
                  value={field.help}
                  onChange={(e) => onChange(changeField(value, field.id, { help: e.target.value }))}
                  error={Boolean(fieldError(errors, index, 'help'))}
                  helperText={helper(fieldError(errors, index, 'help'), 'Shown under the question (optional)')}
                />
                <FieldMappings
                  field={field}
                  name={name}
                  addOns={addOns}
                  error={fieldError(errors, index, 'mappings')}
                  onChange={(option, patch) => onChange(changeMapping(value, field.id, option, patch))}
                />
                <FormControlLabel
                  control={
                    <Switch checked={field.required} onChange={(e) => onChange(changeField(value, field.id, { required: e.target.checked }))} />
                  }
                  label={`${name}: required`}
                  slotProps={{ typography: { variant: 'body2' } }}
                />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <FormError message={errors.fields} />
      <Button
        startIcon={<AddIcon />}
        onClick={(e) => setMenuAnchor(e.currentTarget)}
        disabled={value.length >= MAX_FIELDS}
        aria-haspopup="menu"
        aria-expanded={menuAnchor ? 'true' : undefined}
        sx={{ mt: 1 }}
      >
        Add field
      </Button>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {FORM_FIELD_TYPES.map((type) => (
          // One signature per form: its name, time and IP are the submission's (the contract's rule).
          <MenuItem key={type} onClick={() => add(type)} disabled={type === 'signature' && hasSignature}>
            {FORM_FIELD_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
