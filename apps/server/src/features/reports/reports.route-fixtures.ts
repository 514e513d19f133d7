// The reports feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { unique } from '../../../test/route-fixtures.js';

export const routeFixtures: RouteFixtures = {
  '/api/reports/filterSets/{id}': async (t) => {
    const res = await t.admin.call(api.createReportFilterSet, {
      body: { data: { report: 'revenue', name: `Last month ${unique()}`, filters: { from: '2026-10-01', to: '2026-10-31' } } },
    });
    return (res.json() as api.ReportFilterSet).id;
  },
};
