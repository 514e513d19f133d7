import { useState } from 'react';
import { Button } from '@mui/material';
import type { Estimate } from '@willow/contracts';
import { CONSENT_PURPOSES } from '../forms/appointment-forms';
import { SendFormDialog } from '../forms/send-form-dialog';

/**
 * Send the family a consent form for the estimate: the forms feature's send dialog, with the
 * estimate named, so the submitted form approves it (decision 0110).
 */
export function SendEstimateFormButton({ estimate, disabled }: { estimate: Estimate; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        Send consent form
      </Button>
      <SendFormDialog
        open={open}
        onClose={() => setOpen(false)}
        clientId={estimate.clientId}
        locationId={estimate.locationId}
        appointmentId={estimate.appointmentId}
        patientId={estimate.patientId}
        purposes={CONSENT_PURPOSES}
        estimateId={estimate.id}
      />
    </>
  );
}
