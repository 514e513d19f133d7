// Security-critical: making and checking the emailed flows' single-use tokens (docs/decisions/0087).
// A link's token is 32 random bytes (43 base64url characters) and only its SHA-256 is stored; a
// code is 6 random digits and only its HMAC under the server's secret, bound to the address, is
// stored (a plain hash of six digits is reversed in a moment). A token is good only for its kind.
import { randomInt } from 'node:crypto';
import { OTP_LENGTH, SIGN_IN_LINK_PATHS, SIGN_IN_MESSAGES, TOKEN_LIFETIME_MINUTES, type TokenKind } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { hashSecret, newSecret } from '../../platform/secrets.js';
import type { TokenSigner } from '../../platform/tokens.js';
import { signInTokensRepository, type SignInTokenRow } from './sign-in-tokens.repository.js';

export type LinkKind = Exclude<TokenKind, 'otp'>;

/** Whom and what a token concerns. */
export interface TokenSubject {
  email: string;
  accountId?: string | null;
  userId?: string | null;
  subjectId?: string | null;
}

const expiry = (kind: TokenKind) => new Date(Date.now() + TOKEN_LIFETIME_MINUTES[kind] * 60_000);

const hashCode = (signer: TokenSigner, email: string, code: string) => signer.mac('sign-in-code', `${email.toLowerCase()}\n${code}`);

/** The emailed address of a link: PUBLIC_URL (or the server's own address) + the kind's page + the token. */
export function linkUrl(baseUrl: string, kind: LinkKind, token: string): string {
  return `${baseUrl}${SIGN_IN_LINK_PATHS[kind]}?token=${token}`;
}

export const signInTokens = {
  /** A new link of `kind` for the subject; its token goes into the email and nowhere else. */
  async issueLink(ex: Executor, kind: LinkKind, subject: TokenSubject): Promise<string> {
    const token = newSecret();
    await signInTokensRepository.insert(ex, { kind, tokenHash: hashSecret(token), expiresAt: expiry(kind), ...subject, email: subject.email.toLowerCase() });
    return token;
  },

  /** A new 6-digit code for the address; the one sent before stops working. */
  async issueCode(ex: Executor, signer: TokenSigner, subject: TokenSubject): Promise<string> {
    const email = subject.email.toLowerCase();
    const code = randomInt(0, 10 ** OTP_LENGTH)
      .toString()
      .padStart(OTP_LENGTH, '0');
    await signInTokensRepository.endLive(ex, email, ['otp']);
    await signInTokensRepository.insert(ex, { kind: 'otp', tokenHash: hashCode(signer, email, code), expiresAt: expiry('otp'), ...subject, email });
    return code;
  },

  /** Uses up a link of `kind`; 400 SIGN_IN_MESSAGES.linkInvalid when it is unknown, used, expired or of another flow. */
  async useLink(ex: Executor, kind: LinkKind, token: string): Promise<SignInTokenRow> {
    const row = await signInTokensRepository.useLink(ex, kind, hashSecret(token));
    if (!row) throw badRequest(SIGN_IN_MESSAGES.linkInvalid);
    return row;
  },

  /** A live link of one of `kinds`, not used up; 400 SIGN_IN_MESSAGES.linkInvalid otherwise. */
  async peekLink(ex: Executor, kinds: LinkKind[], token: string): Promise<SignInTokenRow> {
    const row = await signInTokensRepository.findLiveLink(ex, kinds, hashSecret(token));
    if (!row) throw badRequest(SIGN_IN_MESSAGES.linkInvalid);
    return row;
  },

  /**
   * Uses up the address's code when `code` is right; a wrong one counts against it. 400
   * SIGN_IN_MESSAGES.codeWrong for a wrong code, no live code, or a code tried too often: the
   * same words for each, and for an address that was never sent one.
   */
  async useCode(ex: Executor, signer: TokenSigner, email: string, code: string): Promise<SignInTokenRow> {
    const row = await signInTokensRepository.tryCode(ex, email.toLowerCase(), hashCode(signer, email, code));
    if (!row?.matched) throw badRequest(SIGN_IN_MESSAGES.codeWrong);
    return row;
  },

  /** Ends the live tokens of these kinds sent to an address. */
  endLive(ex: Executor, email: string, kinds: TokenKind[]): Promise<void> {
    return signInTokensRepository.endLive(ex, email.toLowerCase(), kinds);
  },

  /** Ends the live tokens of these kinds that concern a user. */
  endForUser(ex: Executor, userId: string, kinds: TokenKind[]): Promise<void> {
    return signInTokensRepository.endLiveForUser(ex, userId, kinds);
  },
};
