import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function subscriptionsRoutes(r: Router, c: Container) {
  r.route(api.listSubscriptionTiers, () => c.accounts.listTiers());
  r.route(api.getSubscription, ({ auth }) => c.accounts.usage(auth));
  r.route(api.createSubscriptionTier, ({ body }) => c.accounts.createTier(body.data));
  r.route(api.updateSubscriptionTier, ({ params, body }) => c.accounts.updateTier(params.key, body.data));
  r.route(api.deleteSubscriptionTier, async ({ params }) => {
    await c.accounts.deleteTier(params.key);
    return { ok: true as const };
  });
}
