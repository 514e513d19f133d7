import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function patientsRoutes(r: Router, s: Services) {
  r.route(api.listPatients, ({ auth, query }) => s.patients.page(auth, query));
  r.route(api.getPatient, ({ auth, params }) => s.patients.get(auth, params.id));
  r.route(api.createPatient, ({ auth, body }) => s.patients.create(auth, body.data));
  r.route(api.updatePatient, ({ auth, params, body }) => s.patients.update(auth, params.id, body.data));
  r.route(api.deletePatient, async ({ auth, params }) => {
    await s.patients.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.setPatientDeceased, ({ auth, params, body }) => s.patients.setDeceased(auth, params.id, body.data));
}
