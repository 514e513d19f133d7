import { MenuItem, TextField } from '@mui/material';
import { readableMessage } from '../../lib/zod-errors';
import { useSubscriptionTiers } from '../subscriptions/subscriptions.api';

export function TierSelect({ value, onChange, error }: { value: string; onChange: (tier: string) => void; error?: string }) {
  const tiers = useSubscriptionTiers();
  const options = tiers.data ?? [];
  return (
    <TextField
      select
      fullWidth
      required
      label="Subscription tier"
      value={options.some((t) => t.key === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ? readableMessage(error) : undefined}
    >
      {options.map((tier) => (
        <MenuItem key={tier.key} value={tier.key}>
          {tier.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
