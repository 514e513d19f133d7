import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function accountsRoutes(r: Router, s: Services) {
  r.route(api.listAllAccounts, ({ auth, query }) => s.accounts.listSwitchable(auth, query));
  r.route(api.getAccount, ({ auth }) => s.accounts.current(auth));
  r.route(api.createAccount, ({ body }) => s.accounts.create(body.data));
  r.route(api.updateAccount, ({ auth, params, body }) => s.accounts.update(auth, params.id, body.data));
}
