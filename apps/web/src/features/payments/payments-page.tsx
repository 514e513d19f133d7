import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SettingsIcon from '@mui/icons-material/Settings';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SelectInput } from '../../components/form-fields';
import { useHasAnyPermission } from '../../app/session';
import { useSettings } from '../../lib/settings';
import { ClientPicker } from '../clients/client-picker';
import { PaymentList } from './payment-list';
import { RecordPaymentDialog } from './record-payment-dialog';
import { PAYMENT_TYPE_PERMISSIONS } from './permissions';

const KINDS = [
  { value: '', label: 'Payments and refunds' },
  { value: 'payment', label: 'Payments' },
  { value: 'refund', label: 'Refunds' },
];

/** Business › Payments: the location's payments and refunds, the latest first; record one. */
export default function PaymentsPage() {
  const { locationId } = useSettings();
  const [clientId, setClientId] = useState('');
  const [kind, setKind] = useState('');
  const [recording, setRecording] = useState(false);
  const canManageTypes = useHasAnyPermission(PAYMENT_TYPE_PERMISSIONS);
  return (
    <>
      <PageHeader
        title="Payments"
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {canManageTypes && (
              <Button component={RouterLink} to="/payments/types" startIcon={<SettingsIcon />}>
                Payment types
              </Button>
            )}
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRecording(true)}>
              Record payment
            </Button>
          </Box>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Box sx={{ flex: '1 1 240px', maxWidth: 420 }}>
          <ClientPicker value={clientId} onChange={setClientId} locationId={locationId} helperText="Only this client’s payments" />
        </Box>
        <Box sx={{ flex: '0 1 220px' }}>
          <SelectInput label="Show" options={KINDS} value={kind} onChange={setKind} emptyLabel="Payments and refunds" />
        </Box>
      </Box>
      <PaymentList
        filter={{
          ...(locationId && { locationId }),
          ...(clientId && { clientId }),
          ...(kind && { kind: kind as 'payment' | 'refund' }),
        }}
      />
      <RecordPaymentDialog open={recording} onClose={() => setRecording(false)} />
    </>
  );
}
