// Security-critical: refuses a state-changing request a browser sent from another site (CSRF).
// The session cookie is SameSite=Lax, which stops a cross-site POST but not one from a sibling
// subdomain (same-site), nor a form post of multipart or text/plain that needs no CORS preflight.
// Decision 0053.
import type { FastifyRequest } from 'fastify';

/** Methods that change something: every one of them is checked. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * ALLOWED_ORIGINS: origins besides the request's own host that may write, comma-separated
 * (`https://portal.clinic.example`), for a proxy that passes neither the browser's Host nor
 * X-Forwarded-Host. A value that is not a bare origin is a configuration mistake: refuse to start.
 */
export function parseAllowedOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an origin like https://portal.example`);
      }
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if (!['http:', 'https:'].includes(url.protocol) || !bare) {
        throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an origin like https://portal.example (scheme and host only)`);
      }
      return url.origin;
    });
}

/**
 * Whether the browser's Origin names this very server: its host (the Host header, or
 * X-Forwarded-Host when the proxy is trusted) with the default port of the origin's scheme left
 * out on both sides. The scheme itself is not compared: behind a TLS proxy without TRUST_PROXY
 * the server cannot know it, and the same host on another scheme is the same operator's.
 */
function isOwnOrigin(origin: URL, host: string): boolean {
  if (!host) return false;
  try {
    return new URL(`${origin.protocol}//${host}`).host === origin.host;
  } catch {
    return false;
  }
}

/**
 * Why a request must be refused as cross-origin, or undefined when it may go on. A browser says
 * where a request comes from: Origin on every non-GET fetch and form post, and Sec-Fetch-Site
 * where it sends no Origin. A request carrying neither is not a browser's (a script with a bearer
 * token, the tests): no other site can make one carry the user's cookie without them.
 */
export function crossOriginRefusal(req: FastifyRequest, allowedOrigins: readonly string[]): string | undefined {
  if (!WRITES.has(req.method)) return undefined;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      // "null" (a sandboxed frame, a file, a redirect across sites) or nonsense: not ours.
      return `origin ${origin}`;
    }
    if (allowedOrigins.includes(url.origin) || isOwnOrigin(url, req.host)) return undefined;
    return `origin ${origin}`;
  }
  // Same-site is refused too: a sibling subdomain is exactly the attack the cookie lets through.
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `sec-fetch-site ${site}`;
  return undefined;
}
