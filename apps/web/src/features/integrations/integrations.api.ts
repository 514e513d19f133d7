import { createIntegration, createStripeWebhook, deleteIntegration, listIntegrations, testIntegration, updateIntegration } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { locationKeys } from '../../lib/query-keys';

export const integrationKeys = { all: ['integrations'] as const };

const hooks = crudHooks({
  ops: { list: listIntegrations, create: createIntegration, update: updateIntegration, remove: deleteIntegration },
  keys: integrationKeys,
  // Every location says which services it has set up.
  alsoInvalidate: [locationKeys.all],
});

export const {
  useList: useIntegrations,
  useCreate: useCreateIntegration,
  useUpdate: useUpdateIntegration,
  useRemove: useRemoveIntegration,
} = hooks;

/** "Test connection": the provider's answer, kept as the integration's last check. */
export const useTestIntegration = () => hooks.useChange((id: string) => api(testIntegration, { params: { id } }));

/** Registers the card payment webhook with Stripe for a location. */
export const useRegisterStripeWebhook = () =>
  hooks.useChange((locationId: string) => api(createStripeWebhook, { body: { data: { locationId } } }));
