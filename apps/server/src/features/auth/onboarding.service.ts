// Security-critical: a new practice signing itself up from a confirmed address, and an invited
// staff member setting their own password (docs/decisions/0089). Both start from an emailed link
// that is used up in the transaction that creates what it allows, so a failure leaves it usable.
import { SIGN_IN_MESSAGES, type EmailSentAnswer } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, isUniqueViolation } from '../../platform/errors.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { hashPassword } from '../../platform/passwords.js';
import type { ProductMailer } from '../product-mail/index.js';
import type { NewAccountsService } from '../subscriptions/index.js';
import { usersRepository, EMAIL_TAKEN_CONSTRAINT } from '../users/index.js';
import type { AuthService } from './auth.service.js';
import { takeRate } from './rate-limits.js';
import { alreadyUserEmail, onboardingEmail } from './sign-in-emails.js';
import { PASSWORD_SET_ENDS, tokenUser, type Requester, type SignInFlowsService, type SignInResult } from './sign-in-flows.service.js';
import { linkUrl, signInTokens } from './sign-in-tokens.js';

/** The subscription tier a practice that signs itself up starts on. */
export const ONBOARDING_TIER = 'free';

/** The address got a user between the confirming email and the form (the link's holder has proven it is theirs). */
export const ONBOARDING_EMAIL_TAKEN = 'This email address already has a Willow user. Please sign in instead, or use “Forgot password?” on the sign-in page.';

export interface OnboardingValues {
  token: string;
  practiceName: string;
  location: { name: string; timezone: string };
  firstName: string;
  lastName: string;
  password: string;
}

export class OnboardingService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly flows: SignInFlowsService,
    private readonly mail: ProductMailer,
    private readonly appUrl: string,
    private readonly accounts: NewAccountsService,
  ) {}

  /**
   * The email that confirms a new practice's address. The same answer and statements for every
   * address: an unknown one gets the link, one that has a user is told to sign in instead.
   */
  async start(email: string, requester: Requester): Promise<EmailSentAnswer> {
    await takeRate(this.db, [
      { limit: 'emailPerAddress', key: email },
      { limit: 'emailPerIp', key: requester.ip },
    ]);
    this.flows.assertMail();
    await this.db.transaction(async (tx) => {
      const check = await usersRepository.accountCheck(tx, email);
      let mail;
      if (check) {
        // An address with a user cannot start a practice: a confirming link sent to it before ends.
        await signInTokens.endLive(tx, email, ['validate']);
        mail = alreadyUserEmail(email, `${this.appUrl}/login`);
      } else {
        mail = onboardingEmail(email, linkUrl(this.appUrl, 'validate', await signInTokens.issueLink(tx, 'validate', { email })));
      }
      await this.mail.queue(tx, mail);
    });
    return { ok: true, message: SIGN_IN_MESSAGES.onboardingSent };
  }

  /**
   * A new practice on the free tier: its predefined roles, first location and owner as
   * Administrator, created in the transaction that uses up the confirming link; the owner is
   * signed in. The password is checked before anything is used.
   */
  async complete(input: OnboardingValues, requester: Requester): Promise<SignInResult> {
    await takeRate(this.db, [{ limit: 'linkPerIp', key: requester.ip }]);
    const link = await signInTokens.peekLink(this.db, ['validate'], input.token);
    assertNewPassword('password', input.password, { email: link.email, firstName: input.firstName, lastName: input.lastName });
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        const row = await signInTokens.useLink(tx, 'validate', input.token);
        const { owner } = await this.accounts.createRecords(tx, {
          name: input.practiceName,
          subscriptionTier: ONBOARDING_TIER,
          location: input.location,
          owner: { email: row.email, firstName: input.firstName, lastName: input.lastName, passwordHash },
        });
        const session = await this.auth.startSession(owner, requester.ip, requester.userAgent, tx);
        return { user: owner, ...session, outcome: 'hasValidAccount' as const };
      });
    } catch (err) {
      if (isUniqueViolation(err, EMAIL_TAKEN_CONSTRAINT)) throw conflict(ONBOARDING_EMAIL_TAKEN);
      throw err;
    }
  }

  /**
   * An invited staff member sets their names and password with the invitation link and is signed
   * in. The password is checked before the link is used up.
   */
  async acceptInvitation(input: { token: string; firstName: string; lastName: string; password: string }, requester: Requester): Promise<SignInResult> {
    await takeRate(this.db, [{ limit: 'linkPerIp', key: requester.ip }]);
    const invited = await tokenUser(this.db, await signInTokens.peekLink(this.db, ['emailLogin'], input.token));
    assertNewPassword('password', input.password, { email: invited.email, firstName: input.firstName, lastName: input.lastName });
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const row = await signInTokens.useLink(tx, 'emailLogin', input.token);
      const user = await tokenUser(tx, row, SIGN_IN_MESSAGES.linkInvalid, 'update');
      // A password set since the invitation (a reset, an administrator) ends it; this is the same rule for a race.
      if (user.passwordHash) throw badRequest(SIGN_IN_MESSAGES.linkInvalid);
      const updated = (await usersRepository.update(tx, { accountId: user.accountId }, user.id, { firstName: input.firstName, lastName: input.lastName, passwordHash }))!;
      await signInTokens.endForUser(tx, user.id, PASSWORD_SET_ENDS);
      const session = await this.auth.startSession(updated, requester.ip, requester.userAgent, tx);
      return { user: updated, ...session, outcome: 'hasValidAccount' as const };
    });
  }
}
