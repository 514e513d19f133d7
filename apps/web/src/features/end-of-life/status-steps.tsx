import { useState } from 'react';
import { Box, Button, Checkbox, Chip, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { aftercareLabels, canTransition, CREMATION_STATUSES, entersCremationWithout, marksDeceased, nextStatus, STATUS_COLOURS } from '@willow/contracts';
import type { AppointmentDetail, AppointmentStatus } from '@willow/contracts';
import type { StartOptions } from '../appointments/use-status-change';

/** What the status steps share: one status change (use-status-change) for the whole journey. */
export interface StatusMoves {
  start: (target: AppointmentStatus, options?: StartOptions) => void;
  busy: boolean;
}

/** The status where the step shows it (the dialog's own status chip above keeps its test id to itself). */
const StatusChip = ({ status }: { status: AppointmentStatus }) => <Chip size="small" color={STATUS_COLOURS[status]} label={status} data-testid="journey-status" />;

const VISIT: readonly AppointmentStatus[] = ['Pending', 'Confirmed', 'Checked In', 'Checked Out'];

/** The moves the aftercare step offers from a status: into the cremation chain, along it, and the ashes' two ends. */
export function aftercareMoves(status: AppointmentStatus, serviceTypes: readonly string[]): AppointmentStatus[] {
  if (status === 'Cremated') return ['Ashes Delivered', 'Ashes Spread'];
  const from: readonly AppointmentStatus[] = ['Completed', 'Submitted For Cremation'];
  if (!from.includes(status)) return [];
  return (CREMATION_STATUSES as readonly AppointmentStatus[]).filter((to) => canTransition(status, to) && !entersCremationWithout(status, to, serviceTypes));
}

function MoveButton({ target, moves, deceased }: { target: AppointmentStatus; moves: StatusMoves; deceased?: readonly string[] }) {
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ArrowForwardIcon />}
      // Not "Mark as …": the dialog's own next-status button above keeps that name to itself.
      aria-label={`Move to ${target}`}
      loading={moves.busy}
      onClick={() => moves.start(target, deceased ? { deceasedPatientIds: deceased } : {})}
    >
      {target}
    </Button>
  );
}

/**
 * Step 3: the visit's statuses, the next one in one click; the move that records the death has the
 * pets' "Mark … as deceased" boxes beside the button, ticked unless staff untick them, so the
 * death costs no extra click (decision 0183).
 */
export function VisitStep({ appointment, moves }: { appointment: AppointmentDetail; moves: StatusMoves }) {
  const types = appointment.services.map((s) => s.type);
  const living = appointment.patients.filter((p) => !p.deceasedOn);
  const [deceased, setDeceased] = useState<string[]>(() => living.map((p) => p.id));
  const next = VISIT.includes(appointment.status) ? nextStatus(appointment.status, types) : null;
  const recordsDeath = next !== null && marksDeceased(next, types) && living.length > 0;
  const toggle = (id: string, on: boolean) => setDeceased((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <StatusChip status={appointment.status} />
        {next && <MoveButton target={next} moves={moves} deceased={recordsDeath ? deceased : undefined} />}
      </Box>
      {recordsDeath && (
        <FormGroup>
          {living.map((p) => (
            <FormControlLabel
              key={p.id}
              control={<Checkbox size="small" checked={deceased.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />}
              label={`Mark ${p.name} as deceased`}
            />
          ))}
        </FormGroup>
      )}
      {appointment.patients.some((p) => p.deceasedOn) && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Death recorded: {appointment.patients.filter((p) => p.deceasedOn).map((p) => `${p.name} (${p.deceasedOn})`).join(', ')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * Step 4: the aftercare the family chose (the add-ons on the appointment) and its statuses through
 * the ashes delivered or spread, one click each.
 */
export function AftercareStep({ appointment, moves }: { appointment: AppointmentDetail; moves: StatusMoves }) {
  const types = appointment.services.map((s) => s.type);
  const offered = aftercareMoves(appointment.status, types);
  const chosen = [...aftercareLabels(appointment), ...appointment.addOns.map((a) => a.name)];
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="journey-aftercare-choices">
        {chosen.length > 0 ? `Chosen: ${chosen.join(', ')}` : 'No cremation type or keepsakes chosen yet'}
      </Typography>
      {offered.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {(CREMATION_STATUSES as readonly AppointmentStatus[]).includes(appointment.status) && <StatusChip status={appointment.status} />}
          {offered.map((target) => (
            <MoveButton key={target} target={target} moves={moves} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
