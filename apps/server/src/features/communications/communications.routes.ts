import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function communicationsRoutes(r: Router, c: Container) {
  r.route(api.listMessages, ({ auth, query }) => c.communications.list(auth, query));
  r.route(api.getClientChannels, ({ auth, query }) => c.communications.channels(auth, query.clientId));
  r.route(api.sendClientEmail, ({ auth, body }) => c.communications.sendEmail(auth, body.data));
  r.route(api.sendClientSms, ({ auth, body }) => c.communications.sendSms(auth, body.data));
}
