import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function patientsRoutes(r: Router, c: Container) {
  registerCrud(r, api.patientOps, c.patients);
  r.route(api.setPatientDeceased, ({ auth, params, body }) => c.patients.setDeceased(auth, params.id, body.data));
}
