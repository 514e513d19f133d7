import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function subscriptionsRoutes(r: Router, c: Container) {
  r.route(api.listSubscriptionTiers, () => c.subscriptions.listTiers());
  r.route(api.getSubscription, ({ auth }) => c.subscriptions.usage(auth));
  r.route(api.createSubscriptionTier, ({ body }) => c.subscriptions.createTier(body.data));
  r.route(api.updateSubscriptionTier, ({ params, body }) => c.subscriptions.updateTier(params.key, body.data));
  r.route(api.deleteSubscriptionTier, async ({ params }) => {
    await c.subscriptions.deleteTier(params.key);
    return { ok: true as const };
  });
  // The platform's new account (POST /api/account): made here, above the features it fills (decision 0171).
  r.route(api.createAccount, ({ body }) => c.newAccounts.create(body.data));
}
