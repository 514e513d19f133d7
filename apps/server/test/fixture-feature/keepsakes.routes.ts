// The fixture feature's routes: all it joins the app by. The app's feature list (features/index.ts)
// would hold this line; the test hands it over as moreRoutes.
import type { Container } from '../../src/container.js';
import { registerCrud } from '../../src/platform/crud.js';
import type { Router } from '../../src/platform/router.js';
import { keepsakeOps } from './keepsakes.contract.js';
import { keepsakesService } from './keepsakes.service.js';

export function keepsakesRoutes(r: Router, c: Container): void {
  registerCrud(r, keepsakeOps, keepsakesService(c.db, c.audit, c.events));
}
