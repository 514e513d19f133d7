import { Chip } from '@mui/material';
import { STATUS_COLOURS } from '@willow/contracts';
import type { AppointmentStatus } from '@willow/contracts';

/** Every status carries its badge colour wherever it is shown. */
export function AppointmentStatusChip({ status, size = 'small' }: { status: AppointmentStatus; size?: 'small' | 'medium' }) {
  return <Chip size={size} color={STATUS_COLOURS[status]} label={status} data-testid="appointment-status" />;
}
