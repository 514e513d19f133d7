// The appointments feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { makeClient } from '../clients/clients.route-fixtures.js';

export async function makeAppointment(t: TestAccount): Promise<string> {
  const service = (
    await t.admin.call(api.serviceOps.create, {
      body: { data: { locationId: t.locationId, type: 'Euthanasia', name: 'Home visit', duration: 30, price: 120 } },
    })
  ).json();
  const res = await t.admin.call(api.createAppointment, {
    body: {
      data: {
        locationId: t.locationId,
        clientId: await makeClient(t),
        serviceIds: [service.id],
        startAt: '2026-11-02T14:00:00Z',
        endAt: '2026-11-02T14:30:00Z',
      },
    },
  });
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/appointment/{id}': (t) => makeAppointment(t),
  '/api/appointment/{id}/cancel': (t) => makeAppointment(t),
  '/api/appointment/{id}/correct': async (t) => {
    const id = await makeAppointment(t);
    await t.admin.call(api.cancelAppointment, { params: { id }, body: { data: { reason: 'Owner called' } } });
    return id;
  },
  '/api/appointmentAddOn/{id}': async (t) => {
    const category = (await t.admin.call(api.addOnCategoryOps.create, { body: { data: { locationId: t.locationId, name: 'Memorials' } } })).json();
    const addOn = (await t.admin.call(api.addOnOps.create, { body: { data: { categoryId: category.id, name: 'Urn', price: 90 } } })).json();
    const res = await t.admin.call(api.createAppointmentAddOn, { body: { data: { appointmentId: await makeAppointment(t), addOnId: addOn.id } } });
    return res.json().id;
  },
};
