// Security-critical: the only way routes are registered. Each declares its operation's access
// rule; the session is resolved and the permission checked before the handler runs.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Operation } from '@willow/contracts';
import { requireAccess, type AuthContext } from './access.js';
import { badRequest } from './errors.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export type ParamsOf<O> = O extends Operation<infer P, any, any, any> ? Out<P> : never;
export type QueryOf<O> = O extends Operation<any, infer Q, any, any> ? Out<Q> : never;
export type BodyOf<O> = O extends Operation<any, any, infer B, any> ? Out<B> : never;
export type ResponseOf<O> = O extends Operation<any, any, any, infer R> ? z.input<R> : never;

export interface PublicContext<O> {
  params: ParamsOf<O>;
  query: QueryOf<O>;
  body: BodyOf<O>;
  req: FastifyRequest;
  reply: FastifyReply;
}
export interface RequestContext<O> extends PublicContext<O> {
  auth: AuthContext;
}

export type Authenticate = (req: FastifyRequest) => Promise<AuthContext>;

declare module 'fastify' {
  interface FastifyRequest {
    /** the body's bytes as they came, on an operation with `rawBody` (a webhook's signature is over them) */
    rawBody?: Buffer;
  }
  interface FastifyContextConfig {
    /** every API route carries its operation's access rule; the app refuses routes without one */
    access?: Operation['access'];
  }
}

/** Half of a UTF-16 pair without its other half: JSON can carry it, UTF-8 and PostgreSQL cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text PostgreSQL cannot store, if anything. */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return undefined;
}

/**
 * The first text (a string or an object key) PostgreSQL could not store, with its path
 * (`firstName`, `patient.name`, `ids.2`) and what is wrong with it.
 */
export function unstorableText(value: unknown): { path: string; problem: string } | undefined {
  // Walked with a stack of its own, depth first in key order: a JSON body nested tens of
  // thousands deep (it fits in 1 MiB) would exhaust the call stack of a recursive walk (a 500).
  type Node = { value: unknown; key: string; parent: Node | undefined; keyProblem?: string };
  const pathOf = (node: Node) => {
    const keys: string[] = [];
    for (let at: Node | undefined = node; at?.parent; at = at.parent) keys.unshift(at.key);
    return keys.join('.') || 'request';
  };
  const stack: Node[] = [{ value, key: '', parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.keyProblem) return { path: pathOf(node), problem: node.keyProblem };
    if (typeof node.value === 'string') {
      const problem = textProblem(node.value);
      if (problem) return { path: pathOf(node), problem };
    } else if (node.value && typeof node.value === 'object') {
      const entries = Object.entries(node.value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        // A key can be stored too (a record of values in a JSON column).
        const keyProblem = textProblem(key);
        stack.push({ value: inner, key, parent: node, ...(keyProblem && { keyProblem }) });
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL, nor (as UTF-8, or in a JSON column) half of a surrogate pair: a
 * request carrying one anywhere is a 400 naming the field, never a 500.
 */
async function refuseUnstorableText(req: FastifyRequest) {
  const body = unstorableText(req.body);
  // Fields are named as validation names them: without the body's `data.` wrapper.
  const found = unstorableText(req.params) ?? unstorableText(req.query) ?? (body && { ...body, path: body.path.replace(/^data\./, '') });
  if (found) throw badRequest(`${found.path}: ${found.problem}`);
}

/**
 * Keeps the body's bytes for an operation that verifies a signature over them, then hands the same
 * bytes on to the usual parser. The body limit applies while reading, before anything is kept.
 */
function keepRawBody(limit: number) {
  return async (req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += bytes.length;
      if (size > limit) throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
      chunks.push(bytes);
    }
    req.rawBody = Buffer.concat(chunks);
    return Object.assign(Readable.from([req.rawBody]), { receivedEncodedLength: size });
  };
}

export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export class Router {
  constructor(
    private readonly app: FastifyInstance,
    private readonly authenticate: Authenticate,
  ) {}

  /** A route that needs a session (and, per its operation, a permission). */
  route<O extends Operation>(op: O, handler: (ctx: RequestContext<O>) => Promise<ResponseOf<O>>): void {
    if (op.access.kind === 'public') throw new Error(`${op.method} ${op.path} is public: use publicRoute`);
    const guarded = new WeakMap<FastifyRequest, AuthContext>();
    // Runs before the request is validated: a caller without the permission learns nothing more.
    const guard = async (req: FastifyRequest) => {
      const auth = await this.authenticate(req);
      requireAccess(auth, op);
      guarded.set(req, auth);
    };
    this.register(
      op,
      async (req, reply) => handler({ ...this.parts<O>(req), req, reply, auth: guarded.get(req)! }),
      guard,
    );
  }

  /** A route anyone may call (sign-in, health). */
  publicRoute<O extends Operation>(op: O, handler: (ctx: PublicContext<O>) => Promise<ResponseOf<O>>): void {
    if (op.access.kind !== 'public') throw new Error(`${op.method} ${op.path} is not public: use route`);
    this.register(op, (req, reply) => handler({ ...this.parts<O>(req), req, reply }));
  }

  private parts<O>(req: FastifyRequest) {
    return {
      params: req.params as ParamsOf<O>,
      query: req.query as QueryOf<O>,
      body: req.body as BodyOf<O>,
    };
  }

  private register(
    op: Operation,
    run: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    guard?: (req: FastifyRequest) => Promise<void>,
  ): void {
    const status = op.status ?? 200;
    this.app.route({
      method: op.method,
      url: fastifyPath(op.path),
      config: { access: op.access },
      ...(op.bodyLimit && { bodyLimit: op.bodyLimit }),
      ...(op.rawBody && { preParsing: keepRawBody(op.bodyLimit ?? this.app.initialConfig.bodyLimit ?? 1024 * 1024) }),
      // After the session guard: text the database cannot store is refused before it would choke on it.
      preValidation: guard ? [guard, refuseUnstorableText] : refuseUnstorableText,
      schema: {
        summary: op.summary,
        tags: [op.tag],
        ...(op.params && { params: op.params }),
        ...(op.query && { querystring: op.query }),
        ...(op.body && { body: op.body }),
        response: { [status]: op.response },
      },
      handler: async (req, reply) => {
        const result = await run(req, reply);
        // A handler that streamed its own answer (a file download) hands back the reply.
        if (result === reply) return reply;
        reply.status(status);
        return result;
      },
    });
  }
}
