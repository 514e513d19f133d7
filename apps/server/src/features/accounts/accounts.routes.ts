import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function accountsRoutes(r: Router, c: Container) {
  r.route(api.listAllAccounts, ({ auth, query }) => c.accounts.listSwitchable(auth, query));
  r.route(api.getAccount, ({ auth }) => c.accounts.current(auth));
  r.route(api.updateAccount, ({ auth, params, body }) => c.accounts.update(auth, params.id, body.data));
}
