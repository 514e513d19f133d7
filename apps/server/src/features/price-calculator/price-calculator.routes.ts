import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function priceCalculatorRoutes(r: Router, c: Container) {
  registerCrud(r, api.priceBandOps, c.priceBands);
  r.route(api.quotePrice, ({ auth, body }) => c.priceCalculator.quote(auth, body.data));
}
