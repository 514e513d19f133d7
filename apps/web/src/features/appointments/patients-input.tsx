import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { readableMessage } from '../../lib/zod-errors';
import { DeceasedChip } from '../patients/patient-chips';
import type { PatientOption } from './appointment-form-options';

interface PatientsInputProps {
  clientId: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  options: readonly PatientOption[];
  loading: boolean;
  error?: string;
}

/** The client's animals, several at once; deceased ones stay choosable (aftercare) but are marked. */
export function PatientsInput({ clientId, value, onChange, options, loading, error }: PatientsInputProps) {
  const selected = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete<PatientOption, true>
      multiple
      options={options}
      value={selected}
      onChange={(_, next) => onChange(next.map((p) => p.id))}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      loading={loading}
      disabled={!clientId}
      noOptionsText="This client has no patients"
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2">{option.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {option.speciesName}
              </Typography>
            </Box>
            <DeceasedChip deceasedOn={option.deceasedOn} />
          </Box>
        );
      }}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={option.deceasedOn ? `${option.name} (deceased)` : option.name}
              sx={option.deceasedOn ? { bgcolor: 'grey.800', color: 'common.white' } : undefined}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Patients"
          error={Boolean(error)}
          helperText={error ? readableMessage(error) : clientId ? undefined : 'Choose the client first'}
        />
      )}
    />
  );
}
