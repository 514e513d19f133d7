import type { ReactNode } from 'react';
import { Alert, Box, Step, StepContent, StepLabel, Stepper, Typography } from '@mui/material';
import type { AppointmentDetail } from '@willow/contracts';
import { useStatusChange } from '../appointments/use-status-change';
import { useCardPaymentRequests } from '../card-payments/card-payments.api';
import { AftercareMessages } from '../communications/aftercare-messages';
import { useClientChannels } from '../communications/communications.api';
import { useAppointmentChoices } from '../forms/forms.api';
import { useBillingDialogs } from '../invoices/billing-dialogs';
import { useEstimates, useInvoices } from '../invoices/invoices.api';
import { ConsentStep } from './consent-step';
import { DepositStep, preferredChannel } from './deposit-step';
import { InvoiceStep } from './invoice-step';
import { useJourneyFormRequests } from './journey.api';
import { depositEstimate, isEndOfLife, JOURNEY_STATE_LABELS, JOURNEY_STEP_TITLES, journeyInvoice, journeySteps } from './journey-steps';
import type { JourneyStepKey } from './journey-steps';
import { AftercareStep, VisitStep } from './status-steps';

/**
 * The end-of-life journey in one place (decision 0182): at the top of an end-of-life appointment's
 * dialog, its six steps in order — consent, deposit, visit, aftercare, invoice, aftercare messages —
 * each with its state (done, next, skipped, not yet) and its actions one or two clicks away.
 * Nothing for other appointments.
 */
export function EndOfLifeJourney({ appointment }: { appointment: AppointmentDetail }) {
  if (!isEndOfLife(appointment.services)) return null;
  return <Journey appointment={appointment} />;
}

function Journey({ appointment }: { appointment: AppointmentDetail }) {
  const filter = { appointmentId: appointment.id, limit: 25, offset: 0 };
  const forms = useJourneyFormRequests(appointment.id);
  const estimates = useEstimates(filter);
  const invoices = useInvoices(filter);
  const channels = useClientChannels(appointment.clientId);
  const estimate = depositEstimate(estimates.data?.items ?? []);
  const depositRequests = useCardPaymentRequests({ estimateId: estimate?.id }, Boolean(estimate));
  const status = useStatusChange(appointment);
  const billing = useBillingDialogs();
  // The same query the consent step's choices read: one request for both.
  const choices = useAppointmentChoices(appointment.id);

  const invoice = journeyInvoice(invoices.data?.items ?? []);
  const steps = journeySteps({
    status: appointment.status,
    services: appointment.services,
    formRequests: forms.data ?? [],
    estimates: estimates.data?.items ?? [],
    depositRequests: depositRequests.data ?? [],
    invoices: invoices.data?.items ?? [],
    choicesWaiting: Boolean(choices.data && !choices.data.acceptedAt),
  });
  const channel = preferredChannel(channels.data);
  const moves = { start: status.start, busy: status.busy };
  const failed = forms.error ?? estimates.error ?? invoices.error;

  const content: Record<JourneyStepKey, ReactNode> = {
    consent: <ConsentStep appointment={appointment} requests={forms.data ?? []} />,
    deposit: (
      <DepositStep
        appointment={appointment}
        estimate={estimate}
        requests={depositRequests.data ?? []}
        invoiced={invoice !== null}
        channel={channel}
        onOpenEstimate={billing.openEstimate}
      />
    ),
    visit: <VisitStep appointment={appointment} moves={moves} />,
    aftercare: <AftercareStep appointment={appointment} moves={moves} />,
    invoice: <InvoiceStep appointment={appointment} invoice={invoice} estimate={estimate} channel={channel} onOpenInvoice={billing.openInvoice} />,
    messages: <AftercareMessages appointment={appointment} />,
  };
  const headingId = `end-of-life-journey-${appointment.id}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="end-of-life-journey"
      // The dialogs opened from here are portals inside the appointment's form in React's tree:
      // their submit must not bubble on and save the appointment.
      onSubmit={(event) => event.stopPropagation()}
    >
      <Typography variant="subtitle2" component="h3" id={headingId}>
        End-of-life journey
      </Typography>
      {failed && <Alert severity="error">{failed.message}</Alert>}
      <Stepper orientation="vertical" nonLinear activeStep={steps.findIndex((s) => s.state === 'next')} sx={{ mt: 1 }}>
        {steps.map((step) => (
          <Step key={step.key} completed={step.state === 'done'} expanded data-testid={`journey-step-${step.key}`} data-state={step.state}>
            <StepLabel
              optional={
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {JOURNEY_STATE_LABELS[step.state]} · {step.summary}
                </Typography>
              }
            >
              {JOURNEY_STEP_TITLES[step.key]}
            </StepLabel>
            <StepContent>{content[step.key]}</StepContent>
          </Step>
        ))}
      </Stepper>
      {status.dialogs}
      {billing.dialogs}
    </Box>
  );
}
