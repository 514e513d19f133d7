// The locations feature's fixtures for the route table test (test/route-fixtures.ts).
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export const routeFixtures: RouteFixtures = {
  '/api/location/{id}': async (t) => t.locationId,
  '/api/location/{id}/logo': async (t) => t.locationId,
};
