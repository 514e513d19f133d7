import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function usersRoutes(r: Router, s: Services) {
  r.route(api.listUsers, ({ auth, query }) => s.users.list(auth, query));
  r.route(api.getUser, ({ auth, params }) => s.users.get(auth, params.id));
  r.route(api.createUser, ({ auth, body }) => s.users.create(auth, body.data));
  r.route(api.updateUser, ({ auth, params, body }) => s.users.update(auth, params.id, body.data));
  r.route(api.deleteUser, async ({ auth, params }) => {
    await s.users.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.toggleUserActivation, ({ auth, params, body }) => s.users.setActive(auth, params.id, body.data.isActive));
}
