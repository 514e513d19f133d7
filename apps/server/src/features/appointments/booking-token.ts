// The booking page's form token: when the page was read, for which location, signed by the server.
// A bot that posts without reading the page, at once, or with an old or altered token is refused;
// the client cannot claim how long its visitor took.
import { timingSafeEqual } from 'node:crypto';
import { BOOKING_FORM_EXPIRED, BOOKING_FORM_INVALID, BOOKING_FORM_MAX_AGE_MS, BOOKING_FORM_TOO_SOON, BOOKING_MIN_ELAPSED_MS } from '@willow/contracts';
import type { TokenSigner } from '../../platform/tokens.js';

const PURPOSE = 'booking-form';
const signed = (signer: TokenSigner, locationId: string, issuedAt: string) => signer.mac(PURPOSE, `${locationId}\n${issuedAt}`);

/** `<issued-at in ms, base 36>.<MAC over location and issued-at>` */
export function issueBookingToken(signer: TokenSigner, locationId: string, issuedAt: number = Date.now()): string {
  const at = Math.floor(issuedAt).toString(36);
  return `${at}.${signed(signer, locationId, at)}`;
}

/** Why the token is refused (the message to answer), or null when it is good for this location now. */
export function bookingTokenProblem(signer: TokenSigner, token: string, locationId: string, now: number = Date.now()): string | null {
  const [at, mac, ...rest] = token.split('.');
  if (!at || !mac || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(at)) return BOOKING_FORM_INVALID;
  const expected = Buffer.from(signed(signer, locationId, at));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return BOOKING_FORM_INVALID;
  const age = now - parseInt(at, 36);
  if (age > BOOKING_FORM_MAX_AGE_MS) return BOOKING_FORM_EXPIRED;
  if (age < BOOKING_MIN_ELAPSED_MS) return BOOKING_FORM_TOO_SOON;
  return null;
}
