import * as api from '@willow/contracts';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function careRoutes(r: Router, s: Services) {
  registerCrud(r, api.prescriptionOps, s.prescriptions);
  registerCrud(r, api.vaccinationOps, s.vaccinations);
}
