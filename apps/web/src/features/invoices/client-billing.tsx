import { Box, Button, Paper, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { formatCents } from '@willow/contracts';
import { useClient } from '../clients/clients.api';
import { useBillingDialogs } from './billing-dialogs';
import { EstimateList, InvoiceList } from './invoice-lists';
import { useClientBalance } from './invoices.api';

/** The client page's Invoices tab: every invoice and credit note of theirs, and a new one. */
export function ClientInvoicesTab({ clientId }: { clientId: string }) {
  const client = useClient(clientId);
  const billing = useBillingDialogs();
  const locationId = client.data?.locationId;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button startIcon={<AddIcon />} disabled={!locationId} onClick={() => locationId && billing.newInvoice({ locationId, clientId })}>
          New invoice
        </Button>
      </Box>
      <InvoiceList filter={{ clientId }} showClient={false} onOpen={(i) => billing.openInvoice(i.id)} />
      {billing.dialogs}
    </>
  );
}

/** The client page's Estimates tab. */
export function ClientEstimatesTab({ clientId }: { clientId: string }) {
  const client = useClient(clientId);
  const billing = useBillingDialogs();
  const locationId = client.data?.locationId;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button startIcon={<AddIcon />} disabled={!locationId} onClick={() => locationId && billing.newEstimate({ locationId, clientId })}>
          New estimate
        </Button>
      </Box>
      <EstimateList filter={{ clientId }} showClient={false} onOpen={(e) => billing.openEstimate(e.id)} />
      {billing.dialogs}
    </>
  );
}

/** What the client owes on finalised invoices, holds as credit, and has paid as deposits on estimates. */
export function ClientBalanceSummary({ clientId }: { clientId: string }) {
  const balance = useClientBalance(clientId);
  if (balance.error)
    return (
      <Typography variant="body2" color="error">
        The balance could not be loaded. {balance.error.message}
      </Typography>
    );
  const b = balance.data;
  const money = (cents: number) => (b ? formatCents(cents, b.currency) : '…');
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, display: 'flex', flexWrap: 'wrap', gap: 3 }} aria-label="Balance">
      <Typography variant="body2">
        Balance owed:{' '}
        <Box component="strong" data-testid="client-balance-owed">
          {money(b?.owed ?? 0)}
        </Box>
      </Typography>
      {b && b.credit > 0 && <Typography variant="body2">Credit: {money(b.credit)}</Typography>}
      {b && b.deposits > 0 && <Typography variant="body2">Deposits held: {money(b.deposits)}</Typography>}
    </Paper>
  );
}
