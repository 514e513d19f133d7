import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function appointmentsRoutes(r: Router, c: Container) {
  r.route(api.listAppointments, ({ auth, query }) => c.appointmentReads.list(auth, query));
  r.route(api.countPendingAppointments, ({ auth, query }) => c.appointmentReads.countPending(auth, query.locationId));
  r.route(api.getAppointment, ({ auth, params }) => c.appointmentReads.get(auth, params.id));
  r.route(api.createAppointment, ({ auth, body }) => c.appointmentWrites.create(auth, body.data));
  r.route(api.updateAppointment, ({ auth, params, body }) => c.appointmentWrites.update(auth, params.id, body.data));
  r.route(api.cancelAppointment, ({ auth, params, body }) => c.appointmentStatus.cancel(auth, params.id, body.data.reason));
  r.route(api.correctAppointmentStatus, ({ auth, params, body }) => c.appointmentStatus.correct(auth, params.id, body.data));
  r.route(api.deleteAppointment, async ({ auth, params }) => {
    await c.appointmentWrites.remove(auth, params.id);
    return { ok: true as const };
  });

  r.route(api.createAppointmentAddOn, ({ auth, body }) => c.appointmentAddOns.attach(auth, body.data));
  r.route(api.updateAppointmentAddOn, ({ auth, params, body }) => c.appointmentAddOns.update(auth, params.id, body.data.values));
  r.route(api.deleteAppointmentAddOn, async ({ auth, params }) => {
    await c.appointmentAddOns.remove(auth, params.id);
    return { ok: true as const };
  });

  // The public booking page: no session; rate limited by the caller's address.
  r.publicRoute(api.getBookingPage, ({ params }) => c.booking.page(params.locationId));
  r.publicRoute(api.createBookingRequest, ({ params, body, req }) => c.booking.request(params.locationId, req.ip, body.data));
  r.publicRoute(api.confirmBookingEmail, ({ body, req }) => c.booking.confirmEmail(body.data.token, req.ip));
}
