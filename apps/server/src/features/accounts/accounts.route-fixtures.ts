// The accounts feature's fixtures for the route table test (test/route-fixtures.ts).
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export const routeFixtures: RouteFixtures = {
  '/api/account/{id}': async (t) => t.accountId,
};
