import * as api from '@willow/contracts';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function servicesRoutes(r: Router, s: Services) {
  registerCrud(r, api.serviceOps, s.services);
  r.route(api.getAvailability, ({ auth, params }) => s.availability.get(auth, params.id));
  r.route(api.updateAvailability, ({ auth, params, body }) => s.availability.update(auth, params.id, body.data));
}
