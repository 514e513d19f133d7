// The users feature's fixtures for the route table test (test/route-fixtures.ts).
import { createUser } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export const routeFixtures: RouteFixtures = {
  '/api/user/{id}': async (t, ctx) => {
    const u = await createUser(ctx, t);
    return u.userId;
  },
  '/api/user/{id}/toggleActivation': async (t, ctx) => (await createUser(ctx, t)).userId,
  '/api/user/{id}/invite': async (t, ctx) => (await createUser(ctx, t)).userId,
};
