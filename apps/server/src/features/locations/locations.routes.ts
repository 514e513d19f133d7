import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function locationsRoutes(r: Router, c: Container) {
  r.route(api.listSpecies, () => c.locations.species());
  r.route(api.listLocations, ({ auth, query }) => c.locations.list(auth, query));
  r.route(api.updateLocationSpecies, ({ auth, body }) => c.locations.updateSpecies(auth, body.data));
  r.route(api.getLocation, ({ auth, params }) => c.locations.get(auth, params.id));
  r.route(api.createLocation, ({ auth, query, body }) => c.locations.create(auth, body.data, query.accountId));
  r.route(api.updateLocation, ({ auth, params, body }) => c.locations.update(auth, params.id, body.data));
}
