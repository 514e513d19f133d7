import { useState } from 'react';
import { Box, Button, Chip, Divider, List, ListItem, Stack, Typography } from '@mui/material';
import { INTEGRATION_CATALOGUE, INTEGRATION_SERVICES } from '@willow/contracts';
import type { Integration, IntegrationService, Location } from '@willow/contracts';
import { ListError } from '../../components/list-error';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { integrationLabel } from './integration-form';
import { IntegrationFormDialog } from './integration-form-dialog';
import { useIntegrations, useRegisterStripeWebhook, useRemoveIntegration, useTestIntegration } from './integrations.api';

/** Where an integration stands: not set up, set up (untested), or its last check. */
function Status({ integration }: { integration: Integration | undefined }) {
  if (!integration) return <Chip size="small" variant="outlined" label="Not set up" />;
  const check = integration.lastCheck;
  if (!check) return <Chip size="small" color="info" variant="outlined" label="Set up" />;
  return <Chip size="small" color={check.ok ? 'success' : 'error'} label={check.ok ? 'Connection OK' : 'Connection failed'} />;
}

/**
 * A location's integrations, one row per service of the catalogue: its status and last check,
 * and what can be done about it (set up, edit, test the connection, remove; for Stripe, register
 * the card payment webhook).
 */
export function LocationIntegrations({ location }: { location: Location }) {
  const integrations = useIntegrations({ locationId: location.id });
  const test = useTestIntegration();
  const registerWebhook = useRegisterStripeWebhook();
  const remove = useRemoveIntegration();
  const [editing, setEditing] = useState<{ service: IntegrationService; integration: Integration | null } | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const byService = new Map((integrations.data ?? []).map((i) => [i.service, i]));

  const confirmRemove = useConfirmDelete<Integration>({
    title: 'Remove integration',
    message: (i) => `Remove ${integrationLabel(i.service, i)} from ${location.name}? Its credentials are deleted; features using it stop working here.`,
    confirmLabel: 'Remove',
    run: (i) => remove.mutateAsync(i.id),
    success: 'Integration removed',
    error: 'Error removing integration',
  });

  const runTest = (integration: Integration) => {
    setTesting(integration.id);
    test.mutate(integration.id, {
      onSuccess: (check) => {
        if (check.ok) notifySuccess('Connection successful');
        else notifyError('Connection failed', new Error(check.message ?? ''));
      },
      onError: (e) => notifyError('Error testing connection', e),
      onSettled: () => setTesting(null),
    });
  };

  const register = () =>
    registerWebhook.mutate(location.id, {
      onSuccess: () => notifySuccess('Webhook registered'),
      onError: (e) => notifyError('Error registering webhook', e),
    });

  if (integrations.isError) return <ListError what="integrations" error={integrations.error} onRetry={() => void integrations.refetch()} />;

  return (
    <>
      <List disablePadding aria-label={`Integrations of ${location.name}`}>
        {INTEGRATION_SERVICES.map((service, index) => {
          const info = INTEGRATION_CATALOGUE[service];
          const integration = byService.get(service);
          const label = integrationLabel(service, integration);
          const check = integration?.lastCheck;
          return (
            <Box key={service} component="li" sx={{ listStyle: 'none' }}>
              {index > 0 && <Divider component="div" />}
              <ListItem component="div" sx={{ display: 'block', px: 0, py: 1.5 }} aria-label={label}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Typography variant="subtitle2" component="h3">
                    {label}
                  </Typography>
                  <Status integration={integration} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {info.description}
                </Typography>
                {integration?.publicKey && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {info.publicKey?.label}: {integration.publicKey}
                  </Typography>
                )}
                {integration?.addresses.map((address) => (
                  <Typography key={address.url} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {address.label}:{' '}
                    <Box component="code" sx={{ userSelect: 'all' }}>
                      {address.url}
                    </Box>
                  </Typography>
                ))}
                {check?.message && (
                  <Typography variant="body2" role="status" color={check.ok ? 'success.main' : 'error.main'} sx={{ overflowWrap: 'anywhere' }}>
                    {check.message}
                  </Typography>
                )}
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                  {!info.createdByAction && (
                    <Button size="small" variant="outlined" onClick={() => setEditing({ service, integration: integration ?? null })} disabled={integrations.isLoading}>
                      {integration ? 'Edit' : 'Add'}
                    </Button>
                  )}
                  {integration && (
                    <Button size="small" onClick={() => runTest(integration)} loading={testing === integration.id} aria-label={`Test connection of ${label}`}>
                      Test connection
                    </Button>
                  )}
                  {service === 'stripe' && integration && (
                    <Button size="small" onClick={register} loading={registerWebhook.isPending}>
                      Register webhook
                    </Button>
                  )}
                  {integration && (
                    <Button size="small" color="error" onClick={() => confirmRemove.ask(integration)} aria-label={`Remove ${label}`}>
                      Remove
                    </Button>
                  )}
                </Stack>
              </ListItem>
            </Box>
          );
        })}
      </List>
      <IntegrationFormDialog
        service={editing?.service ?? null}
        integration={editing?.integration ?? null}
        locationId={location.id}
        locationName={location.name}
        onClose={() => setEditing(null)}
      />
      {confirmRemove.dialog}
    </>
  );
}
