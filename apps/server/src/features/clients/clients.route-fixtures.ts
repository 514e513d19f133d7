// The clients feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export async function makeClient(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.createClient, { body: { data: { locationId: t.locationId, firstName: 'Cora', lastName: 'Client' } } });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/client/{id}': (t) => makeClient(t),
  '/api/client/{id}/archive': (t) => makeClient(t),
  '/api/client/{id}/restore': (t) => makeClient(t),
};
