import { useMemo } from 'react';
import { Box, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  ESTIMATE_MESSAGES,
  ESTIMATE_STATUS_LABELS,
  formatCents,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  invoiceNumberLabel,
  showsBalance,
} from '@willow/contracts';
import type { EstimateStatus, EstimateSummary, InvoiceStatus, InvoiceSummary, OpQuery, estimateOps, invoiceOps } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { useServerPages } from '../../components/use-server-pages';
import { formatDate } from '../../lib/dates';
import { useErrorToast } from '../../lib/toasts';
import { settlementLabels } from './credit-label';
import { useEstimates, useInvoices } from './invoices.api';

export type InvoiceFilter = Omit<OpQuery<typeof invoiceOps.list>, 'limit' | 'offset'>;
export type EstimateFilter = Omit<OpQuery<typeof estimateOps.list>, 'limit' | 'offset'>;

const STATUS_COLORS: Record<InvoiceStatus, 'warning' | 'primary' | 'default'> = { draft: 'warning', finalised: 'primary', void: 'default' };

/** An invoice's status and, once finalised, whether it is paid and what credit notes credited of it. */
export function InvoiceStateChips({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'paymentState' | 'kind' | 'total' | 'credited' | 'currency'> }) {
  const { paid, credit } = settlementLabels(invoice);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
      <Chip size="small" label={INVOICE_STATUS_LABELS[invoice.status]} color={STATUS_COLORS[invoice.status]} />
      {paid && (
        <Chip
          size="small"
          variant="outlined"
          label={paid}
          color={invoice.paymentState === 'paid' ? 'success' : invoice.paymentState === 'partly_paid' ? 'info' : 'default'}
        />
      )}
      {credit && <Chip size="small" variant="outlined" label={credit} color="info" />}
    </Box>
  );
}

interface InvoiceListProps {
  /** null while the list cannot be asked yet (no location known) */
  filter: InvoiceFilter | null;
  onOpen: (invoice: InvoiceSummary) => void;
  showClient?: boolean;
}

/** A server-paged list of invoices and credit notes; a row opens the invoice. */
export function InvoiceList({ filter, onOpen, showClient = true }: InvoiceListProps) {
  const pages = useServerPages(filter);
  const invoices = useInvoices(pages.query, pages.options);
  useErrorToast(invoices.error, INVOICE_MESSAGES.listError);
  const columns = useMemo<GridColDef<InvoiceSummary>[]>(() => {
    const money = (row: InvoiceSummary, cents: number) => formatCents(cents, row.currency);
    const list: GridColDef<InvoiceSummary>[] = [
      { field: 'number', headerName: 'Number', width: 120, valueGetter: (_v, row) => invoiceNumberLabel(row.kind, row.number) },
    ];
    if (showClient) list.push({ field: 'clientName', headerName: 'Client', flex: 1, minWidth: 150 });
    list.push(
      { field: 'patientName', headerName: 'Patient', flex: 1, minWidth: 110, valueGetter: (v: string | null) => v ?? '' },
      { field: 'issuedOn', headerName: 'Issued', width: 110, valueFormatter: (v: string) => formatDate(v) },
      { field: 'total', headerName: 'Total', width: 110, type: 'number', valueFormatter: (v: number, row) => money(row, v) },
      { field: 'balance', headerName: 'Balance', width: 110, type: 'number', valueFormatter: (v: number, row) => (showsBalance(row) ? money(row, v) : '') },
      { field: 'status', headerName: 'Status', width: 290, sortable: false, renderCell: ({ row }) => <InvoiceStateChips invoice={row} /> },
    );
    return list;
  }, [showClient]);
  return (
    <DataTable
      label="Invoices"
      rows={invoices.data?.items}
      columns={columns}
      loading={invoices.isLoading}
      server={pages.table(invoices.data?.total)}
      onRowClick={onOpen}
      noRowsLabel="No invoices"
      loadError={loadErrorOf(invoices)}
    />
  );
}

const ESTIMATE_COLORS: Record<EstimateStatus, 'primary' | 'success' | 'default' | 'info'> = { open: 'primary', approved: 'success', declined: 'default', invoiced: 'info' };

interface EstimateListProps {
  filter: EstimateFilter | null;
  onOpen: (estimate: EstimateSummary) => void;
  showClient?: boolean;
}

/** A server-paged list of estimates with their low and high totals; a row opens the estimate. */
export function EstimateList({ filter, onOpen, showClient = true }: EstimateListProps) {
  const pages = useServerPages(filter);
  const estimates = useEstimates(pages.query, pages.options);
  useErrorToast(estimates.error, ESTIMATE_MESSAGES.listError);
  const columns = useMemo<GridColDef<EstimateSummary>[]>(() => {
    const money = (row: EstimateSummary, cents: number) => formatCents(cents, row.currency);
    const list: GridColDef<EstimateSummary>[] = [];
    if (showClient) list.push({ field: 'clientName', headerName: 'Client', flex: 1, minWidth: 150 });
    list.push(
      { field: 'patientName', headerName: 'Patient', flex: 1, minWidth: 110, valueGetter: (v: string | null) => v ?? '' },
      { field: 'createdAt', headerName: 'Created', width: 110, valueFormatter: (v: string) => formatDate(v.slice(0, 10)) },
      { field: 'lowTotal', headerName: 'Low', width: 110, type: 'number', valueFormatter: (v: number, row) => money(row, v) },
      { field: 'highTotal', headerName: 'High', width: 110, type: 'number', valueFormatter: (v: number, row) => money(row, v) },
      { field: 'deposit', headerName: 'Deposit', width: 100, type: 'number', valueFormatter: (v: number, row) => (v ? money(row, v) : '') },
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        renderCell: ({ row }) => <Chip size="small" label={ESTIMATE_STATUS_LABELS[row.status]} color={ESTIMATE_COLORS[row.status]} />,
      },
    );
    return list;
  }, [showClient]);
  return (
    <DataTable
      label="Estimates"
      rows={estimates.data?.items}
      columns={columns}
      loading={estimates.isLoading}
      server={pages.table(estimates.data?.total)}
      onRowClick={onOpen}
      noRowsLabel="No estimates"
      loadError={loadErrorOf(estimates)}
    />
  );
}
