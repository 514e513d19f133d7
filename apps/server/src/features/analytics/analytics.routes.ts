import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

/** Business › Analytics › Charts (base path /api/analytics, `analytics.view`): the dashboard in one answer. */
export function analyticsRoutes(r: Router, c: Container) {
  r.route(api.analyticsDashboard, async ({ auth, query }) => c.analytics.dashboard(auth, query));
}
