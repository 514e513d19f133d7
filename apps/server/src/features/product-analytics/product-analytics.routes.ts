// Security-critical: the reverse proxy for product analytics at /ph (decision 0081). It forwards
// only the few requests analytics capture needs, each to one of the two configured origins and
// nowhere else (never an open proxy), with none of the staff member's cookies or credentials,
// a small body, and the upstream's Host. Session recordings, feature flags and anything else are
// not forwarded: they are not used, and recordings would carry what is on the page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { ANALYTICS_PATH, MESSAGES } from '@willow/contracts';
import type { AnalyticsSettings } from '../client-config/index.js';

/** A capture request is a few hundred bytes; a batch of them stays well under this. */
export const ANALYTICS_BODY_LIMIT = 64 * 1024;
export const ANALYTICS_UNAVAILABLE = 'Analytics is not available right now';

interface Forward {
  method: 'GET' | 'POST';
  pattern: RegExp;
  upstream: keyof Pick<AnalyticsSettings, 'host' | 'assetsHost'>;
}

/** What may pass, matched against the path after /ph (letters, digits, dots, dashes and underscores only). */
const FORWARDS: readonly Forward[] = [
  // event capture (PostHog's documented endpoint and the ones its web library uses) and batches
  { method: 'POST', pattern: /^\/(?:i\/v0\/e|e|capture|batch)\/?$/, upstream: 'host' },
  // the library's static files, from the assets host
  { method: 'GET', pattern: /^\/static\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/, upstream: 'assetsHost' },
];

/** Query parameters the capture endpoints read; everything else stays here. */
const QUERY_KEYS = ['compression', 'ver', '_'];
/** What the upstream is told about the request: its body, and nothing about who sent it. */
const REQUEST_HEADERS = ['content-type', 'content-length', 'content-encoding', 'accept', 'accept-encoding', 'user-agent'];
/** What the browser is told about the answer: no cookies of the analytics host's. */
const RESPONSE_HEADERS = ['content-type', 'content-encoding', 'content-length', 'cache-control', 'etag', 'last-modified', 'vary', 'expires'];

function pick(headers: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string') kept[name] = value;
    else if (Array.isArray(value) && name !== 'content-length') kept[name] = value.join(', ');
    else if (typeof value === 'number') kept[name] = String(value);
  }
  return kept;
}

const notFound = (reply: FastifyReply) => reply.status(404).send({ error: { message: MESSAGES.notFound } });

/** The target of a request, or undefined when it may not be forwarded. */
export function analyticsTarget(settings: AnalyticsSettings, method: string, rest: string): string | undefined {
  const forward = FORWARDS.find((f) => f.method === method && f.pattern.test(rest));
  if (!forward) return undefined;
  const origin = settings[forward.upstream];
  const target = new URL(origin + rest);
  // The pattern admits no '//', '..', '%' or ':', so the origin cannot change; checked all the same.
  return target.origin === origin ? target.href : undefined;
}

export async function analyticsProxyRoutes(app: FastifyInstance, settings: AnalyticsSettings | undefined): Promise<void> {
  // Off unless configured: /ph is then not found like any other unknown address (pages.routes.ts).
  if (!settings) return;
  await app.register(async (scope) => {
    // Bodies pass through as they came (JSON, text or compressed), never parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ANALYTICS_BODY_LIMIT }, (_req, body, done) => done(null, body));
    await scope.register(replyFrom, {
      undici: { headersTimeout: 10_000, bodyTimeout: 10_000, connect: { timeout: 5_000 } },
      disableRequestLogging: true,
    });

    const proxy = async (req: FastifyRequest, reply: FastifyReply) => {
      const rest = `/${(req.params as { '*': string })['*']}`;
      const target = analyticsTarget(settings, req.method, rest);
      if (!target) return notFound(reply);
      const body = req.body instanceof Buffer ? req.body : undefined;
      return reply.from(target, {
        // The bytes as they came: handed over as they are, never parsed or encoded again.
        ...(body && { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' }),
        queryString: (_search, reqUrl) => {
          const query = new URLSearchParams(reqUrl.split('?')[1] ?? '');
          const kept = new URLSearchParams();
          for (const key of QUERY_KEYS) {
            const value = query.get(key);
            if (value !== null && value.length <= 64) kept.set(key, value);
          }
          return kept.toString();
        },
        rewriteRequestHeaders: (_req, headers) => ({ ...pick(headers, REQUEST_HEADERS), host: new URL(target).host }),
        rewriteHeaders: (headers) => pick(headers, RESPONSE_HEADERS),
        onError: (errorReply, { error }) => {
          req.log.warn({ err: error }, 'analytics upstream failed');
          void errorReply.status(502).send({ error: { message: ANALYTICS_UNAVAILABLE } });
        },
      });
    };
    scope.route({
      method: ['GET', 'POST'],
      url: `${ANALYTICS_PATH}/*`,
      config: { access: { kind: 'public' } },
      schema: { hide: true },
      bodyLimit: ANALYTICS_BODY_LIMIT,
      handler: proxy,
    });
  });
}
