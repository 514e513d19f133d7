import { MESSAGES } from '@willow/contracts';

/** An error whose message is meant for the user, answered as {error:{message}} with its status (and headers). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const unauthorized = (message: string = MESSAGES.invalidToken) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.permissionDenied) => new HttpError(403, message);
/** 429 with Retry-After: how many seconds until the next attempt would be taken (at least 1). */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

/** Postgres unique violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  return constraint ? named(e, constraint) : true;
}

/**
 * Whether a refusal names `constraint`. On Citus the shard answers, naming its own copy with the
 * shard's id appended (`user_emails_pkey_103518`), so that suffix is read as the base name; and
 * the coordinator passes a worker's refusal on with its message only, so the name is read there.
 */
function named(e: unknown, constraint: string): boolean {
  const name = (e as { constraint?: string }).constraint ?? /constraint "([^"]+)"/.exec((e as { message?: string }).message ?? '')?.[1];
  if (name === constraint) return true;
  return name !== undefined && name.startsWith(`${constraint}_`) && /^\d+$/.test(name.slice(constraint.length + 1));
}

/**
 * What a write answers (409) when a row it refers to was deleted at the same moment, or a delete
 * when a row referring to it was just added: the checks ran before the other change committed.
 */
export const REFERENCE_CHANGED = 'Something this refers to was changed at the same time. Please reload and try again.';

/**
 * Postgres foreign-key violation (23503), or a delete an `ON DELETE RESTRICT` reference refused
 * (23001, restrict_violation), whichever driver raised it.
 */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23503' && code !== '23001') return false;
  return constraint ? named(e, constraint) : true;
}

/** Database refusals that are the user's to resolve, as the answer they get; anything else stays unexpected. */
export function fromDatabaseError(err: unknown): HttpError | undefined {
  if (isForeignKeyViolation(err)) return conflict(REFERENCE_CHANGED);
  return undefined;
}
