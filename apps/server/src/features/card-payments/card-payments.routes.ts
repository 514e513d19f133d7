import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function cardPaymentsRoutes(r: Router, c: Container) {
  r.route(api.createCardPaymentRequest, ({ auth, body, req }) => c.cardPayments.create(auth, body.data, req.log));
  r.route(api.listCardPaymentRequests, ({ auth, query }) => c.cardPayments.list(auth, query));
  r.route(api.cancelCardPaymentRequest, ({ auth, params }) => c.cardPayments.cancel(auth, params.id));
}
