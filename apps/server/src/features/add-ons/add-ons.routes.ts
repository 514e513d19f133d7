import * as api from '@willow/contracts';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function addOnsRoutes(r: Router, s: Services) {
  registerCrud(r, api.addOnCategoryOps, s.addOnCategories);
  registerCrud(r, api.addOnOps, s.addOns);
}
