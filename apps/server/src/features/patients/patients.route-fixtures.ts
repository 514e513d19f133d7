// The patients feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { makeClient } from '../clients/clients.route-fixtures.js';

export async function makePatient(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.createPatient, {
    body: { data: { clientId: await makeClient(t), name: 'Rex', speciesId: t.speciesId } },
  });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/patient/{id}': (t) => makePatient(t),
  '/api/patient/{id}/deceased': (t) => makePatient(t),
  '/api/patient/{id}/archive': (t) => makePatient(t),
  '/api/patient/{id}/restore': (t) => makePatient(t),
};
