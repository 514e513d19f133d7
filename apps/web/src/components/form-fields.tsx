import { useCallback, useMemo, useState } from 'react';
import type { ChangeEvent } from 'react';
import {
  Autocomplete,
  Chip,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import type { TextFieldProps } from '@mui/material';
import type { z } from 'zod';
import { readableMessage, validate } from '../lib/zod-errors';
import type { FieldErrors } from '../lib/zod-errors';

/** Form values, field errors from a contract schema, and a `check` that runs the schema. */
export function useFormState<V extends object>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // The user is fixing this field; its old error no longer describes it.
    setErrors((current) => {
      if (!(String(key) in current)) return current;
      const { [String(key)]: _removed, ...rest } = current;
      return rest;
    });
  }, []);
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);
  /** Validates `input` (the values by default) and returns the parsed data, or undefined after showing errors. */
  const check = useCallback(<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | undefined => {
    const result = validate(schema, input);
    if (result.ok) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors);
    return undefined;
  }, []);
  return { values, set, errors, setErrors, reset, check };
}

type TextInputProps = Omit<TextFieldProps, 'onChange' | 'value' | 'error'> & {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
};

export function TextInput({ value, onValueChange, error, helperText, ...rest }: TextInputProps) {
  return (
    <TextField
      fullWidth
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onValueChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ? readableMessage(error) : helperText}
      {...rest}
    />
  );
}

interface SwitchInputProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function SwitchInput({ label, checked, onChange, disabled }: SwitchInputProps) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
      label={label}
    />
  );
}

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
}

/** Multi-select with chips and type-to-filter; values are ids, labels come from `options`. */
export function MultiSelectInput({ label, options, value, onChange, error, loading, helperText }: MultiSelectInputProps) {
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
        <TextField {...params} label={label} required error={Boolean(error)} helperText={error && readableMessage(error)} />
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
export function SelectInput({ label, options, value, onChange, error, required, disabled, emptyLabel, helperText, size }: SelectInputProps) {
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
      helperText={error ? readableMessage(error) : helperText}
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
}

type DateInputProps = Omit<TextInputProps, 'type'>;

/** A calendar date as YYYY-MM-DD, the browser's own picker. */
export function DateInput(props: DateInputProps) {
  return <TextInput type="date" slotProps={{ inputLabel: { shrink: true } }} {...props} />;
}

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
