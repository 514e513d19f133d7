import { Chip, ListSubheader, MenuItem, TextField } from '@mui/material';
import { USER_MESSAGES } from '@willow/contracts';
import { readableMessage } from '../../lib/zod-errors';
import { useStaff } from './users.api';

interface StaffSelectProps {
  label: string;
  value: string;
  onChange: (userId: string) => void;
  /** only staff of this location (null: the whole account) */
  locationId?: string | null;
  error?: string;
}

/** Pick a veterinarian, prescriber or provider: those who see patients are listed first. */
export function StaffSelect({ label, value, onChange, locationId = null, error }: StaffSelectProps) {
  const staff = useStaff(locationId);
  const choices = staff.data ?? [];
  const providers = choices.filter((c) => c.provider);
  const others = choices.filter((c) => !c.provider);
  const known = value === '' || choices.some((c) => c.value === value);
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ? readableMessage(error) : staff.isLoading ? 'Loading staff…' : undefined}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {providers.length > 0 && <ListSubheader>Providers</ListSubheader>}
      {providers.map((c) => (
        <MenuItem key={c.value} value={c.value} sx={{ gap: 1 }}>
          {c.label}
          {/* Picked here, they still cannot be booked (decision 0192). */}
          {c.unplaced && <Chip size="small" variant="outlined" color="warning" label={USER_MESSAGES.providerWithoutLocation} />}
        </MenuItem>
      ))}
      {others.length > 0 && providers.length > 0 && <ListSubheader>Other staff</ListSubheader>}
      {others.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
