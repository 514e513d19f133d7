import { memo, useMemo } from 'react';
import { Autocomplete, Chip, FormControlLabel, FormHelperText, MenuItem, Switch, TextField } from '@mui/material';
import { pickOneMessage, readableMessage } from '../lib/zod-errors';

// The form kit, one module per kind of field so that a page loads only the fields it shows (the
// sign-in page: text fields alone, without the menus and pickers of the others).
export { useFormState } from './form-state';
export { DateInput, MessageInput, TextInput } from './text-input';

interface SwitchInputProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export const SwitchInput = memo(function SwitchInput({ label, checked, onChange, disabled }: SwitchInputProps) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
      label={label}
    />
  );
});

export interface Option {
  value: string;
  label: string;
}

interface MultiSelectInputProps {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  loading?: boolean;
  helperText?: string;
  required?: boolean;
}

/** Multi-select with chips and type-to-filter; values are ids, labels come from `options`. */
export function MultiSelectInput({ label, options, value, onChange, error, loading, helperText, required }: MultiSelectInputProps) {
  const selected = useMemo(() => options.filter((o) => value.includes(o.value)), [options, value]);
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      loading={loading}
      onChange={(_, next) => onChange(next.map((o) => o.value))}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      filterSelectedOptions
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.label} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ? readableMessage(error) : helperText}
        />
      )}
    />
  );
}

let cachedTimeZones: string[] | undefined;
export function timeZones(): string[] {
  cachedTimeZones ??= Intl.supportedValuesOf('timeZone');
  return cachedTimeZones;
}

interface TimeZoneInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
}

export function TimeZoneInput({ value, onChange, error, label = 'Time zone' }: TimeZoneInputProps) {
  return (
    <Autocomplete
      options={timeZones()}
      value={value || null}
      onChange={(_, next) => onChange(next ?? '')}
      autoHighlight
      renderInput={(params) => (
        <TextField {...params} label={label} required error={Boolean(error)} helperText={error && pickOneMessage(label, error)} />
      )}
    />
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return <FormHelperText error>{readableMessage(message)}</FormHelperText>;
}

interface SelectInputProps {
  label: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** label of an empty choice (value ''); no empty choice without it */
  emptyLabel?: string;
  helperText?: string;
  size?: 'small' | 'medium';
}

/** A single choice from a short list (species, category, a user). */
export const SelectInput = memo(function SelectInput({ label, options, value, onChange, error, required, disabled, emptyLabel, helperText, size }: SelectInputProps) {
  // A value not (yet) among the options would make MUI warn and show blank; show it empty instead.
  const known = value === '' || options.some((o) => o.value === value);
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ? pickOneMessage(label, error) : helperText}
      required={required}
      disabled={disabled}
      size={size}
      // With an empty choice, '' is a real answer ('All', 'None') and should read as one.
      slotProps={emptyLabel !== undefined ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
});

interface TagsInputProps {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  helperText?: string;
  suggestions?: readonly string[];
  /** chip colour, e.g. 'warning' for patient alerts */
  color?: 'default' | 'warning' | 'error';
}

/** Free-text tags typed in and confirmed with Enter (e.g. patient alerts such as 'bites'). */
export function TagsInput({ label, value, onChange, error, helperText, suggestions = [], color = 'default' }: TagsInputProps) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={suggestions.filter((s) => !value.includes(s))}
      value={[...value]}
      onChange={(_, next) => onChange([...new Set(next.map((t) => t.trim()).filter(Boolean))])}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" color={color} label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ? readableMessage(error) : (helperText ?? 'Type and press Enter to add')}
        />
      )}
    />
  );
}

/** Text of a number field to the number the contract wants: blank is null, junk stays junk for zod to reject. */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Blank text fields are sent as null, which the contracts read as "not given". */
export const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text);
