import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function subscriptionsRoutes(r: Router, s: Services) {
  r.route(api.listSubscriptionTiers, () => s.accounts.listTiers());
  r.route(api.getSubscription, ({ auth }) => s.accounts.usage(auth));
  r.route(api.createSubscriptionTier, ({ body }) => s.accounts.createTier(body.data));
  r.route(api.updateSubscriptionTier, ({ params, body }) => s.accounts.updateTier(params.key, body.data));
  r.route(api.deleteSubscriptionTier, async ({ params }) => {
    await s.accounts.deleteTier(params.key);
    return { ok: true as const };
  });
}
