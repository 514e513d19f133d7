import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { DEFAULT_CURRENCY, formatCents, INVOICE_MESSAGES } from '@willow/contracts';
import type { OpResponse, unbilledReport } from '@willow/contracts';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../components/data-table';
import { DateInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { todayIso } from '../../lib/dates';
import { notifyError, notifySuccess, useErrorToast } from '../../lib/toasts';
import { formatInZone } from '../appointments/appointment-times';
import { useZoneOf } from '../locations/locations.api';
import { LocationPicker } from '../locations/use-page-location';
import { useWorkingLocation } from '../locations/use-working-location';
import { useBillingDialogs } from './billing-dialogs';
import { useInvoiceFromAppointment, useUnbilledReport } from './invoices.api';

type Row = OpResponse<typeof unbilledReport>[number];

/** The Monday of the week a date falls in (YYYY-MM-DD, calendar arithmetic in UTC so no zone shifts it). */
export function mondayOf(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * The week's appointments (seven days from the date chosen, in the location's time zone) with
 * something performed that no invoice bills; an invoice is started from any of them in one click.
 */
export default function UnbilledReportPage() {
  const place = useWorkingLocation();
  const zoneOf = useZoneOf();
  const [weekOf, setWeekOf] = useState(() => mondayOf(todayIso()));
  const report = useUnbilledReport(place.locationId, weekOf);
  useErrorToast(report.error, 'Error loading the unbilled report');
  const billing = useBillingDialogs();
  const fromAppointment = useInvoiceFromAppointment();
  const { openInvoice } = billing;
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'startAt', headerName: 'Appointment', width: 220, valueFormatter: (v: string) => formatInZone(v, zoneOf(place.locationId)) },
      { field: 'clientName', headerName: 'Client', flex: 1, minWidth: 140, valueGetter: (v: string | null) => v ?? '' },
      { field: 'patientName', headerName: 'Patient', width: 120, valueGetter: (v: string | null) => v ?? '' },
      { field: 'status', headerName: 'Status', width: 130 },
      { field: 'items', headerName: 'Not billed', flex: 1, minWidth: 200, sortable: false, valueGetter: (_v, row) => row.items.map((i) => i.description).join(', ') },
      { field: 'missing', headerName: 'Amount', width: 110, type: 'number', valueFormatter: (v: number) => formatCents(v, DEFAULT_CURRENCY) },
      {
        field: 'actions',
        type: 'actions',
        width: 60,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="invoice"
            icon={<ReceiptLongIcon />}
            label={`Create invoice for ${row.clientName ?? 'this appointment'}`}
            onClick={() =>
              fromAppointment.mutate(row.appointmentId, {
                onSuccess: (invoice) => {
                  notifySuccess(INVOICE_MESSAGES.created);
                  openInvoice(invoice.id);
                },
                onError: (error) => notifyError(INVOICE_MESSAGES.createError, error),
              })
            }
          />,
        ],
      },
    ],
    [zoneOf, place.locationId, fromAppointment, openInvoice],
  );
  return (
    <>
      <PageHeader
        title="Unbilled report"
        subtitle="Appointments of the week with services or add-ons on no invoice"
        actions={
          <Button component={RouterLink} to="/invoices" startIcon={<ArrowBackIcon />}>
            Invoices
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {place.canPick && <LocationPicker value={place.locationId} locations={place.locations} onChange={place.pick} />}
        <Box sx={{ width: 200 }}>
          <DateInput size="small" label="Week of" value={weekOf} onValueChange={setWeekOf} helperText="Seven days from this date" />
        </Box>
      </Box>
      <DataTable
        label="Unbilled appointments"
        rows={report.data}
        columns={columns}
        getRowId={(row) => row.appointmentId}
        loading={report.isLoading}
        loadError={loadErrorOf(report)}
        noRowsLabel="Everything performed this week is billed"
      />
      {billing.dialogs}
    </>
  );
}
