// The schedule feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

export const routeFixtures: RouteFixtures = {
  '/api/scheduleSlot/{id}': async (t) => {
    const res = await t.admin.call(api.createScheduleSlot, {
      body: { data: { locationId: t.locationId, startAt: '2026-11-02T14:00:00Z', endAt: '2026-11-02T15:00:00Z' } },
    });
    return res.json()[0].id;
  },
  '/api/scheduleNote/{id}': async (t) => {
    const res = await t.admin.call(api.scheduleNoteOps.create, { body: { data: { locationId: t.locationId, date: '2026-11-02', text: 'Closed' } } });
    return res.json().id;
  },
};
