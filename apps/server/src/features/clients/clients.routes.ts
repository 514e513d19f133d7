import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function clientsRoutes(r: Router, c: Container) {
  registerCrud(r, api.clientOps, c.clients);
}
