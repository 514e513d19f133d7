import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function integrationsRoutes(r: Router, c: Container) {
  r.route(api.listIntegrations, ({ auth, query }) => c.integrations.list(auth, query.locationId));
  r.route(api.createIntegration, ({ auth, body }) => c.integrations.create(auth, body.data));
  r.route(api.createStripeWebhook, ({ auth, body, req }) => c.stripeWebhooks.register(auth, body.data.locationId, req.log));
  r.route(api.updateIntegration, ({ auth, params, body }) => c.integrations.update(auth, params.id, body.data));
  r.route(api.deleteIntegration, async ({ auth, params, req }) => {
    await c.integrations.remove(auth, params.id, req.log);
    return { ok: true as const };
  });
  r.route(api.testIntegration, ({ auth, params }) => c.integrations.test(auth, params.id));
  r.publicRoute(api.receiveStripeWebhook, ({ params, req }) => {
    const signature = req.headers['stripe-signature'];
    return c.stripeWebhooks.receive(params.locationId, req.rawBody, typeof signature === 'string' ? signature : undefined);
  });
}
