// The documents feature's fixtures for the route table test (test/route-fixtures.ts).
import { uploadDocument } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { makeClient } from '../clients/clients.route-fixtures.js';

export const routeFixtures: RouteFixtures = {
  '/api/document/{id}': async (t, ctx) => (await uploadDocument(ctx, t.admin, { clientId: await makeClient(t) })).json().id,
  '/api/document/{id}/download': async (t, ctx) => (await uploadDocument(ctx, t.admin, { clientId: await makeClient(t) })).json().id,
};
