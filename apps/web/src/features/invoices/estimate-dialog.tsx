import { useEffect, useMemo, useState } from 'react';
import { Button, Chip, DialogContentText, Stack, Typography } from '@mui/material';
import { RequestCardPayment } from '../card-payments/card-payment-requests';
import { z } from 'zod';
import { DEFAULT_CURRENCY, ESTIMATE_MESSAGES, ESTIMATE_STATUS_LABELS, EstimateInput, EstimateItemInput, formatCents, MANAGE_BILLING } from '@willow/contracts';
import type { Estimate } from '@willow/contracts';
import { useFormState } from '../../components/form-fields';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useHasAnyPermission } from '../../app/session';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { TextPromptDialog } from '../appointments/text-prompt-dialog';
import { blankDocument, DocumentFields } from './document-editor';
import type { DocumentValues } from './document-editor';
import { DocumentDialogFrame } from './document-dialog-frame';
import { documentSaveHandlers } from './document-save';
import {
  basisPointsToPercent,
  centsToUnits,
  discountValueOf,
  draftsFromItems,
  estimateItemInput,
  MAX_LINES,
  priceDraft,
  rateOfCodes,
} from './document-lines';
import type { InvoiceStart } from './invoice-dialog';
import {
  useApproveEstimate,
  useClientBalance,
  useCreateEstimate,
  useDeclineEstimate,
  useDeleteEstimate,
  useEstimate,
  useInvoiceFromEstimate,
  useTaxCodes,
  useUpdateEstimate,
} from './invoices.api';
import { SendEstimateFormButton } from './send-estimate-form';

const EstimateForm = EstimateInput.extend({
  items: z.array(EstimateItemInput).max(MAX_LINES, `must have at most ${MAX_LINES} lines`),
});

export function valuesOfEstimate(estimate: Estimate): DocumentValues {
  return blankDocument({
    clientId: estimate.clientId,
    patientId: estimate.patientId ?? '',
    appointmentId: estimate.appointmentId ?? '',
    validUntil: estimate.validUntil ?? '',
    discountType: estimate.discountType,
    discount: estimate.discountType === 'none' ? '' : estimate.discountType === 'percent' ? basisPointsToPercent(estimate.discountValue) : centsToUnits(estimate.discountValue),
    notes: estimate.notes,
    lines: draftsFromItems(estimate.items),
  });
}

export const estimateInputOf = (v: DocumentValues, locationId: string) => ({
  locationId,
  clientId: v.clientId,
  patientId: v.patientId || null,
  appointmentId: v.appointmentId || null,
  validUntil: v.validUntil || null,
  discountType: v.discountType,
  discountValue: discountValueOf(v.discountType, v.discount),
  notes: v.notes,
  items: v.lines.map(estimateItemInput),
});

export interface EstimateDialogProps {
  estimateId: string | null;
  start?: InvoiceStart | null | undefined;
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
  const [id, setId] = useState<string | null>(estimateId);
  const query = useEstimate(id ?? undefined);
  const estimate = query.data;
  const locationId = estimate?.locationId ?? start?.locationId ?? '';
  const form = useFormState<DocumentValues>(
    blankDocument({
      clientId: start?.clientId ?? '',
      patientId: start?.patientId ?? '',
      appointmentId: start?.appointmentId ?? '',
      ...(start?.lines?.length ? { lines: start.lines } : {}),
    }),
  );
  const { reset } = form;
  const [loadedId, setLoadedId] = useState<string | null>(null);
  useEffect(() => {
    if (estimate && estimate.id !== loadedId) {
      reset(valuesOfEstimate(estimate));
      setLoadedId(estimate.id);
    }
  }, [estimate, loadedId, reset]);

  const v = form.values;
  // Approved, declined or invoiced: what the client agreed to (or refused) stays as it was.
  const readOnly = estimate ? estimate.status !== 'open' : false;
  const taxCodes = useTaxCodes(locationId || null);
  const balance = useClientBalance(v.clientId || null);
  const currency = estimate?.currency ?? balance.data?.currency ?? DEFAULT_CURRENCY;
  const rateOf = useMemo(() => rateOfCodes(taxCodes.data ?? []), [taxCodes.data]);
  const low = useMemo(() => priceDraft(v.lines, v, rateOf), [v, rateOf]);
  const high = useMemo(() => priceDraft(v.lines, v, rateOf, { high: true }), [v, rateOf]);

