import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function appointmentsRoutes(r: Router, s: Services) {
  r.route(api.listAppointments, ({ auth, query }) => s.appointments.list(auth, query));
  r.route(api.countPendingAppointments, ({ auth, query }) => s.appointments.countPending(auth, query.locationId));
  r.route(api.getAppointment, ({ auth, params }) => s.appointments.get(auth, params.id));
  r.route(api.createAppointment, ({ auth, body }) => s.appointments.create(auth, body.data));
  r.route(api.updateAppointment, ({ auth, params, body }) => s.appointments.update(auth, params.id, body.data));
  r.route(api.cancelAppointment, ({ auth, params, body }) => s.appointments.cancel(auth, params.id, body.data.reason));
  r.route(api.correctAppointmentStatus, ({ auth, params, body }) => s.appointments.correct(auth, params.id, body.data));
  r.route(api.deleteAppointment, async ({ auth, params }) => {
    await s.appointments.remove(auth, params.id);
    return { ok: true as const };
  });

  r.route(api.createAppointmentAddOn, ({ auth, body }) => s.appointments.attachAddOn(auth, body.data));
  r.route(api.updateAppointmentAddOn, ({ auth, params, body }) => s.appointments.updateAddOn(auth, params.id, body.data.values));
  r.route(api.deleteAppointmentAddOn, async ({ auth, params }) => {
    await s.appointments.removeAddOn(auth, params.id);
    return { ok: true as const };
  });

  // The public booking page: no session; rate limited by the caller's address.
  r.publicRoute(api.getBookingPage, ({ params }) => s.booking.page(params.locationId));
  r.publicRoute(api.createBookingRequest, ({ params, body, req }) => s.booking.request(params.locationId, req.ip, body.data));
}
