import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function cardPaymentsRoutes(r: Router, c: Container) {
  // Money-asking: once per Idempotency-Key (platform/idempotency.ts), claimed before Stripe is asked.
  r.route(api.createCardPaymentRequest, ({ auth, body, req, reply }) =>
    c.cardPayments.create(auth, body.data, { log: req.log, run: (work) => c.idempotency.run(auth, api.createCardPaymentRequest, req, reply, work) }),
  );
  r.route(api.listCardPaymentRequests, ({ auth, query }) => c.cardPayments.list(auth, query));
  r.route(api.cancelCardPaymentRequest, ({ auth, params }) => c.cardPayments.cancel(auth, params.id));
}
