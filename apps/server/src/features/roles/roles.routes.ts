import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

const ok = { ok: true as const };

export function rolesRoutes(r: Router, c: Container) {
  r.route(api.listRoles, ({ auth }) => c.roles.list(auth));
  r.route(api.createRole, ({ auth, body }) => c.roles.create(auth, body.data));
  r.route(api.updateRole, ({ auth, params, body }) => c.roles.update(auth, params.id, body.data));
  r.route(api.deleteRole, async ({ auth, params }) => (await c.roles.remove(auth, params.id), ok));

  r.route(api.listSystemRoles, () => c.roles.listSystem());
  r.route(api.listSystemRoleCandidates, ({ query }) => c.roles.candidates(query.search));
  r.route(api.createSystemRole, ({ body }) => c.roles.createSystem(body.data));
  r.route(api.updateSystemRole, ({ auth, params, body }) => c.roles.updateSystem(auth, params.id, body.data));
  r.route(api.deleteSystemRole, async ({ params }) => (await c.roles.removeSystem(params.id), ok));
}
