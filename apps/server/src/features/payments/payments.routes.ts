import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function paymentsRoutes(r: Router, c: Container) {
  registerCrud(r, api.paymentTypeOps, c.paymentTypes);

  const ops = api.paymentOps;
  r.route(ops.list, ({ auth, query }) => c.payments.list(auth, query));
  r.route(ops.get, ({ auth, params }) => c.payments.get(auth, params.id));
  // Money-creating: once per Idempotency-Key (platform/idempotency.ts).
  r.route(ops.create, ({ auth, body, req, reply }) => c.idempotency.run(auth, ops.create, req, reply, (tx) => c.payments.create(tx, auth, body.data)));
  r.route(api.refundPayment, ({ auth, params, body, req, reply }) =>
    // The request's key also names a card refund at Stripe: sent again, it is the same refund there.
    c.idempotency.run(auth, api.refundPayment, req, reply, (tx, key) => c.payments.refund(tx, auth, params.id, body.data, { requestKey: key })),
  );
  r.route(api.allocateCredit, ({ auth, body }) => c.payments.allocateCredit(auth, body.data));
  r.route(ops.update, ({ auth, params, body }) => c.payments.update(auth, params.id, body.data));
  r.route(ops.remove, async ({ auth, params }) => {
    await c.payments.remove(auth, params.id);
    return { ok: true as const };
  });
}
