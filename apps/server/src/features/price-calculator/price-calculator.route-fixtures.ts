// The price calculator's fixtures for the route table test (test/route-fixtures.ts).
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

/** A band of its own weights each time, so fixtures at one location never overlap. */
let bandFrom = 0;
async function makePriceBand(t: TestAccount): Promise<string> {
  const minGrams = (bandFrom += 1000);
  const res = await t.admin.call(api.priceBandOps.create, {
    body: { data: { locationId: t.locationId, cremationType: 'communal', minGrams, maxGrams: minGrams + 1000, price: 9000 } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/priceBand/{id}': (t) => makePriceBand(t),
};
