import * as api from '@willow/contracts';
import type { FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';
import type { Submitter } from './form-requests.service.js';

/** The client IP as the app resolves it (req.ip follows the configured trusted proxies) and the browser. */
const submitter = (req: FastifyRequest): Submitter => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

export function formsRoutes(r: Router, c: Container) {
  registerCrud(r, api.formTemplateOps, c.formTemplates);
  r.route(api.countUnreadFormSubmissions, ({ auth, query }) => c.formSubmissions.countUnread(auth, query.locationId));
  r.route(api.getAppointmentChoices, ({ auth, query }) => c.submissionChoices.ofAppointment(auth, query.appointmentId));
  registerCrud(r, api.formSubmissionOps, c.formSubmissions);
  r.route(api.getSubmissionChoices, ({ auth, params }) => c.submissionChoices.ofSubmission(auth, params.id));
  r.route(api.acceptSubmissionChoices, ({ auth, params }) => c.submissionChoices.accept(auth, params.id));
  r.route(api.createFormRequest, ({ auth, body }) => c.formRequests.create(auth, body.data));
  r.route(api.listFormRequests, ({ auth, query }) => c.formRequests.list(auth, query));
  r.publicRoute(api.getPublicForm, ({ params, query, req }) => c.formRequests.publicForm(params.accountId, params.requestId, query.t, submitter(req)));
  r.publicRoute(api.submitPublicForm, async ({ params, body, req }) => {
    await c.formRequests.submit(params.accountId, params.requestId, body.data, submitter(req));
    return { ok: true as const };
  });
}
