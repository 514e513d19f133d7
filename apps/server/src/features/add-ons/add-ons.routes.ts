import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function addOnsRoutes(r: Router, c: Container) {
  registerCrud(r, api.addOnCategoryOps, c.addOnCategories);
  registerCrud(r, api.addOnOps, c.addOns);
}
