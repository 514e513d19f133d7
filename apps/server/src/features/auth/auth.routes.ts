import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function authRoutes(r: Router, c: Container) {
  r.publicRoute(api.login, async ({ body, req, reply }) => {
    const { token, expiresAt, user } = await c.auth.login(body.data.email, body.data.password, req.ip, req.headers['user-agent'] ?? null);
    c.auth.setCookie(reply, req, token, expiresAt);
    return c.profile.get({
      userId: user.id,
      accountId: user.accountId,
      homeAccountId: user.accountId,
      sessionId: '',
      permissions: [],
      roles: [],
    });
  });

  r.publicRoute(api.logout, async ({ req, reply }) => {
    await c.auth.logout(req);
    c.auth.clearCookie(reply);
    return { ok: true as const };
  });
}
