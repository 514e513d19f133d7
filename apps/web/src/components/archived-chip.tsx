import { Chip } from '@mui/material';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { formatDateTime } from '../lib/dates';

/** The marker an archived client or patient carries wherever it is listed or shown. */
export function ArchivedChip({ archivedAt, size = 'small' }: { archivedAt: string | null; size?: 'small' | 'medium' }) {
  if (!archivedAt) return null;
  return <Chip size={size} icon={<Inventory2Icon />} label="Archived" title={`Archived ${formatDateTime(archivedAt)}`} variant="outlined" />;
}
