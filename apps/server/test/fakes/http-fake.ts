// A small HTTP server on loopback for a provider's fake: routes by method and path pattern, the
// request's body read, JSON answers. Each fake checks what its provider checks (auth, fields).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** the body as text */
  text: string;
  /** path parameters (`:name` in the route) */
  params: Record<string, string>;
}
export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export type FakeRoute = [method: string, pattern: string, handler: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>];

export interface HttpFake {
  url: string;
  /** every request received, in order */
  requests: FakeRequest[];
  close(): Promise<void>;
}

function match(pattern: string, path: string): Record<string, string> | undefined {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(':')) params[a[i]!.slice(1)] = decodeURIComponent(b[i]!);
    else if (a[i] !== b[i]) return undefined;
  }
  return params;
}

export async function startHttpFake(routes: FakeRoute[], opts: { port?: number } = {}): Promise<HttpFake> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const base = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, text: Buffer.concat(chunks).toString('utf8') };
        let answer: FakeAnswer = { status: 404, body: { error: 'not found' } };
        for (const [method, pattern, handler] of routes) {
          const params = method === base.method ? match(pattern, base.path) : undefined;
          if (!params) continue;
          const fakeReq = { ...base, params };
          requests.push(fakeReq);
          try {
            answer = await handler(fakeReq);
          } catch (err) {
            answer = { status: 500, body: { error: String(err) } };
          }
          break;
        }
        const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(body);
      })();
    });
  });
  // An idle connection stays open until the client closes it (or close() below). Closed by the
  // server after its default 5 s, it raced a client that took it up again at that moment: the
  // request met a reset (ECONNRESET), as a loaded machine's late timers made happen.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `Authorization: Bearer <token>`'s token. */
export const bearer = (req: FakeRequest) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];

/** `Authorization: Basic …`'s user and password. */
export function basicAuth(req: FakeRequest): { user: string; password: string } | undefined {
  const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const at = text.indexOf(':');
  return at < 0 ? undefined : { user: text.slice(0, at), password: text.slice(at + 1) };
}

/** A form-encoded body (`a=1&list[0]=x&list[1]=y&map[k]=v`) with bracketed keys gathered the way Stripe's API reads them. */
export function formBody(text: string): Record<string, string | string[] | Record<string, string>> {
  const out: Record<string, string | string[] | Record<string, string>> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const m = /^([^[]+)\[([^\]]*)\]$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const [, name, inner] = m as unknown as [string, string, string];
    if (inner === '' || /^\d+$/.test(inner)) ((out[name] ??= []) as string[]).push(value);
    else ((out[name] ??= {}) as Record<string, string>)[inner] = value;
  }
  return out;
}

type FormValue = string | FormValue[] | { [key: string]: FormValue };

/**
 * A form-encoded body with nesting at any depth, the way Stripe's API reads it:
 * `line_items[0][price_data][unit_amount]=500&metadata[k]=v` → `{line_items: [{price_data: {unit_amount: '500'}}], metadata: {k: 'v'}}`.
 */
export function nestedFormBody(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = /^[^[]+/.exec(key)?.[0];
    if (!head) continue;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const slot: string | number = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, FormValue> | FormValue[];
      }
    }
  }
  return root;
}
