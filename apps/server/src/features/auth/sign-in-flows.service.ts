// Security-critical: the emailed sign-in flows (codes, links, forgotten passwords) and what their
// links open. Every flow that starts with an address answers the same and runs the same statements
// whoever has it (docs/decisions/0086); tokens are single use and good for their own flow only
// (0087); every flow takes its rate limits before anything else (0088).
import {
  SIGN_IN_MESSAGES,
  type AccountCheckOutcome,
  type DescribeTokenInput,
  type EmailSentAnswer,
  type LoginMethod,
  type TokenDescription,
  type TokenKind,
} from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { hashPassword } from '../../platform/passwords.js';
import type { TokenSigner } from '../../platform/tokens.js';
import { accountsRepository } from '../accounts/index.js';
import { EmailNotSetUpError, type ProductMailer } from '../product-mail/index.js';
import { usersRepository, type UserRow } from '../users/index.js';
import { authRepository } from './auth.repository.js';
import type { AuthService } from './auth.service.js';
import { takeRate } from './rate-limits.js';
import { codeEmail, deactivatedEmail, magicLinkEmail, noUserEmail, resetEmail } from './sign-in-emails.js';
import { linkUrl, signInTokens, type LinkKind } from './sign-in-tokens.js';
import type { SignInTokenRow } from './sign-in-tokens.repository.js';

export type AccountCheck = Awaited<ReturnType<typeof usersRepository.accountCheck>>;

/** The account check (SPEC §4) of an address: what its email will say, never what the answer says. */
export function classify(check: AccountCheck): AccountCheckOutcome {
  if (!check) return 'newUser';
  if (!check.isActive || !check.accountActive) return 'hasInvalidAccount';
  return check.hasPassword ? 'hasValidAccount' : 'hasValidAccountNoPassword';
}

/** What a proven sign-in hands the route: the user, the new session's token, and the outcome the browser may now learn. */
export interface SignInResult {
  user: UserRow;
  token: string;
  expiresAt: Date;
  outcome: 'hasValidAccount' | 'hasValidAccountNoPassword';
}

/** Who is asking: the address the request came from and its browser. */
export interface Requester {
  ip: string;
  userAgent: string | null;
}

/** The kinds a user's live tokens are ended for when their password is set: what would sign them in without it. */
export const PASSWORD_SET_ENDS: TokenKind[] = ['forgotPassword', 'magicLink', 'otp', 'emailLogin'];
/** Every kind that concerns a user (a deactivation, an email change, a deletion ends them all). */
export const USER_TOKEN_KINDS: TokenKind[] = ['forgotPassword', 'magicLink', 'otp', 'emailLogin', 'validate', 'emailChange'];

const outcomeOf = (user: UserRow): SignInResult['outcome'] => (user.passwordHash ? 'hasValidAccount' : 'hasValidAccountNoPassword');

/** The user a token concerns, still there; 400 with `message` otherwise (the same words as a dead token). */
export async function tokenUser(ex: Executor, row: SignInTokenRow, message: string = SIGN_IN_MESSAGES.linkInvalid, lock?: 'update'): Promise<UserRow> {
  const user = row.userId && row.accountId ? await usersRepository.findById(ex, { accountId: row.accountId }, row.userId, lock ? { lock } : {}) : undefined;
  if (!user) throw badRequest(message);
  return user;
}

