import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function patientsRoutes(r: Router, c: Container) {
  r.route(api.listPatients, ({ auth, query }) => c.patients.page(auth, query));
  r.route(api.getPatient, ({ auth, params }) => c.patients.get(auth, params.id));
  r.route(api.createPatient, ({ auth, body }) => c.patients.create(auth, body.data));
  r.route(api.updatePatient, ({ auth, params, body }) => c.patients.update(auth, params.id, body.data));
  r.route(api.deletePatient, async ({ auth, params }) => {
    await c.patients.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.setPatientDeceased, ({ auth, params, body }) => c.patients.setDeceased(auth, params.id, body.data));
}
