// The roles feature's fixtures for the route table test (test/route-fixtures.ts).
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export const routeFixtures: RouteFixtures = {
  '/api/role/{id}': async (t) => t.roles['Front Desk']!,
};
