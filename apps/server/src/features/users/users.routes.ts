import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function usersRoutes(r: Router, c: Container) {
  r.route(api.listUsers, ({ auth, query }) => c.users.list(auth, query));
  r.route(api.getUser, ({ auth, params }) => c.users.get(auth, params.id));
  r.route(api.createUser, ({ auth, body }) => c.users.create(auth, body.data));
  r.route(api.updateUser, ({ auth, params, body }) => c.users.update(auth, params.id, body.data));
  r.route(api.deleteUser, async ({ auth, params }) => {
    await c.users.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.toggleUserActivation, ({ auth, params, body }) => c.users.setActive(auth, params.id, body.data.isActive));
}
