import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

/** Tax codes, invoices and credit notes, estimates, the invoice PDF and email, missed charges. */
export function invoicesRoutes(r: Router, c: Container) {
  registerCrud(r, api.taxCodeOps, c.taxCodes);

  // Fixed paths before the {id} ones they would otherwise look like.
  r.route(api.invoiceFromAppointment, ({ auth, body }) => c.invoices.fromAppointment(auth, body.data.appointmentId, body.data.again ?? false));
  r.route(api.missedCharges, ({ auth, query }) => c.missedCharges.forAppointment(auth, query.appointmentId));
  r.route(api.unbilledReport, ({ auth, query }) => c.missedCharges.unbilled(auth, query.locationId, query.weekOf));
  r.route(api.clientBalance, ({ auth, query }) => c.invoices.clientBalance(auth, query.clientId));
  registerCrud(r, api.invoiceOps, c.invoices);
  r.route(api.finaliseInvoice, ({ auth, params }) => c.invoices.finalise(auth, params.id));
  r.route(api.voidInvoice, ({ auth, params, body }) => c.invoices.void(auth, params.id, body.data.reason));
  r.route(api.createCreditNote, ({ auth, params, body }) => c.invoices.createCreditNote(auth, params.id, body.data));
  r.route(api.emailInvoice, ({ auth, params, body }) => c.invoicePdf.email(auth, params.id, body.data));
  r.route(api.invoicePdf, async ({ auth, params, reply }) => {
    const { fileName, data } = await c.invoicePdf.render(auth, params.id);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${fileName.replace(/[^\w .-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(data);
    return reply as never;
  });

  registerCrud(r, api.estimateOps, c.estimates);
  r.route(api.approveEstimate, ({ auth, params }) => c.estimates.approve(auth, params.id));
  r.route(api.declineEstimate, ({ auth, params, body }) => c.estimates.decline(auth, params.id, body.data.reason));
  r.route(api.invoiceFromEstimate, ({ auth, params }) => c.estimates.toInvoice(auth, params.id));
}
