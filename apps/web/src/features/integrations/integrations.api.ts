import { createIntegration, createStripeWebhook, deleteIntegration, listIntegrations, testIntegration, updateIntegration } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { mutationOf } from '../../lib/mutation-of';
import { locationKeys } from '../../lib/query-keys';

export const integrationKeys = { all: ['integrations'] as const };

/** A change of an integration (a check kept, a webhook registered too) refreshes the integrations and the locations. */
const INTEGRATION_CHANGE = [
  integrationKeys.all,
  // Every location says which services it has set up.
  locationKeys.all,
];

const hooks = crudHooks({
  ops: { list: listIntegrations, create: createIntegration, update: updateIntegration, remove: deleteIntegration },
  keys: integrationKeys,
  invalidates: INTEGRATION_CHANGE,
});

export const {
  useList: useIntegrations,
  useCreate: useCreateIntegration,
  useUpdate: useUpdateIntegration,
  useRemove: useRemoveIntegration,
} = hooks;

/** "Test connection": the provider's answer, kept as the integration's last check. */
export const useTestIntegration = mutationOf(testIntegration, { request: (id: string) => ({ params: { id } }), invalidates: INTEGRATION_CHANGE });

/** Registers the card payment webhook with Stripe for a location. */
export const useRegisterStripeWebhook = mutationOf(createStripeWebhook, {
  request: (locationId: string) => ({ body: { data: { locationId } } }),
  invalidates: INTEGRATION_CHANGE,
});
