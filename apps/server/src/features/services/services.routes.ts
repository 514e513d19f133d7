import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function servicesRoutes(r: Router, c: Container) {
  registerCrud(r, api.serviceOps, c.serviceCatalog);
  r.route(api.getAvailability, ({ auth, params }) => c.availability.get(auth, params.id));
  r.route(api.updateAvailability, ({ auth, params, body }) => c.availability.update(auth, params.id, body.data));
}
