import { memo, useMemo } from 'react';
import { Autocomplete, Box, Chip, TextField, Typography, createFilterOptions } from '@mui/material';
import { readableMessage } from '../../lib/zod-errors';
import { serviceLabel } from './appointment-form-options';
import type { ServiceOption } from './appointment-form-options';

interface ServicesInputProps {
  options: readonly ServiceOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  loading: boolean;
  error?: string;
  helperText?: string;
}

// Typing finds a service by its name or its type ('euth' finds a home euthanasia named otherwise).
const filter = createFilterOptions<ServiceOption>({ stringify: (s) => `${s.name} ${s.type}` });

/**
 * The appointment's services, found by typing: the first match is highlighted, so a pick is one
 * click (or Enter); the list closes after it and the field is ready for the next one.
 */
export const ServicesInput = memo(function ServicesInput({ options, value, onChange, loading, error, helperText }: ServicesInputProps) {
  const selected = useMemo(() => options.filter((o) => value.includes(o.id)), [options, value]);
  return (
    <Autocomplete<ServiceOption, true>
      multiple
      options={options}
      value={selected}
      onChange={(_, next) => onChange(next.map((s) => s.id))}
      getOptionLabel={serviceLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={filter}
      filterSelectedOptions
      autoHighlight
      loading={loading}
      noOptionsText="No service matches"
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
            <Typography variant="body2">{serviceLabel(option)}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-hidden>
              {option.type}
            </Typography>
          </Box>
        );
      }}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={serviceLabel(option)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label="Services" error={Boolean(error)} helperText={error ? readableMessage(error) : helperText} />
      )}
    />
  );
});
