import { Box, Chip } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { formatDate } from '../../lib/dates';

/** The marker a deceased patient carries wherever it is listed. */
export function DeceasedChip({ deceasedOn, size = 'small' }: { deceasedOn: string | null; size?: 'small' | 'medium' }) {
  if (!deceasedOn) return null;
  return <Chip size={size} label={`Deceased ${formatDate(deceasedOn)}`} sx={{ bgcolor: 'grey.800', color: 'common.white' }} />;
}

/** Alerts (e.g. 'bites') stand out so staff see them before handling the animal. */
export function AlertChips({ alerts, size = 'small' }: { alerts: readonly string[]; size?: 'small' | 'medium' }) {
  if (alerts.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      {alerts.map((alert) => (
        <Chip key={alert} size={size} color="warning" icon={<WarningAmberIcon />} label={alert} />
      ))}
    </Box>
  );
}
