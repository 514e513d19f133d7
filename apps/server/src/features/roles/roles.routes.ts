import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

const ok = { ok: true as const };

export function rolesRoutes(r: Router, c: Container) {
  // Roles keep their own service (permissions and members are link tables), behind the kit's routes.
  registerCrud(r, api.roleOps, c.roles);

  r.route(api.listSystemRoles, () => c.roles.listSystem());
  r.route(api.listSystemRoleCandidates, ({ query }) => c.roles.candidates(query.search));
  r.route(api.createSystemRole, ({ body }) => c.roles.createSystem(body.data));
  r.route(api.updateSystemRole, ({ auth, params, body }) => c.roles.updateSystem(auth, params.id, body.data));
  r.route(api.deleteSystemRole, async ({ params }) => (await c.roles.removeSystem(params.id), ok));
}