export class SignInFlowsService {
  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly auth: AuthService,
    private readonly mail: ProductMailer,
    /** the base of every emailed link (Providers.appUrl) */
    private readonly appUrl: string,
  ) {}

  /** The product's mail must be set up for a flow that sends; said before anything is written. */
  assertMail(): void {
    if (!this.mail.configured) throw new EmailNotSetUpError();
  }

  /** The limits of a flow that sends an email to `email`. */
  private takeEmailRate(email: string, ip: string) {
    return takeRate(this.db, [
      { limit: 'emailPerAddress', key: email },
      { limit: 'emailPerIp', key: ip },
    ]);
  }

  /**
   * The email for an address that cannot be signed in: a deactivated user's (no token; their live
   * ones end, as deactivation did) or an unknown one's (a link to set up a new practice). Each runs
   * one statement on the tokens, as issuing a token for a valid user does.
   */
  private async refusalEmail(ex: Executor, email: string, check: AccountCheck) {
    if (check) {
      await signInTokens.endForUser(ex, check.id, USER_TOKEN_KINDS);
      return deactivatedEmail(email, check.isActive ? 'practice' : 'user');
    }
    const token = await signInTokens.issueLink(ex, 'validate', { email });
    return noUserEmail(email, linkUrl(this.appUrl, 'validate', token));
  }

  /**
   * A 6-digit code or a sign-in link by email. The same answer, and the same statements, for every
   * address: the account check decides only what the email says.
   */
  async requestSignInEmail(input: { email: string; method: LoginMethod }, requester: Requester): Promise<EmailSentAnswer> {
    await this.takeEmailRate(input.email, requester.ip);
    this.assertMail();
    const { email } = input;
    await this.db.transaction(async (tx) => {
      const check = await usersRepository.accountCheck(tx, email);
      const outcome = classify(check);
      const valid = outcome === 'hasValidAccount' || outcome === 'hasValidAccountNoPassword';
      const subject = check && { email, accountId: check.accountId, userId: check.id };
      let mail;
      if (input.method === 'passwordless') {
        // issueCode ends the address's earlier code, then stores the new one; the other outcomes end it too.
        if (valid) mail = codeEmail(email, await signInTokens.issueCode(tx, this.signer, subject!));
        else {
          await signInTokens.endLive(tx, email, ['otp']);
          mail = await this.refusalEmail(tx, email, check);
        }
      } else {
        mail = valid
          ? magicLinkEmail(email, linkUrl(this.appUrl, 'magicLink', await signInTokens.issueLink(tx, 'magicLink', subject!)))
          : await this.refusalEmail(tx, email, check);
      }
      await this.mail.queue(tx, mail);
    });
    return { ok: true, message: input.method === 'passwordless' ? SIGN_IN_MESSAGES.codeSent : SIGN_IN_MESSAGES.linkSent };
  }

  /** Signs in with the emailed code; a wrong one counts against it (it dies after OTP_MAX_ATTEMPTS). */
  async verifyCode(input: { email: string; code: string }, requester: Requester): Promise<SignInResult> {
    await takeRate(this.db, [
      { limit: 'codePerIp', key: requester.ip },
      { limit: 'codePerAddress', key: input.email },
      { limit: 'codePerAddressDay', key: input.email },
    ]);
    // Outside a transaction: a wrong code's count must stay even though the answer is an error.
    const row = await signInTokens.useCode(this.db, this.signer, input.email, input.code);
    const user = await tokenUser(this.db, row, SIGN_IN_MESSAGES.codeWrong);
    const session = await this.auth.startSession(user, requester.ip, requester.userAgent);
    return { user, ...session, outcome: outcomeOf(user) };
  }

  /** Signs in with an emailed sign-in link. A refused sign-in (a deactivated user) leaves the link as it was. */
  async signInWithMagicLink(token: string, requester: Requester): Promise<SignInResult> {
    await takeRate(this.db, [{ limit: 'linkPerIp', key: requester.ip }]);
    return this.db.transaction(async (tx) => {
      const row = await signInTokens.useLink(tx, 'magicLink', token);
      const user = await tokenUser(tx, row);
      const session = await this.auth.startSession(user, requester.ip, requester.userAgent, tx);
      return { user, ...session, outcome: outcomeOf(user) };
    });
  }

  /** A link to set a new password; the same answer and statements for every address. */
  async forgotPassword(email: string, requester: Requester): Promise<EmailSentAnswer> {
    await this.takeEmailRate(email, requester.ip);
    this.assertMail();
    await this.db.transaction(async (tx) => {
      const check = await usersRepository.accountCheck(tx, email);
      const outcome = classify(check);
      const mail =
        outcome === 'hasValidAccount' || outcome === 'hasValidAccountNoPassword'
          ? resetEmail(email, linkUrl(this.appUrl, 'forgotPassword', await signInTokens.issueLink(tx, 'forgotPassword', { email, accountId: check!.accountId, userId: check!.id })))
          : await this.refusalEmail(tx, email, check);
      await this.mail.queue(tx, mail);
    });
    return { ok: true, message: SIGN_IN_MESSAGES.resetSent };
  }

  /**
   * A new password with the emailed link. The password is checked before the link is used up (a
   * refused password leaves it usable); then, in one transaction, the link is used, the password
   * set, every session of the user revoked and their other sign-in tokens ended, and a new session
   * started here.
   */
  async resetPassword(input: { token: string; password: string }, requester: Requester): Promise<SignInResult> {
    await takeRate(this.db, [{ limit: 'linkPerIp', key: requester.ip }]);
    const owner = await tokenUser(this.db, await signInTokens.peekLink(this.db, ['forgotPassword'], input.token));
    assertNewPassword('password', input.password, owner);
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const row = await signInTokens.useLink(tx, 'forgotPassword', input.token);
      const user = await tokenUser(tx, row, SIGN_IN_MESSAGES.linkInvalid, 'update');
      const scope = { accountId: user.accountId };
      const updated = (await usersRepository.update(tx, scope, user.id, { passwordHash }))!;
      await authRepository.revokeUserSessions(tx, { accountId: user.accountId, userId: user.id });
      await signInTokens.endForUser(tx, user.id, PASSWORD_SET_ENDS);
      const session = await this.auth.startSession(updated, requester.ip, requester.userAgent, tx);
      return { user: updated, ...session, outcome: 'hasValidAccount' as const };
    });
  }

  /** What a link's page shows before the person acts (its address, the invited user's names, the practice); the link stays usable. */
  async describeToken(input: DescribeTokenInput, requester: Requester): Promise<TokenDescription> {
    await takeRate(this.db, [{ limit: 'linkPerIp', key: requester.ip }]);
    const kinds: LinkKind[] = input.kind ? [input.kind] : ['forgotPassword', 'validate', 'emailLogin'];
    const row = await signInTokens.peekLink(this.db, kinds, input.token);
    const kind = row.kind as TokenDescription['kind'];
    if (kind === 'validate') {
      return { kind, email: row.email, firstName: null, lastName: null, accountName: null, expiresAt: row.expiresAt.toISOString() };
    }
    const user = await tokenUser(this.db, row);
    const account = await accountsRepository.findById(this.db, user.accountId);
    return {
      kind,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      accountName: account?.name ?? null,
      expiresAt: row.expiresAt.toISOString(),
    };
  }
}
