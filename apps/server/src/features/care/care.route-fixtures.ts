// The care feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { makePatient } from '../patients/patients.route-fixtures.js';

export const routeFixtures: RouteFixtures = {
  '/api/prescription/{id}': async (t) => {
    const res = await t.admin.call(api.prescriptionOps.create, {
      body: {
        data: {
          patientId: await makePatient(t),
          drug: 'Meloxicam',
          dose: '1.5 mg/ml',
          frequency: 'daily',
          quantity: '10 ml',
          prescribedOn: '2026-11-01',
        },
      },
    });
    return res.json().id;
  },
  '/api/vaccination/{id}': async (t) => {
    const res = await t.admin.call(api.vaccinationOps.create, {
      body: { data: { patientId: await makePatient(t), vaccine: 'Rabies', givenOn: '2026-11-01' } },
    });
    return res.json().id;
  },
};
