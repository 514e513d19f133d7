import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function careRoutes(r: Router, c: Container) {
  registerCrud(r, api.prescriptionOps, c.prescriptions);
  registerCrud(r, api.vaccinationOps, c.vaccinations);
}
