import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

const ok = { ok: true as const };

export function rolesRoutes(r: Router, s: Services) {
  r.route(api.listRoles, ({ auth }) => s.roles.list(auth));
  r.route(api.createRole, ({ auth, body }) => s.roles.create(auth, body.data));
  r.route(api.updateRole, ({ auth, params, body }) => s.roles.update(auth, params.id, body.data));
  r.route(api.deleteRole, async ({ auth, params }) => (await s.roles.remove(auth, params.id), ok));

  r.route(api.listSystemRoles, () => s.roles.listSystem());
  r.route(api.listSystemRoleCandidates, ({ query }) => s.roles.candidates(query.search));
  r.route(api.createSystemRole, ({ body }) => s.roles.createSystem(body.data));
  r.route(api.updateSystemRole, ({ auth, params, body }) => s.roles.updateSystem(auth, params.id, body.data));
  r.route(api.deleteSystemRole, async ({ params }) => (await s.roles.removeSystem(params.id), ok));
}
