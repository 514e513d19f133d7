import { useEffect } from 'react';
import type { JSX, SyntheticEvent } from 'react';
import { Box, Button } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { nextStatus } from '@willow/contracts';
import type { Appointment } from '@willow/contracts';
import { useStatusChange } from './use-status-change';

// On a calendar block the button and its dialogs (portals, whose events still bubble through the
// React tree) must neither open the appointment nor start a drag.
const keepToItself = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The appointment's next likely status as one click ("Mark as Checked In"), with the same
 * questions as any status change (use-status-change). Nothing when the appointment is finished.
 * Every signed-in staff member may move an appointment along its path (docs/decisions/0020), so
 * there is no permission to check here.
 */
export function NextStatusButton({
  appointment,
  size = 'small',
  onChanged,
  onEngagedChange,
}: {
  appointment: Appointment;
  size?: 'small' | 'medium';
  onChanged?: () => void;
  /**
   * Told while one of its questions is open or the change is on its way, so that a hover card
   * holding the button stays (closing it would take the question with it).
   */
  onEngagedChange?: (engaged: boolean) => void;
}): JSX.Element | null {
  const next = nextStatus(appointment.status, appointment.services.map((s) => s.type));
  const { start, busy, engaged, dialogs } = useStatusChange(appointment, onChanged);
  useEffect(() => {
    if (!onEngagedChange) return;
    onEngagedChange(engaged);
    return () => onEngagedChange(false);
  }, [engaged, onEngagedChange]);
  if (!next) return null;
  return (
    <Box component="span" sx={{ display: 'contents' }} onClick={keepToItself} onPointerDown={keepToItself} onMouseDown={keepToItself}>
      <Button
        size={size}
        variant="outlined"
        startIcon={<ArrowForwardIcon />}
        aria-label={`Mark as ${next}`}
        loading={busy}
        onClick={() => start(next)}
      >
        {next}
      </Button>
      {dialogs}
    </Box>
  );
}
