import { z } from 'zod';
import type { Permission } from './permissions.js';

export { buildPath } from './build-path.js';

/**
 * Who may call an operation. Every operation must say, so that a route can never be
 * registered without an access rule (the server refuses to start otherwise).
 * - public: no session (sign-in, health, public pages)
 * - authenticated: any signed-in user of the account
 * - anyOf: the user needs at least one of these permissions (system.admin grants all)
 */
export type Access = { kind: 'public' } | { kind: 'authenticated' } | { kind: 'anyOf'; permissions: readonly Permission[] };

export const publicAccess = { kind: 'public' } as const satisfies Access;
export const authenticated = { kind: 'authenticated' } as const satisfies Access;
export const anyOf = (...permissions: Permission[]): Access => ({ kind: 'anyOf', permissions });

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** One API operation: its path, access rule and the zod schemas of what it accepts and answers. */
export interface Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** status of a successful answer; 200 unless said */
  status?: 200 | 201 | 202 | 204;
  /** user update, delete and toggle answer 401 (not 403) when not permitted */
  deniedStatus?: 401 | 403;
  /** what a refused user is told instead of the general 403 message, when the action needs explaining */
  deniedMessage?: string;
  /** the largest request body in bytes, when more than the app's 1 MiB (an import) */
  bodyLimit?: number;
  /** the request body's bytes are kept as they came (`req.rawBody`), for a sender's signature over them (webhooks) */
  rawBody?: boolean;
}

export function operation<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(op: Operation<P, Q, B, R>): Operation<P, Q, B, R> {
  return op;
}

export type OpParams<O> = O extends Operation<infer P, any, any, any> ? z.input<P> : never;
export type OpQuery<O> = O extends Operation<any, infer Q, any, any> ? z.input<Q> : never;
export type OpBody<O> = O extends Operation<any, any, infer B, any> ? z.input<B> : never;
export type OpResponse<O> = O extends Operation<any, any, any, infer R> ? z.output<R> : never;

