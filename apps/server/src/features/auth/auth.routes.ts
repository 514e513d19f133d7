import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function authRoutes(r: Router, s: Services) {
  r.publicRoute(api.login, async ({ body, req, reply }) => {
    const { token, expiresAt, user } = await s.auth.login(body.data.email, body.data.password, req.ip, req.headers['user-agent'] ?? null);
    s.auth.setCookie(reply, req, token, expiresAt);
    return s.profile.get({
      userId: user.id,
      accountId: user.accountId,
      homeAccountId: user.accountId,
      sessionId: '',
      permissions: [],
      roles: [],
    });
  });

  r.publicRoute(api.logout, async ({ req, reply }) => {
    await s.auth.logout(req);
    s.auth.clearCookie(reply);
    return { ok: true as const };
  });
}
