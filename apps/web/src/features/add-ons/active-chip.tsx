import { Chip } from '@mui/material';

export function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" variant="outlined" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} />;
}
