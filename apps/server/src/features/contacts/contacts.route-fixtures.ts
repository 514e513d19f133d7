// The contacts feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export async function makeContact(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.createContact, { body: { data: { name: 'Ivy Crematory', category: 'crematory' } } });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/contact/{id}': (t) => makeContact(t),
  '/api/contact/merge/{id}/undo': async (t) => {
    const res = await t.admin.call(api.mergeContacts, { body: { data: { survivorId: await makeContact(t), mergedIds: [await makeContact(t)] } } });
    return res.json().merge.id;
  },
};
