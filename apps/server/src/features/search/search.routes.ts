import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function searchRoutes(r: Router, c: Container) {
  r.route(api.globalSearch, ({ auth, query }) => c.search.search(auth, query.q, query.locationId));
}
