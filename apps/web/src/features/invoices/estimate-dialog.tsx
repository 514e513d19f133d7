import { useMemo, useState } from 'react';
import { Button, Chip, DialogContentText, Typography } from '@mui/material';
import { RequestCardPayment } from '../card-payments/card-payment-requests';
import { z } from 'zod';
import { ESTIMATE_MESSAGES, ESTIMATE_STATUS_LABELS, EstimateInput, EstimateItemInput, estimateOps, formatCents } from '@willow/contracts';
import type { Estimate } from '@willow/contracts';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { TextPromptDialog } from '../appointments/text-prompt-dialog';
import { DocumentFields, documentInputOf, valuesOfDocument } from './document-editor';
import type { DocumentValues } from './document-editor';
import { DocumentDialogFrame, DocumentEditButtons, DocumentSummary } from './document-dialog-frame';
import { estimateItemInput, MAX_LINES, priceDraft } from './document-lines';
import {
  useApproveEstimate,
  useCreateEstimate,
  useDeclineEstimate,
  useDeleteEstimate,
  useEstimate,
  useInvoiceFromEstimate,
  useUpdateEstimate,
} from './invoices.api';
import { SendEstimateFormButton } from './send-estimate-form';
import { useDocumentDialog } from './use-document-dialog';
import type { DocumentStart } from './use-document-dialog';

const EstimateForm = EstimateInput.extend({
  items: z.array(EstimateItemInput).max(MAX_LINES, `must have at most ${MAX_LINES} lines`),
});

export const valuesOfEstimate = (estimate: Estimate): DocumentValues => valuesOfDocument(estimate, { validUntil: estimate.validUntil ?? '' });

export const estimateInputOf = (v: DocumentValues, locationId: string) => ({
  ...documentInputOf(v, locationId),
  validUntil: v.validUntil || null,
  items: v.lines.map(estimateItemInput),
});

export interface EstimateDialogProps {
  estimateId: string | null;
  start?: DocumentStart | null | undefined;
  onClose: () => void;
  /** an approved estimate became (or already is) this invoice: show it */
  onOpenInvoice: (invoiceId: string) => void;
}

/**
 * An estimate: lines with a quantity and a high quantity, so the family sees a low and a high
 * total. The client approves it in person or by a consent form; an approved one becomes an
 * invoice once (its deposits move with it). Mounted only while open.
 */
export function EstimateDialog({ estimateId, start, onClose, onOpenInvoice }: EstimateDialogProps) {
  const create = useCreateEstimate();
  const update = useUpdateEstimate();
  const kit = useDocumentDialog({
    documentId: estimateId,
    start,
    useGet: useEstimate,
    // Approved, declined or invoiced: what the client agreed to (or refused) stays as it was.
    editable: (e: Estimate) => e.status === 'open',
    valuesOf: valuesOfEstimate,
    form: EstimateForm,
    inputOf: estimateInputOf,
    body: estimateOps.body,
    create,
    update,
    remove: useDeleteEstimate(),
    messages: ESTIMATE_MESSAGES,
    deleteTitle: 'Delete estimate',
    deleteMessage: 'Delete this estimate for good?',
    onClose,
  });
  const { document: estimate, values: v, form, readOnly, currency, rateOf } = kit;
  const low = useMemo(() => priceDraft(v.lines, v, rateOf), [v, rateOf]);
  const high = useMemo(() => priceDraft(v.lines, v, rateOf, { high: true }), [v, rateOf]);

  const approve = useApproveEstimate();
  const decline = useDeclineEstimate();
  const toInvoice = useInvoiceFromEstimate();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const busy = kit.saving || approve.isPending || decline.isPending || toInvoice.isPending;

  const doApprove = (target: Estimate) => kit.act(approve, target.id, { success: ESTIMATE_MESSAGES.approved, error: ESTIMATE_MESSAGES.updateError });

  const makeInvoice = (target: Estimate) =>
    toInvoice.mutate(target.id, {
      onSuccess: (invoice) => {
        notifySuccess(ESTIMATE_MESSAGES.invoiced);
        onOpenInvoice(invoice.id);
      },
      onError: (error) => notifyError(ESTIMATE_MESSAGES.updateError, error),
    });

  const confirmDecline = () => {
    if (!estimate) return;
    kit.act(decline, { id: estimate.id, reason: reason.trim() || null }, { success: ESTIMATE_MESSAGES.declined, error: ESTIMATE_MESSAGES.updateError }, () => setDeclining(false));
  };

  const money = (cents: number) => formatCents(cents, currency);
  const summary = estimate && (
    <DocumentSummary testId="estimate-summary">
      <Chip size="small" label={ESTIMATE_STATUS_LABELS[estimate.status]} color={estimate.status === 'approved' ? 'success' : estimate.status === 'declined' ? 'default' : 'primary'} />
      {estimate.approvedAt && (
        <Typography variant="body2">
          Approved {formatDate(estimate.approvedAt.slice(0, 10))}
          {estimate.approvalMethod === 'form' ? ' by consent form' : estimate.approvalMethod === 'in_person' ? ' in person' : ''}
        </Typography>
      )}
      {estimate.deposit > 0 && <Typography variant="body2">Deposit paid {money(estimate.deposit)}</Typography>}
    </DocumentSummary>
  );

  const secondary = estimate && (
    <>
      {estimate.status === 'open' && (
        <>
          {kit.deleteButton(busy)}
          <Button
            color="warning"
            onClick={() => {
              setReason('');
              setDeclining(true);
            }}
            disabled={busy}
          >
            Decline
          </Button>
          <SendEstimateFormButton estimate={estimate} disabled={busy || form.dirty} />
        </>
      )}
    </>
  );

  const primary = (
    <DocumentEditButtons readOnly={readOnly} busy={busy} unread={kit.unread} saving={kit.saving} onClose={onClose} step={{ label: 'Approve in person', onClick: () => kit.saveThen(doApprove) }}>
      {estimate?.status === 'approved' && !estimate.invoiceId && (
        <Button variant="contained" onClick={() => makeInvoice(estimate)} loading={toInvoice.isPending}>
          Make invoice
        </Button>
      )}
      {estimate?.invoiceId && (
        <Button variant="contained" onClick={() => onOpenInvoice(estimate.invoiceId!)}>
          Open invoice
        </Button>
      )}
    </DocumentEditButtons>
  );

  return (
    <>
      <DocumentDialogFrame
        {...kit.frame}
        title={estimate ? 'Estimate' : 'New estimate'}
        summary={summary}
        busy={busy}
        secondary={secondary}
        primary={primary}
        testId="estimate-editor"
      >
        {estimate && (
          <RequestCardPayment
            clientId={estimate.clientId}
            locationId={estimate.locationId}
            estimateId={estimate.id}
            currency={estimate.currency}
            owed={estimate.highTotal - estimate.deposit}
            canAsk={(estimate.status === 'open' || estimate.status === 'approved') && !estimate.invoiceId && !form.dirty}
          />
        )}
        <DocumentFields kind="estimate" noun="Estimate" {...kit.fields} priced={low} high={high} />
      </DocumentDialogFrame>
      {kit.deleteDialog}
      <TextPromptDialog
        open={declining}
        title="Decline estimate"
        label="Reason"
        value={reason}
        onChange={setReason}
        busy={decline.isPending}
        backLabel="Back"
        confirmLabel="Decline estimate"
        confirmColor="warning"
        onBack={() => setDeclining(false)}
        onConfirm={confirmDecline}
      >
        <DialogContentText>The estimate stays on record as declined and can no longer be changed.</DialogContentText>
      </TextPromptDialog>
    </>
  );
}
