import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function profileRoutes(r: Router, s: Services) {
  r.route(api.getProfile, ({ auth }) => s.profile.get(auth));
  r.route(api.updateProfile, ({ auth, body }) => s.profile.update(auth, body.data));
  r.route(api.changePassword, async ({ auth, body }) => {
    await s.profile.changePassword(auth, body.data.currentPassword, body.data.newPassword);
    return { ok: true as const };
  });
  r.route(api.getUserPermissions, async ({ auth }) => ({ permissions: [...auth.permissions], roles: [...auth.roles] }));
  r.route(api.updateAccountId, async ({ auth, body, req, reply }) => {
    const accountId = body.data.newAccountId;
    await s.profile.assertCanSwitchTo(auth, accountId);
    const token = await s.auth.reissue(auth, accountId);
    s.auth.setCookie(reply, req, token);
    return s.profile.get({ ...auth, accountId });
  });
}
