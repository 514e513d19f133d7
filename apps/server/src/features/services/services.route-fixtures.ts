// The services feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import { createUser, type TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export async function makeService(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.serviceOps.create, {
    body: { data: { locationId: t.locationId, type: 'Consultation', name: 'Exam', duration: 30, price: 50 } },
  });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/service/{id}': (t) => makeService(t),
  '/api/user/{id}/updateAvailability': async (t, ctx) => (await createUser(ctx, t)).userId,
  '/api/user/{id}/availability': async (t, ctx) => (await createUser(ctx, t)).userId,
};
