// Security-critical: what a request's log line says of it. An address whose query carries a
// credential (Intuit's authorization code and the QuickBooks connection's state, on the callback
// Intuit sends the browser to; a form link's secret, on its page and on the public form's API) is
// logged without its query.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { QUICKBOOKS_CALLBACK_PATH } from '@willow/contracts';

const PRIVATE_QUERY_PATHS: readonly string[] = [QUICKBOOKS_CALLBACK_PATH];
/** Paths under these carry a credential in their query too: a form link's secret `t` (docs/decisions/0097). */
const PRIVATE_QUERY_PREFIXES: readonly string[] = ['/form/', '/api/publicForm/'];

/** The request's address as logged: its path alone where the query is a credential. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  const hidden = PRIVATE_QUERY_PATHS.includes(path.replace(/\/+$/, '')) || PRIVATE_QUERY_PREFIXES.some((prefix) => path.startsWith(prefix));
  return hidden ? `${path}?[hidden]` : url;
}

/** The app's logger options with Fastify's request serializer, but the address as `loggedUrl` says. */
export function withLogSerializers(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggedUrl(req.url),
        version: req.headers?.['accept-version']?.toString(),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
