import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function locationsRoutes(r: Router, s: Services) {
  r.route(api.listSpecies, () => s.locations.species());
  r.route(api.listLocations, ({ auth, query }) => s.locations.list(auth, query));
  r.route(api.updateLocationSpecies, ({ auth, body }) => s.locations.updateSpecies(auth, body.data));
  r.route(api.getLocation, ({ auth, params }) => s.locations.get(auth, params.id));
  r.route(api.createLocation, ({ auth, query, body }) => s.locations.create(auth, body.data, query.accountId));
  r.route(api.updateLocation, ({ auth, params, body }) => s.locations.update(auth, params.id, body.data));
}
