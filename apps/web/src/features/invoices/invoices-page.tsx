import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS } from '@willow/contracts';
import type { InvoiceStatus } from '@willow/contracts';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { SelectInput, SwitchInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { LocationPicker } from '../locations/use-page-location';
import { useWorkingLocation } from '../locations/use-working-location';
import { InvoiceDialog } from './invoice-dialog';
import { InvoiceList } from './invoice-lists';

/** Business › Invoices: the selected location's invoices and credit notes, newest first. */
export default function InvoicesPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const place = useWorkingLocation();
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [unpaid, setUnpaid] = useState(false);
  const [creating, setCreating] = useState(false);
  const filter = place.locationId ? { locationId: place.locationId, ...(status ? { status } : {}), ...(unpaid ? { unpaid: true } : {}) } : null;
  return (
    <>
      <PageHeader
        title="Invoices"
        actions={
          <>
            <Button component={RouterLink} to="/invoices/unbilled" startIcon={<AssessmentIcon />}>
              Unbilled report
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={!place.locationId}>
              New invoice
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {place.canPick && <LocationPicker value={place.locationId} locations={place.locations} onChange={place.pick} />}
        <Box sx={{ width: 180 }}>
          <SelectInput
            size="small"
            label="Status"
            options={INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))}
            value={status}
            onChange={(x) => setStatus(x as InvoiceStatus | '')}
            emptyLabel="All"
          />
        </Box>
        <SwitchInput label="Unpaid only" checked={unpaid} onChange={setUnpaid} />
      </Box>
      <InvoiceList filter={filter} onOpen={(invoice) => void navigate(`/invoices/${invoice.id}`)} />
      {id && <InvoiceDialog key={id} invoiceId={id} onClose={() => void navigate('/invoices')} />}
      {creating && place.locationId && <InvoiceDialog invoiceId={null} start={{ locationId: place.locationId }} onClose={() => setCreating(false)} />}
    </>
  );
}
