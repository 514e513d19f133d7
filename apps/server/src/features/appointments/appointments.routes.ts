import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function appointmentsRoutes(r: Router, c: Container) {
  r.route(api.listAppointments, ({ auth, query }) => c.appointments.list(auth, query));
  r.route(api.countPendingAppointments, ({ auth, query }) => c.appointments.countPending(auth, query.locationId));
  r.route(api.getAppointment, ({ auth, params }) => c.appointments.get(auth, params.id));
  r.route(api.createAppointment, ({ auth, body }) => c.appointments.create(auth, body.data));
  r.route(api.updateAppointment, ({ auth, params, body }) => c.appointments.update(auth, params.id, body.data));
  r.route(api.cancelAppointment, ({ auth, params, body }) => c.appointments.cancel(auth, params.id, body.data.reason));
  r.route(api.correctAppointmentStatus, ({ auth, params, body }) => c.appointments.correct(auth, params.id, body.data));
  r.route(api.deleteAppointment, async ({ auth, params }) => {
    await c.appointments.remove(auth, params.id);
    return { ok: true as const };
  });

  r.route(api.createAppointmentAddOn, ({ auth, body }) => c.appointments.attachAddOn(auth, body.data));
  r.route(api.updateAppointmentAddOn, ({ auth, params, body }) => c.appointments.updateAddOn(auth, params.id, body.data.values));
  r.route(api.deleteAppointmentAddOn, async ({ auth, params }) => {
    await c.appointments.removeAddOn(auth, params.id);
    return { ok: true as const };
  });

  // The public booking page: no session; rate limited by the caller's address.
  r.publicRoute(api.getBookingPage, ({ params }) => c.booking.page(params.locationId));
  r.publicRoute(api.createBookingRequest, ({ params, body, req }) => c.booking.request(params.locationId, req.ip, body.data));
}
