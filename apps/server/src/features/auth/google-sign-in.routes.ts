// Security-critical: Google sign-in's two addresses and the sign-in page's options. Every outcome of
// the Google routes is a redirect that no cache keeps: to Google, into the portal signed in, or to
// the sign-in page with `?error=` saying why not (docs/decisions/0090).
import * as api from '@willow/contracts';
import type { FastifyReply } from 'fastify';
import type { Container } from '../../container.js';
import { HttpError } from '../../platform/errors.js';
import type { Router } from '../../platform/router.js';
import { GoogleSignInRefused } from './google-sign-in.service.js';
import { takeRate } from './rate-limits.js';

function redirect(reply: FastifyReply, location: string, status: 302 | 303 = 303): never {
  reply.header('cache-control', 'no-store');
  return reply.redirect(location, status) as never;
}

/** The sign-in page, saying why, and keeping where the person was going. */
const loginWith = (message: string, returnUrl: string | null) =>
  `/login?${new URLSearchParams({ error: message, ...(returnUrl && { returnUrl }) })}`;

export function googleSignInRoutes(r: Router, c: Container) {
  r.publicRoute(api.getSignInOptions, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { email: c.communications.productMail.configured, google: await c.googleSignIn.offered() };
  });

  r.publicRoute(api.googleSignIn, async ({ query, req, reply }) => {
    try {
      await takeRate(c.db, [{ limit: 'googleStartPerIp', key: req.ip }]);
      return redirect(reply, await c.googleSignIn.start(query.returnUrl), 302);
    } catch (err) {
      // Too many starts from this address: the sign-in page says so, like any refusal.
      if (err instanceof HttpError) return redirect(reply, loginWith(err.message, null));
      if (!(err instanceof GoogleSignInRefused)) throw err;
      if (err.reason) req.log.warn({ reason: err.reason }, 'Google sign-in could not start');
      return redirect(reply, loginWith(err.message, null));
    }
  });

  r.publicRoute(api.googleCallback, async ({ query, req, reply }) => {
    let returnUrl: string | null = null;
    try {
      await takeRate(c.db, [{ limit: 'linkPerIp', key: req.ip }]);
      const found = await c.googleSignIn.complete(query);
      returnUrl = found.returnUrl;
      // Every sign-in ends here: a deactivated practice is refused as for a password.
      const { token, expiresAt } = await c.auth.startSession(found.user, req.ip, req.headers['user-agent'] ?? null);
      c.auth.setCookie(reply, req, token, expiresAt);
      return redirect(reply, returnUrl ?? '/');
    } catch (err) {
      if (err instanceof GoogleSignInRefused) {
        if (err.reason) req.log.warn({ reason: err.reason }, 'Google sign-in refused');
        return redirect(reply, loginWith(err.message, err.returnUrl));
      }
      // Too many callbacks from this address, or a session refused.
      if (err instanceof HttpError) return redirect(reply, loginWith(err.message, returnUrl));
      throw err;
    }
  });
}
