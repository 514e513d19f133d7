// Security-critical: the booking page's form token: when the page was read, for which location,
// with an id of its own, signed by the server. A bot that posts without reading the page, at once,
// or with an old or altered token is refused; the client cannot claim how long its visitor took.
// The id lets the request it admits use it up (booking_form_uses, docs/decisions/0052).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { BOOKING_FORM_EXPIRED, BOOKING_FORM_INVALID, BOOKING_FORM_MAX_AGE_MS, BOOKING_FORM_TOO_SOON, BOOKING_MIN_ELAPSED_MS } from '@willow/contracts';
import type { TokenSigner } from '../../platform/tokens.js';

const PURPOSE = 'booking-form';
const signed = (signer: TokenSigner, locationId: string, issuedAt: string, id: string) => signer.mac(PURPOSE, `${locationId}\n${issuedAt}\n${id}`);

/**
 * `<issued-at in ms, base 36>.<random id>.<MAC over location, issued-at and id>`. The id keeps two
 * pages read in the same millisecond apart.
 */
export function issueBookingToken(signer: TokenSigner, locationId: string, issuedAt: number = Date.now()): string {
  const at = Math.floor(issuedAt).toString(36);
  const id = randomBytes(16).toString('base64url');
  return `${at}.${id}.${signed(signer, locationId, at, id)}`;
}

/** A token good for this location now: its id, and when it would expire anyway. */
export interface BookingToken {
  id: string;
  expiresAt: Date;
}

/** The token's id and expiry, or why it is refused (the message to answer). */
export function readBookingToken(signer: TokenSigner, token: string, locationId: string, now: number = Date.now()): BookingToken | { problem: string } {
  const [at, id, mac, ...rest] = token.split('.');
  if (!at || !id || !mac || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(at) || !/^[\w-]{22}$/.test(id)) return { problem: BOOKING_FORM_INVALID };
  const expected = Buffer.from(signed(signer, locationId, at, id));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: BOOKING_FORM_INVALID };
  const issuedAt = parseInt(at, 36);
  const age = now - issuedAt;
  if (age > BOOKING_FORM_MAX_AGE_MS) return { problem: BOOKING_FORM_EXPIRED };
  if (age < BOOKING_MIN_ELAPSED_MS) return { problem: BOOKING_FORM_TOO_SOON };
  return { id, expiresAt: new Date(issuedAt + BOOKING_FORM_MAX_AGE_MS) };
}
