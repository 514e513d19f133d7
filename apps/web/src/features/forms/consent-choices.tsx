import { Alert, Button } from '@mui/material';
import { FORM_MESSAGES, type AppointmentDetail } from '@willow/contracts';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useAcceptChoices, useAppointmentChoices } from './forms.api';

/**
 * What the family chose on the appointment's latest form (a paw print, an urn, the cremation, the
 * ashes), offered to staff to put on the appointment in one click (decision 0185); once accepted,
 * it says so. Nothing shows while no submission asks for anything.
 */
export function ConsentChoices({ appointment }: { appointment: AppointmentDetail }) {
  const choices = useAppointmentChoices(appointment.id);
  const accept = useAcceptChoices();
  if (choices.error) return <Alert severity="error">{choices.error.message}</Alert>;
  const c = choices.data;
  if (!c) return null;
  const chosen = c.labels.join(', ');
  if (c.acceptedAt) {
    return (
      <Alert severity="success" role="status">
        Accepted{c.acceptedBy ? ` by ${c.acceptedBy.name}` : ''}: {chosen}
      </Alert>
    );
  }
  const onAccept = () =>
    accept.mutate(c.submissionId, {
      onSuccess: () => notifySuccess(FORM_MESSAGES.choicesAccepted),
      onError: (error) => notifyError(FORM_MESSAGES.choicesAcceptError, error),
    });
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={onAccept} loading={accept.isPending}>
          Accept choices
        </Button>
      }
    >
      The family chose: {chosen}
    </Alert>
  );
}
