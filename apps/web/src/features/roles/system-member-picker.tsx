import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { readableMessage } from '../../lib/zod-errors';
import type { MemberPickerProps } from './role-form-dialog';
import { useSystemRoleCandidates } from './roles.api';

export interface Candidate {
  id: string;
  label: string;
}

/** Waits for a pause in typing so each keystroke does not become a request. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface SystemMemberPickerProps extends MemberPickerProps {
  /** names of users already seen, so chosen members keep a readable label between searches */
  known: Map<string, string>;
  remember: (candidates: Candidate[]) => void;
}

/** Users of every account, found by name or email on the server. */
export function SystemMemberPicker({ value, onChange, error, known, remember }: SystemMemberPickerProps) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  const candidates = useSystemRoleCandidates(search, true);

  const options = useMemo<Candidate[]>(
    () =>
      (candidates.data ?? []).map((c) => ({
        id: c.id,
        label: `${c.firstName} ${c.lastName} (${c.email}, ${c.accountName})`,
      })),
    [candidates.data],
  );
  useEffect(() => remember(options), [options, remember]);
  const selected = value.map((id) => ({ id, label: known.get(id) ?? options.find((o) => o.id === id)?.label ?? id }));

  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={candidates.isFetching}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      onChange={(_, next) => onChange(next.map((c) => c.id))}
      getOptionLabel={(c) => c.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderValue={(items, getItemProps) =>
        items.map((c, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={c.label} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Members"
          placeholder="Search by name or email"
          error={Boolean(error)}
          helperText={error ? readableMessage(error) : undefined}
        />
      )}
    />
  );
}
