// What other features use of integrations: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { integrationNotSetUp, integrationRefused, withoutSecrets } from './integration-errors.js';
export { integrationsRepository } from './integrations.repository.js';
export type { IntegrationCredentials, IntegrationsService } from './integrations.service.js';
export { isStripeAuthError, isStripeError, stripeClient } from './stripe-client.js';
export type { Stripe } from './stripe-client.js';
