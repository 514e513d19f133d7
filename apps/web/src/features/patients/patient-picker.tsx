import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { PatientWithClient } from '@willow/contracts';
import { readableMessage } from '../../lib/zod-errors';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { DeceasedChip } from './patient-chips';
import { usePatient, usePatientList } from './patients.api';

export type PatientChoice = Pick<PatientWithClient, 'id' | 'name' | 'clientId' | 'clientName' | 'speciesName' | 'deceasedOn'>;

interface PatientPickerProps {
  value: PatientChoice | null;
  onChange: (patient: PatientChoice | null) => void;
  error?: string;
  disabled?: boolean;
  /** only patients of this location (the selected one), otherwise all */
  locationId?: string;
  /** only this client's patients */
  clientId?: string;
  label?: string;
  required?: boolean;
  size?: 'small' | 'medium';
}

/** Choose a patient by typing part of its name or microchip; the owner is shown to tell namesakes apart. */
export function PatientPicker({
  value,
  onChange,
  error,
  disabled,
  locationId,
  clientId,
  label = 'Patient',
  required = true,
  size,
}: PatientPickerProps) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input);
  // While the box shows the chosen patient's label, searching for that text would hide the others.
  const typed = value && search === optionLabel(value) ? '' : search;
  const patients = usePatientList({ search: typed, locationId, clientId, limit: 20, offset: 0, includeDeceased: true }, !disabled);
  const options: PatientChoice[] = patients.data?.items ?? [];
  return (
    <Autocomplete<PatientChoice>
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={patients.isFetching}
      disabled={disabled}
      autoHighlight
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2">{option.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {option.speciesName} · {option.clientName}
              </Typography>
            </Box>
            <DeceasedChip deceasedOn={option.deceasedOn} />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          size={size}
          error={Boolean(error)}
          helperText={error ? readableMessage(error) : size === 'small' ? undefined : 'Type a name or microchip'}
        />
      )}
    />
  );
}

function optionLabel(p: PatientChoice): string {
  return `${p.name} (${p.clientName})`;
}

/**
 * The patient chosen in a record's form: starts as `initialId`'s patient (editing, or adding from
 * a patient's page) once it has loaded, and follows the picker after that.
 */
export function useChosenPatient(open: boolean, initialId: string | undefined) {
  const initial = usePatient(open ? initialId : undefined);
  const [chosen, setChosen] = useState<PatientChoice | null>(null);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) setTouched(false);
  }, [open, initialId]);
  const value = touched ? chosen : (initial.data ?? null);
  return {
    value,
    loading: Boolean(initialId) && initial.isLoading,
    set: (next: PatientChoice | null) => {
      setTouched(true);
      setChosen(next);
    },
  };
}
