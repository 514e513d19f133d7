import { useCallback, useMemo, useState } from 'react';
import { Box, Chip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UndoIcon from '@mui/icons-material/Undo';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { DELETE_RECORDS, formatCents, MANAGE_BILLING, invoiceNumberLabel, PAYMENT_MESSAGES, type OpQuery, type Payment, type paymentOps } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useServerPages } from '../../components/use-server-pages';
import { formatDate } from '../../lib/dates';
import { useErrorToast } from '../../lib/toasts';
import { PaymentEditDialog } from './payment-edit-dialog';
import { useDeletePayment, usePayments } from './payments.api';
import { takenByCard } from './money';
import { RefundDialog } from './refund-dialog';

export type PaymentFilter = Omit<OpQuery<typeof paymentOps.list>, 'limit' | 'offset'>;

/** A refund gives money back: shown as a negative amount. */
export const signedAmount = (p: Payment) => formatCents(p.kind === 'refund' ? -p.amount : p.amount, p.currency);

function appliedTo(p: Payment): string {
  return p.allocations
    .map((a) => `${a.invoiceId ? invoiceNumberLabel('invoice', a.invoiceNumber) : 'Deposit'} ${formatCents(a.amount, p.currency)}`)
    .join(', ');
}

/** Payments and refunds, a page at a time, with their refund, edit and delete actions. */
export function PaymentList({ filter, showClient = true }: { filter: PaymentFilter | null; showClient?: boolean }) {
  const pages = useServerPages(filter);
  const payments = usePayments(pages.query, pages.options);
  useErrorToast(payments.error, PAYMENT_MESSAGES.listError);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [editing, setEditing] = useState<Payment | null>(null);
  const remove = useDeletePayment();
  const confirmDelete = useConfirmDelete<Payment>({
    title: 'Delete payment',
    message: (p) => `Delete the ${p.kind} of ${signedAmount(p)} from ${p.clientName} for good? Invoices it paid will owe again.`,
    run: (p) => remove.mutateAsync(p.id),
    success: PAYMENT_MESSAGES.deleted,
    error: PAYMENT_MESSAGES.deleteError,
  });
  const { ask } = confirmDelete;
  // Deleting money for good needs records.delete; a card payment is refunded instead.
  const canDelete = useHasAnyPermission([DELETE_RECORDS]);
  // Money going out is a manager's call (billing.manage, decision 0132): the server refuses it too.
  const canRefund = useHasAnyPermission([MANAGE_BILLING]);
  const actions = useCallback(
    (row: Payment) => [
      ...(canRefund && row.kind === 'payment' && row.amount > row.refunded
        ? [<GridActionsCellItem key="refund" icon={<UndoIcon />} label={`Refund ${signedAmount(row)}`} onClick={() => setRefunding(row)} />]
        : []),
      <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${signedAmount(row)}`} onClick={() => setEditing(row)} />,
      ...(canDelete && !takenByCard(row) ? [<GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${signedAmount(row)}`} onClick={() => ask(row)} />] : []),
    ],
    [ask, canDelete, canRefund],
  );
  const columns = useMemo<GridColDef<Payment>[]>(() => {
    const list: GridColDef<Payment>[] = [
      { field: 'receivedAt', headerName: 'Received', width: 115, valueFormatter: (v: string) => formatDate(v) },
      {
        field: 'amount',
        headerName: 'Amount',
        width: 130,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
            {signedAmount(row)}
            {row.kind === 'refund' && <Chip size="small" label="Refund" />}
          </Box>
        ),
      },
    ];
    if (showClient) list.push({ field: 'clientName', headerName: 'Client', flex: 1, minWidth: 150 });
    list.push(
      { field: 'paymentTypeName', headerName: 'Type', width: 130 },
      { field: 'allocations', headerName: 'Applied to', flex: 1, minWidth: 180, valueGetter: (_v, row) => appliedTo(row), sortable: false },
      {
        field: 'unallocated',
        headerName: 'Credit',
        width: 110,
        valueFormatter: (v: number, row) => (row.kind === 'payment' && v > 0 ? formatCents(v, row.currency) : ''),
      },
      { field: 'reference', headerName: 'Reference', width: 130 },
      { field: 'actions', type: 'actions', width: 120, getActions: ({ row }) => actions(row) },
    );
    return list;
  }, [showClient, actions]);
  return (
    <>
      <DataTable
        label="Payments"
        rows={payments.data?.items}
        columns={columns}
        loading={payments.isLoading}
        loadError={loadErrorOf(payments)}
        noRowsLabel="No payments"
        server={pages.table(payments.data?.total)}
      />
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
      <PaymentEditDialog payment={editing} onClose={() => setEditing(null)} />
      {confirmDelete.dialog}
    </>
  );
}
