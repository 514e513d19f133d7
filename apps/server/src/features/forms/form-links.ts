// Security-critical: the secret of a form link (docs/decisions/0097). A link names its account and
// request and carries 32 random bytes (43 base64url characters); only their SHA-256 is stored, and
// a presented secret is compared with it in constant time. Whether the link is wrong, expired or
// used, the answer is the same.
import { timingSafeEqual } from 'node:crypto';
import { FORM_LINK_DAYS, FORM_MESSAGES } from '@willow/contracts';
import { notFound } from '../../platform/errors.js';
import { hashSecret, newSecret } from '../../platform/secrets.js';

/** A new secret and the hash to keep; the secret goes into the link and nowhere else. */
export function newFormSecret(): { secret: string; secretHash: string } {
  const secret = newSecret();
  return { secret, secretHash: hashSecret(secret) };
}

export const formLinkExpiry = (now = Date.now()) => new Date(now + FORM_LINK_DAYS * 24 * 3_600_000);

/** The public page: `${appUrl}/form/{accountId}/{requestId}?t=<secret>`. */
export function formLinkUrl(appUrl: string, accountId: string, requestId: string, secret: string): string {
  return `${appUrl}/form/${accountId}/${requestId}?t=${secret}`;
}

/** Whether `secret` is the one whose hash is stored: both hashes compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The one refusal of a link that is wrong, expired or used: 404, saying nothing of which. */
export const formLinkRefused = () => notFound(FORM_MESSAGES.linkInvalid);

/** A request a link may still open: the secret matches, it has not expired and was not submitted. */
export function assertLinkUsable<R extends { secretHash: string; expiresAt: Date; submittedAt: Date | null }>(request: R | undefined, secret: string, now = new Date()): R {
  // The hash is computed whether or not a request was found, so both take the same time.
  const matches = secretMatches(secret, request?.secretHash ?? '');
  if (!request || !matches || request.submittedAt || request.expiresAt <= now) throw formLinkRefused();
  return request;
}
