import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { QUICKBOOKS_MESSAGES, type QuickbooksConnection } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DetailList } from '../../components/detail-list';
import { ListError, loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useConfirmAction } from '../../components/use-confirm-action';
import { formatDateTime } from '../../lib/dates';
import { notifyError, notifySuccess, useLoadingToast } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { useConnectQuickbooks, useDisconnectQuickbooks, useQuickbooksConnections } from './quickbooks.api';
import { hasAccountingIntegration } from './quickbooks.rules';

const STATUS: Record<QuickbooksConnection['status'], { label: string; color: 'success' | 'default' | 'warning' }> = {
  connected: { label: 'Connected', color: 'success' },
  notConnected: { label: 'Not connected', color: 'default' },
  needsReconnect: { label: 'Needs reconnecting', color: 'warning' },
};

/**
 * What Intuit's redirect said (?connected=<locationId> or ?error=<message>): a success toast, or an
 * alert that stays until dismissed; taken out of the address so a reload does not say it again.
 */
function useCallbackResult(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(() => params.get('error'));
  useEffect(() => {
    if (params.has('connected')) notifySuccess(QUICKBOOKS_MESSAGES.connected);
    if (params.has('connected') || params.has('error')) setParams({}, { replace: true });
  }, [params, setParams]);
  return [error, () => setError(null)];
}

function ConnectionCard({ connection, canManage, onDisconnect }: { connection: QuickbooksConnection; canManage: boolean; onDisconnect: () => void }) {
  const connect = useConnectQuickbooks();
  const status = STATUS[connection.status];
  const start = async () => {
    try {
      const { url } = await connect.mutateAsync(connection.locationId);
      // On to Intuit; it sends the browser back to the portal's callback.
      window.location.assign(url);
    } catch (e) {
      notifyError('Error connecting QuickBooks', e);
    }
  };
  const failedCheck = connection.lastCheck && !connection.lastCheck.ok ? connection.lastCheck.message : null;
  return (
    <Card variant="outlined" component="section" aria-label={`QuickBooks at ${connection.locationName}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
            {connection.locationName}
          </Typography>
          <Chip size="small" label={status.label} color={status.color} />
        </Box>
        <DetailList
          items={[
            { label: 'Company', value: connection.companyName ?? connection.companyId },
            { label: 'Company id', value: connection.companyId },
            { label: 'Environment', value: connection.environment === 'sandbox' ? 'Sandbox' : 'Production' },
            { label: 'Connected on', value: connection.connectedAt && formatDateTime(connection.connectedAt) },
          ]}
        />
        {connection.status === 'notConnected' && !failedCheck && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            No QuickBooks company is connected to this location yet.
          </Typography>
        )}
        {connection.problem && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {connection.problem}
          </Alert>
        )}
        {!connection.problem && failedCheck && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {failedCheck}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {canManage && (
          <Button variant={connection.status === 'connected' ? 'outlined' : 'contained'} onClick={() => void start()} loading={connect.isPending}>
            {connection.status === 'notConnected' ? 'Connect' : 'Reconnect'}
          </Button>
        )}
        {canManage && connection.status === 'connected' && (
          <Button color="error" onClick={onDisconnect}>
            Disconnect
          </Button>
        )}
        {canManage && (
          <Link component={RouterLink} to={`/locations?integrations=${connection.locationId}`} sx={{ ml: 'auto !important' }}>
            Integration settings
          </Link>
        )}
      </CardActions>
    </Card>
  );
}

export default function QuickbooksPage() {
  const canManage = useHasAnyPermission(['locations.manage']);
  const locations = useLocations(true);
  const hasIntegration = locations.data ? hasAccountingIntegration(locations.data.flatMap((l) => l.integrations)) : undefined;
  const connections = useQuickbooksConnections(hasIntegration === true);
  const [callbackError, dismissCallbackError] = useCallbackResult();
  const disconnect = useDisconnectQuickbooks();
  const confirmDisconnect = useConfirmAction<QuickbooksConnection>({
    title: 'Disconnect QuickBooks',
    message: (c) =>
      `${c.locationName} stops sending to ${c.companyName ?? 'its QuickBooks company'}. The connection is revoked at Intuit; connect again to resume.`,
    run: (c) => disconnect.mutateAsync(c.locationId),
    success: QUICKBOOKS_MESSAGES.disconnected,
    error: 'Error disconnecting QuickBooks',
    confirmLabel: 'Disconnect',
    destructive: true,
  });
  useLoadingToast(locations.isLoading || connections.isLoading, 'Loading QuickBooks...');
  const loadError = loadErrorOf(locations) ?? loadErrorOf(connections);

  return (
    <>
      <PageHeader title="Quickbooks" subtitle="QuickBooks Online: the company each location’s invoices and payments go to" />
      <Stack spacing={2}>
        {callbackError && (
          <Alert severity="error" onClose={dismissCallbackError}>
            {callbackError}
          </Alert>
        )}
        {loadError && <ListError {...loadError} what="the QuickBooks connections" />}
        {hasIntegration === false && (
          // Its links take the alert's own text colour: the theme's link blue on the alert's pale
          // blue reads 4.1:1, under the 4.5:1 text needs.
          <Alert severity="info">
            QuickBooks Online is not set up for this account.{' '}
            {canManage ? (
              <>
                Add the QuickBooks Online integration to a location in{' '}
                <Link component={RouterLink} to="/locations" color="inherit" underline="always">
                  Locations
                </Link>{' '}
                (its client ID and secret come from the practice’s Intuit developer app), then connect its company here.
              </>
            ) : (
              <>
                Someone who manages locations can add it to a location in{' '}
                <Link component={RouterLink} to="/locations" color="inherit" underline="always">
                  Locations
                </Link>
                .
              </>
            )}
          </Alert>
        )}
        {connections.data?.map((connection) => (
          <ConnectionCard key={connection.integrationId} connection={connection} canManage={canManage} onDisconnect={() => confirmDisconnect.ask(connection)} />
        ))}
      </Stack>
      {confirmDisconnect.dialog}
    </>
  );
}
