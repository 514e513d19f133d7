// The integrations feature's fixtures for the route table test (test/route-fixtures.ts).
import { randomUUID } from 'node:crypto';
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

/** An integration at a location of its own (one per service and location). */
export async function makeIntegration(t: TestAccount): Promise<string> {
  const location = (await t.admin.call(api.createLocation, { body: { data: { name: `Branch ${randomUUID().slice(0, 8)}`, timezone: 'UTC' } } })).json();
  const res = await t.admin.call(api.createIntegration, {
    body: { data: { locationId: location.id, service: 'memorialPartner1', publicKey: 'orders@partner.example', privateKey: 'partner-password' } },
  });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/integrations/{id}': (t) => makeIntegration(t),
  '/api/integrations/{id}/test': (t) => makeIntegration(t),
};
