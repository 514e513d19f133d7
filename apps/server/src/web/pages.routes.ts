// Security-critical: the session guard for page requests. The cookie is HttpOnly, so
// only the server can see it: it sends a page request without a usable token to the right place.
import { statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@willow/contracts';
import type { Container } from '../container.js';
import { HttpError } from '../platform/errors.js';
import { NO_OUTBOUND } from '../features/client-config/client-config.settings.js';
import { contentSecurityPolicy } from './content-security-policy.js';

export const PUBLIC_PAGES = [
  '/login',
  '/onboarding',
  '/resetPassword',
  '/magicLink',
  '/401',
  '/403',
  '/forgotPassword',
  '/terms-of-service',
  '/privacy-policy',
  '/logout',
];
/**
 * Pages under these paths need no session either: a location's public booking page,
 * /book/<locationId>, a form sent to a client, /form/<accountId>/<requestId>?t=… (0097), and
 * the pages Stripe's payment page sends a client back to, /pay/thank-you and /pay/cancelled (0116).
 */
export const PUBLIC_PAGE_PREFIXES = ['/book/', '/form/', '/pay/'];

export function pageRoutes(
  app: FastifyInstance,
  container: Container,
  webDist: string | undefined,
  /** the pages' Content-Security-Policy, from the configuration (content-security-policy.ts) */
  csp = contentSecurityPolicy(NO_OUTBOUND),
) {
  const sendIndex = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    reply.header('content-security-policy', csp);
    reply.header('x-frame-options', 'DENY');
    return reply.sendFile('index.html');
  };

  async function guard(req: FastifyRequest, reply: FastifyReply) {
    const path = req.url.split('?')[0] ?? '/';
    if (PUBLIC_PAGES.includes(path) || PUBLIC_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix))) return sendIndex(reply);
    const outcome = await container.auth.inspect(req);
    if (outcome.kind === 'missing') return reply.redirect(`/login?returnUrl=${encodeURIComponent(req.url)}`);
    if (outcome.kind === 'incomplete') return reply.redirect('/403');
    if (outcome.kind === 'invalid') {
      container.auth.clearCookie(reply);
      return reply.redirect('/logout');
    }
    try {
      await container.auth.authenticateOutcome(outcome);
    } catch (err) {
      // Revoked, expired or for a deactivated user: the same as an expired token.
      if (!(err instanceof HttpError) || err.status !== 401) throw err;
      container.auth.clearCookie(reply);
      return reply.redirect('/logout');
    }
    return sendIndex(reply);
  }

  app.get('/*', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    // The API and the analytics proxy answer for themselves; here they are only not found.
    if (path === '/api' || path.startsWith('/api/') || path === '/ph' || path.startsWith('/ph/')) {
      return reply.status(404).send({ error: { message: MESSAGES.notFound } });
    }
    if (!webDist) {
      return reply.status(503).send({ error: { message: 'The web app is not built. Run npm run build.' } });
    }
    const file = path === '/' ? undefined : staticFile(webDist, path);
    if (file) {
      if (!file.startsWith('/assets/')) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile(file);
      }
      // A hashed asset never changes: no validators or ranges to send with it (its name is its
      // version), which keeps each of the first page's many small responses a little smaller.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(file, { etag: false, lastModified: false, acceptRanges: false });
    }
    // A missing file (the browser's own /favicon.ico, a stale asset) is not a page: it must not pass
    // through the guard, which would remove the cookie of a lost session behind the app's back.
    if (/\/[^/]*\.[A-Za-z0-9]+$/.test(path)) {
      return reply.status(404).send({ error: { message: MESSAGES.notFound } });
    }
    return guard(req, reply);
  });
}

/** A file of the built web app, or undefined (never outside the folder). */
export function staticFile(root: string, urlPath: string): string | undefined {
  const clean = normalize(decodeURIComponent(urlPath.split('?')[0] ?? '')).replace(/^(\.\.[/\\])+/, '');
  const file = join(root, clean);
  if (!file.startsWith(root)) return undefined;
  try {
    return statSync(file).isFile() ? clean : undefined;
  } catch {
    return undefined;
  }
}