  const create = useCreateEstimate();
  const update = useUpdateEstimate();
  const approve = useApproveEstimate();
  const decline = useDeclineEstimate();
  const toInvoice = useInvoiceFromEstimate();
  const remove = useDeleteEstimate();
  // Deleting an estimate needs billing.manage (decision 0132), as the server checks.
  const canDelete = useHasAnyPermission([MANAGE_BILLING]);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const busy = create.isPending || update.isPending || approve.isPending || decline.isPending || toInvoice.isPending;

  const confirmDelete = useConfirmDelete<Estimate>({
    title: 'Delete estimate',
    message: () => 'Delete this estimate for good?',
    run: (e) => remove.mutateAsync(e.id),
    success: ESTIMATE_MESSAGES.deleted,
    error: ESTIMATE_MESSAGES.deleteError,
    onDeleted: onClose,
  });

  const shown = (saved: Estimate) => {
    setId(saved.id);
    setLoadedId(saved.id);
    reset(valuesOfEstimate(saved));
  };

  const save = (then?: (saved: Estimate) => void) => {
    const checked = form.check(EstimateForm, estimateInputOf(v, locationId));
    if (!checked) return;
    const { items, locationId: at, ...header } = checked;
    const handlers = documentSaveHandlers<Estimate>({ messages: ESTIMATE_MESSAGES, dataKey: 'estimateData', itemsKey: 'estimateItems', setErrors: form.setErrors, shown, then });
    if (estimate) update.mutate({ id: estimate.id, data: { estimateData: header, estimateItems: items } }, handlers.updated);
    else create.mutate({ estimateData: { locationId: at, ...header }, estimateItems: items }, handlers.created);
  };

  const doApprove = (target: Estimate) =>
    approve.mutate(target.id, {
      onSuccess: (saved) => {
        shown(saved);
        notifySuccess(ESTIMATE_MESSAGES.approved);
      },
      onError: (error) => notifyError(ESTIMATE_MESSAGES.updateError, error),
    });
  const approveClicked = () => (estimate && !form.dirty ? doApprove(estimate) : save(doApprove));

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
    decline.mutate(
      { id: estimate.id, reason: reason.trim() || null },
      {
        onSuccess: (saved) => {
          shown(saved);
          setDeclining(false);
          notifySuccess(ESTIMATE_MESSAGES.declined);
        },
        onError: (error) => notifyError(ESTIMATE_MESSAGES.updateError, error),
      },
    );
  };

  const money = (cents: number) => formatCents(cents, currency);
  const summary = estimate && (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} data-testid="estimate-summary">
      <Chip size="small" label={ESTIMATE_STATUS_LABELS[estimate.status]} color={estimate.status === 'approved' ? 'success' : estimate.status === 'declined' ? 'default' : 'primary'} />
      {estimate.approvedAt && (
        <Typography variant="body2">
          Approved {formatDate(estimate.approvedAt.slice(0, 10))}
          {estimate.approvalMethod === 'form' ? ' by consent form' : estimate.approvalMethod === 'in_person' ? ' in person' : ''}
        </Typography>
      )}
      {estimate.deposit > 0 && <Typography variant="body2">Deposit paid {money(estimate.deposit)}</Typography>}
    </Stack>
  );

  const secondary = estimate && (
    <>
      {estimate.status === 'open' && (
        <>
          {canDelete && (
            <Button color="error" onClick={() => confirmDelete.ask(estimate)} disabled={busy}>
              Delete
            </Button>
          )}
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
    <>
      <Button onClick={onClose} disabled={busy}>
        {readOnly ? 'Close' : 'Cancel'}
      </Button>
      {!readOnly && (
        <>
          <Button onClick={approveClicked} disabled={busy} variant="outlined">
            Approve in person
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            Save
          </Button>
        </>
      )}
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
    </>
  );

  return (
    <>
      <DocumentDialogFrame
        title={estimate ? 'Estimate' : 'New estimate'}
        summary={summary}
        dirty={form.dirty}
        busy={busy}
        loading={Boolean(id) && !estimate}
        loadError={id ? query.error : null}
        onSubmit={() => save()}
        onClose={onClose}
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
        <DocumentFields
          kind="estimate"
          noun="Estimate"
          values={v}
          set={form.set}
          errors={form.errors}
          locationId={locationId}
          readOnly={readOnly}
          clientName={estimate?.clientName}
          taxCodes={taxCodes.data ?? []}
          priced={low}
          high={high}
          currency={currency}
        />
      </DocumentDialogFrame>
      {confirmDelete.dialog}
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
