import * as api from '@willow/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';
import type { Requester, SignInResult } from './sign-in-flows.service.js';

export function authRoutes(r: Router, c: Container) {
  /** The profile a sign-in answers, as the signed-in user will see it. */
  const profileOf = (user: { id: string; accountId: string }) =>
    c.profile.get({
      userId: user.id,
      accountId: user.accountId,
      homeAccountId: user.accountId,
      sessionId: '',
      permissions: [],
      roles: [],
    });
  const requester = (req: FastifyRequest): Requester => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
  /** Every emailed flow's sign-in ends as the password's does: the cookie, and the profile with the outcome. */
  const signedIn = async (req: FastifyRequest, reply: FastifyReply, result: SignInResult): Promise<api.SignedIn> => {
    c.auth.setCookie(reply, req, result.token, result.expiresAt);
    return { outcome: result.outcome, profile: await profileOf(result.user) };
  };

  r.publicRoute(api.login, async ({ body, req, reply }) => {
    const { token, expiresAt, user } = await c.auth.login(body.data.email, body.data.password, req.ip, req.headers['user-agent'] ?? null);
    c.auth.setCookie(reply, req, token, expiresAt);
    return profileOf(user);
  });

  r.publicRoute(api.logout, async ({ req, reply }) => {
    await c.auth.logout(req);
    c.auth.clearCookie(reply);
    return { ok: true as const };
  });

  // ---- emailed codes and links (docs/decisions/0086–0088) ----
  r.publicRoute(api.requestSignInEmail, ({ body, req }) => c.signInFlows.requestSignInEmail(body.data, requester(req)));
  r.publicRoute(api.verifySignInCode, async ({ body, req, reply }) => signedIn(req, reply, await c.signInFlows.verifyCode(body.data, requester(req))));
  r.publicRoute(api.signInWithMagicLink, async ({ body, req, reply }) =>
    signedIn(req, reply, await c.signInFlows.signInWithMagicLink(body.data.token, requester(req))),
  );
  r.publicRoute(api.forgotPassword, ({ body, req }) => c.signInFlows.forgotPassword(body.data.email, requester(req)));
  r.publicRoute(api.resetPassword, async ({ body, req, reply }) => signedIn(req, reply, await c.signInFlows.resetPassword(body.data, requester(req))));
  r.publicRoute(api.describeToken, ({ body, req }) => c.signInFlows.describeToken(body.data, requester(req)));

  // ---- a new practice, an invited staff member (docs/decisions/0089) ----
  r.publicRoute(api.startOnboarding, ({ body, req }) => c.onboarding.start(body.data.email, requester(req)));
  r.publicRoute(api.completeOnboarding, async ({ body, req, reply }) => signedIn(req, reply, await c.onboarding.complete(body.data, requester(req))));
  r.publicRoute(api.acceptInvitation, async ({ body, req, reply }) => signedIn(req, reply, await c.onboarding.acceptInvitation(body.data, requester(req))));
  r.route(api.resendInvitation, async ({ auth, params }) => {
    await c.invitations.resend(auth, params.id);
    return { ok: true as const };
  });
}
