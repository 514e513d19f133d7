import { Alert, Box, Button, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useState } from 'react';
import { DEFAULT_CURRENCY, ESTIMATE_STATUS_LABELS, existingInvoiceLabel, formatCents, INVOICE_MESSAGES, INVOICE_STATUS_LABELS, invoiceNumberLabel } from '@willow/contracts';
import type { AppointmentDetail, MissedCharge } from '@willow/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiError } from '../../lib/http-client';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { settlementLabels } from './credit-label';
import { useBillingDialogs } from './billing-dialogs';
import { useAddMissedCharge, useEstimates, useInvoiceFromAppointment, useInvoices, useMissedCharges } from './invoices.api';

/** The status at which what was performed is compared with what is billed. */
export const MISSED_CHARGES_STATUS = 'Checked Out';

/**
 * The appointment's billing: its invoices and estimates, "Create invoice" from what it booked
 * (services and add-ons become lines) or, once an invoice bills it, "Open invoice" (a second one
 * only after a question naming the first: decision 0188), and at Checked Out what was performed
 * but is on no invoice, each added with one click.
 */
export function AppointmentBilling({ appointment }: { appointment: AppointmentDetail }) {
  const billing = useBillingDialogs();
  const filter = { appointmentId: appointment.id, limit: 25, offset: 0 };
  const invoices = useInvoices(filter);
  const estimates = useEstimates(filter);
  const fromAppointment = useInvoiceFromAppointment();
  const checkedOut = appointment.status === MISSED_CHARGES_STATUS;
  const missed = useMissedCharges(appointment.id, checkedOut);
  const addMissed = useAddMissedCharge();
  const patientId = appointment.patients.length === 1 ? appointment.patients[0]!.id : null;
  const start = { locationId: appointment.locationId, clientId: appointment.clientId, patientId, appointmentId: appointment.id };

  const invoiceRows = invoices.data?.items ?? [];
  // The invoice that bills the appointment (the first made, void ones aside): opened, not made again.
  const existing = invoiceRows.filter((i) => i.kind === 'invoice' && i.status !== 'void').at(-1);
  /** The question before a second invoice, naming the first (the server's words when it knew of one first). */
  const [another, setAnother] = useState<string | null>(null);

  const create = (again = false) =>
    fromAppointment.mutate(
      { appointmentId: appointment.id, ...(again && { again }) },
      {
        onSuccess: (invoice) => {
          setAnother(null);
          notifySuccess(INVOICE_MESSAGES.created);
          billing.openInvoice(invoice.id);
        },
        onError: (error) => {
          // Made meanwhile elsewhere (another desk, another tab): the same question as here.
          if (error instanceof ApiError && error.status === 409 && !again) setAnother(error.message);
          else notifyError(INVOICE_MESSAGES.createError, error);
        },
      },
    );

  const add = (charge: MissedCharge) =>
    addMissed.mutate(
      { appointment, invoiceId: missed.data?.invoiceId ?? null, charge },
      {
        onSuccess: ({ created }) => notifySuccess(created ? INVOICE_MESSAGES.created : INVOICE_MESSAGES.updated),
        onError: (error) => notifyError(INVOICE_MESSAGES.updateError, error),
      },
    );

  const estimateRows = estimates.data?.items ?? [];
  const missedRows = missed.data?.items ?? [];
  return (
    <Box
      component="section"
      aria-labelledby={`appointment-billing-${appointment.id}`}
      // The editors opened from here are portals inside the appointment's form in React's tree:
      // their submit must not bubble on and save the appointment.
      onSubmit={(event) => event.stopPropagation()}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" id={`appointment-billing-${appointment.id}`}>
          Invoice
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<AddIcon />} onClick={() => billing.newEstimate(start)}>
            New estimate
          </Button>
          {existing ? (
            <>
              <Button size="small" onClick={() => setAnother(INVOICE_MESSAGES.alreadyBilled(existingInvoiceLabel(existing)))}>
                Another invoice
              </Button>
              <Button size="small" variant="outlined" startIcon={<ReceiptLongIcon />} onClick={() => billing.openInvoice(existing.id)}>
                Open invoice
              </Button>
            </>
          ) : (
            <Button size="small" startIcon={<ReceiptLongIcon />} onClick={() => create()} loading={fromAppointment.isPending}>
              Create invoice
            </Button>
          )}
        </Box>
      </Stack>
      {invoices.error ? (
        <Alert severity="error">{invoices.error.message}</Alert>
      ) : invoiceRows.length === 0 && estimateRows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {invoices.isLoading ? 'Loading…' : 'No invoice for this appointment yet.'}
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Invoices of the appointment">
          {invoiceRows.map((i) => (
            <ListItem key={i.id} disablePadding>
              <ListItemButton onClick={() => billing.openInvoice(i.id)}>
                <ListItemText
                  primary={`${invoiceNumberLabel(i.kind, i.number)} · ${formatCents(i.total, i.currency)}`}
                  secondary={[INVOICE_STATUS_LABELS[i.status], ...Object.values(settlementLabels(i))].filter(Boolean).join(' · ')}
                />
              </ListItemButton>
            </ListItem>
          ))}
          {estimateRows.map((e) => (
            <ListItem key={e.id} disablePadding>
              <ListItemButton onClick={() => billing.openEstimate(e.id)}>
                <ListItemText
                  primary={`Estimate · ${formatCents(e.lowTotal, e.currency)} – ${formatCents(e.highTotal, e.currency)}`}
                  secondary={ESTIMATE_STATUS_LABELS[e.status]}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {checkedOut && (
        <Box sx={{ mt: 1 }} data-testid="missed-charges">
          {missed.error ? (
            <Alert severity="error">{missed.error.message}</Alert>
          ) : missedRows.length > 0 ? (
            <Alert severity="warning" icon={false}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Performed but not on an invoice
              </Typography>
              <List dense disablePadding aria-label="Missed charges">
                {missedRows.map((charge) => (
                  <ListItem
                    key={`${charge.kind}-${charge.serviceId ?? charge.addOnId ?? charge.itemId}-${charge.description}`}
                    disableGutters
                    secondaryAction={
                      <Button size="small" onClick={() => add(charge)} disabled={addMissed.isPending} aria-label={`Add ${charge.description} to the invoice`}>
                        Add
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={charge.description}
                      secondary={`${charge.quantity} × ${formatCents(charge.unitPrice, invoiceRows[0]?.currency ?? DEFAULT_CURRENCY)}`}
                      sx={{ pr: 8 }}
                    />
                  </ListItem>
                ))}
              </List>
            </Alert>
          ) : missed.isSuccess ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Everything performed is on an invoice.
            </Typography>
          ) : null}
        </Box>
      )}
      <ConfirmDialog
        open={another !== null}
        title="Another invoice?"
        message={another}
        confirmLabel="Create another invoice"
        busy={fromAppointment.isPending}
        onConfirm={() => create(true)}
        onClose={() => setAnother(null)}
      />
      {billing.dialogs}
    </Box>
  );
}
