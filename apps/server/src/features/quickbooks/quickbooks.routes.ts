import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { requireAccess, type AuthContext } from '../../platform/access.js';
import { HttpError } from '../../platform/errors.js';
import type { Router } from '../../platform/router.js';

export function quickbooksRoutes(r: Router, c: Container) {
  r.route(api.listQuickbooksConnections, ({ auth }) => c.quickbooks.list(auth));
  r.route(api.connectQuickbooks, ({ auth, body }) => c.quickbooks.connect(auth, body.data.locationId));
  r.route(api.disconnectQuickbooks, ({ auth, body, req }) => c.quickbooks.disconnect(auth, body.data.locationId, req.log));

  // Security-critical: Intuit sends the browser here (a top-level navigation: the session cookie,
  // SameSite=Lax, rides along). The session and the permission are checked as for connecting, by
  // the same requireAccess; every outcome is a redirect to /quickbooks saying what happened.
  r.publicRoute(api.quickbooksCallback, async ({ query, req, reply }) => {
    const back = (params: Record<string, string>) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(`/quickbooks?${new URLSearchParams(params)}`, 303) as never;
    };
    let auth: AuthContext;
    try {
      auth = await c.auth.authenticate(req);
      requireAccess(auth, api.connectQuickbooks);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      return back({ error: err.status === 401 ? api.QUICKBOOKS_MESSAGES.signInAgain : err.message });
    }
    try {
      const { locationId } = await c.quickbooks.complete(auth, query);
      return back({ connected: locationId });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      return back({ error: err.message });
    }
  });
}
