// The tasks feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export async function makeTask(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.createTask, { body: { taskData: { locationId: t.locationId, title: 'Call the family back' } } });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/task/{id}': (t) => makeTask(t),
};
