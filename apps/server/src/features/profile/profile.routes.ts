import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function profileRoutes(r: Router, c: Container) {
  r.route(api.getProfile, ({ auth }) => c.profile.get(auth));
  r.route(api.updateProfile, ({ auth, body }) => c.profile.update(auth, body.data));
  r.route(api.confirmEmailChange, ({ auth, body, req }) => c.profile.confirmEmail(auth, body.data.token, req.ip));
  r.route(api.changePassword, async ({ auth, body }) => {
    await c.profile.changePassword(auth, body.data.currentPassword, body.data.newPassword);
    return { ok: true as const };
  });
  r.route(api.getGettingStarted, ({ auth }) => c.profile.gettingStarted(auth));
  r.route(api.updateGettingStarted, ({ auth, body }) => c.profile.setGettingStarted(auth, body.data.dismissed));
  r.route(api.getUserPermissions, async ({ auth }) => ({ permissions: [...auth.permissions], roles: [...auth.roles] }));
  r.route(api.updateAccountId, async ({ auth, body, req, reply }) => {
    const accountId = body.data.newAccountId;
    await c.profile.assertCanSwitchTo(auth, accountId);
    const token = await c.auth.reissue(auth, accountId);
    c.auth.setCookie(reply, req, token);
    return c.profile.get({ ...auth, accountId });
  });
}
