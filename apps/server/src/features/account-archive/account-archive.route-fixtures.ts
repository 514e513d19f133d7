// The account archive's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

/** The account's archive in preparation (a new one, or the one already being prepared). */
async function makeArchive(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.startAccountArchive);
  return (res.json() as api.AccountArchive).id;
}

export const routeFixtures: RouteFixtures = {
  '/api/accountArchive/{id}': makeArchive,
  '/api/accountArchive/{id}/download': makeArchive,
};
