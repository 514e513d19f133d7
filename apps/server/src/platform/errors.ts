import { MESSAGES } from '@willow/contracts';

/** An error whose message is meant for the user, answered as {error:{message}} with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
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

/** Postgres unique violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  return constraint ? (e as { constraint?: string }).constraint === constraint : true;
}
