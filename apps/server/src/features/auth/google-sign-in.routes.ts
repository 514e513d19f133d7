// Security-critical: Google sign-in's two addresses and the sign-in page's options. Every outcome of
// the Google routes is a redirect that no cache keeps: to Google, into the portal signed in, or to
// the sign-in page with `?error=` saying why not (docs/decisions/0090). The start sets the cookie
// that binds the sign-in to this browser; the callback reads it and always clears it (0141).
import * as api from '@willow/contracts';
import type { FastifyReply } from 'fastify';
import type { Container } from '../../container.js';
import { HttpError } from '../../platform/errors.js';
import type { Router } from '../../platform/router.js';
import { GOOGLE_BINDING_COOKIE, GOOGLE_BINDING_PATH, GOOGLE_STATE_TTL_MS, GoogleSignInRefused } from './google-sign-in.service.js';
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
    return { email: c.productMail.configured, google: await c.googleSignIn.offered() };
  });

  r.publicRoute(api.googleSignIn, async ({ query, req, reply }) => {
    try {
      await takeRate(c.db, [{ limit: 'googleStartPerIp', key: req.ip }]);
      const { url, binding } = await c.googleSignIn.start(query.email, query.returnUrl);
      // Lax: Google's redirect back is a top-level GET from another site, which Lax cookies ride on.
      reply.setCookie(GOOGLE_BINDING_COOKIE, binding, {
        httpOnly: true,
        sameSite: 'lax',
        path: GOOGLE_BINDING_PATH,
        maxAge: GOOGLE_STATE_TTL_MS / 1000,
        secure: c.auth.secureCookie(req),
      });
      return redirect(reply, url, 302);
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
    // Good for one callback, whatever it answers.
    const binding = req.cookies[GOOGLE_BINDING_COOKIE];
    reply.clearCookie(GOOGLE_BINDING_COOKIE, { path: GOOGLE_BINDING_PATH });
    try {
      await takeRate(c.db, [{ limit: 'linkPerIp', key: req.ip }]);
      const found = await c.googleSignIn.complete(query, binding);
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
