// The add-ons feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export async function makeAddOnCategory(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.addOnCategoryOps.create, { body: { data: { locationId: t.locationId, name: 'Keepsakes' } } });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/addOnCategory/{id}': (t) => makeAddOnCategory(t),
  '/api/addOn/{id}': async (t) => {
    const res = await t.admin.call(api.addOnOps.create, { body: { data: { categoryId: await makeAddOnCategory(t), name: 'Paw print', price: 25 } } });
    return res.json().id;
  },
};
