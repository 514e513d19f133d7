import { useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { readableMessage } from '../../lib/zod-errors';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useGlobalSearch } from '../search/search.api';
import { useClient } from './clients.api';

interface ClientOption {
  id: string;
  name: string;
  detail: string;
}

interface ClientPickerProps {
  value: string;
  onChange: (clientId: string) => void;
  label?: string;
  error?: string;
  helperText?: string;
  required?: boolean;
  /** only clients of this location; all the user can see when absent */
  locationId?: string | null;
  /** takes the focus when shown, so the name can be typed at once */
  autoFocus?: boolean;
}

/** Choose a client by name, phone or email, across every location the user can see. */
export function ClientPicker({
  value,
  onChange,
  label = 'Client',
  error,
  helperText = 'Optional: the client this contact belongs with',
  required,
  locationId = null,
  autoFocus = false,
}: ClientPickerProps) {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input);
  const current = useClient(value || undefined);
  const selected: ClientOption | null = current.data
    ? { id: current.data.id, name: `${current.data.firstName} ${current.data.lastName}`, detail: current.data.email ?? current.data.phone ?? '' }
    : null;
  const typed = selected && q === selected.name ? '' : q;
  const results = useGlobalSearch(typed, locationId);
  const options: ClientOption[] = (results.data?.clients ?? []).map((c) => ({
    id: c.id,
    name: `${c.firstName} ${c.lastName}`,
    detail: [c.phone, c.email].filter(Boolean).join(' · '),
  }));
  return (
    <Autocomplete<ClientOption>
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      value={value ? selected : null}
      onChange={(_, next) => onChange(next?.id ?? '')}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching || current.isLoading}
      noOptionsText={typed ? 'No clients found' : 'Type a name, phone or email'}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography variant="body2">{option.name}</Typography>
              {option.detail && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {option.detail}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} autoFocus={autoFocus} error={Boolean(error)} helperText={error ? readableMessage(error) : helperText} />
      )}
    />
  );
}
