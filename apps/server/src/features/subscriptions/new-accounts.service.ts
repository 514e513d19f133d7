import type { Account, CreateAccountInput } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, isUniqueViolation } from '../../platform/errors.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { hashPassword } from '../../platform/passwords.js';
import { accountsRepository, tiersRepository, type AccountRow, toAccount } from '../accounts/index.js';
import { giveStartingSpecies, locationsRepository } from '../locations/index.js';
import { createPredefinedRoles } from '../roles/index.js';
import { usersRepository, type UserRow, EMAIL_TAKEN_CONSTRAINT } from '../users/index.js';

export const USER_EMAIL_TAKEN = 'A user with this email address already exists';

export interface NewAccountRecords {
  name: string;
  subscriptionTier: string;
  location: { name: string; timezone: string };
  owner: { email: string; firstName: string; lastName: string; passwordHash: string };
}

/**
 * A new account on its tier, with what it starts with: made here, above the accounts, locations,
 * roles and users it fills, so none of them imports another above it (decision 0171). Used by the
 * platform's account creation, a practice's own onboarding (auth, decision 0089) and the seeds
 * (seed/seed-accounts.ts).
 */
export class NewAccountsService {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEventBus,
  ) {}

  /**
   * The rows of a new account, in the caller's transaction: the account, its predefined roles, its
   * first location (with the common species) and its owner as Administrator there; then 'account.created', whose subscribers
   * add what the practice starts with (the default payment types). An owner's address already in use
   * is the directory's unique clash (EMAIL_TAKEN_CONSTRAINT), for the caller to word.
   */
  async createRecords(tx: Executor, input: NewAccountRecords): Promise<{ account: AccountRow; owner: UserRow }> {
    const account = await accountsRepository.insert(tx, { name: input.name, subscriptionTier: input.subscriptionTier });
    const scope = { accountId: account.id };
    const roleIds = await createPredefinedRoles(tx, scope);
    const location = await locationsRepository.insert(tx, scope, { name: input.location.name, timezone: input.location.timezone });
    // A new practice books for the common species from its first day (decision 0191).
    await giveStartingSpecies(tx, scope, location.id);
    const owner = await usersRepository.insert(tx, scope, {
      email: input.owner.email,
      firstName: input.owner.firstName,
      lastName: input.owner.lastName,
      passwordHash: input.owner.passwordHash,
    });
    await usersRepository.setRoles(tx, scope, owner.id, [roleIds.Administrator]);
    await usersRepository.setLocations(tx, scope, owner.id, [location.id]);
    await this.events.publish(tx, { accountId: account.id, userId: null }, 'account.created', { accountId: account.id, locationId: location.id, ownerId: owner.id });
    return { account, owner };
  }

  /** A new account starts with the predefined roles, its first location and its Administrator. */
  async create(input: CreateAccountInput): Promise<Account> {
    if (!(await tiersRepository.findByKey(this.db, input.subscriptionTier))) {
      throw badRequest('subscriptionTier: no such subscription tier');
    }
    assertNewPassword('owner.password', input.owner.password, input.owner);
    const passwordHash = await hashPassword(input.owner.password);
    try {
      return await this.db.transaction(async (tx) => {
        const { account } = await this.createRecords(tx, { ...input, owner: { ...input.owner, passwordHash } });
        return toAccount(account);
      });
    } catch (err) {
      if (isUniqueViolation(err, EMAIL_TAKEN_CONSTRAINT)) throw conflict(USER_EMAIL_TAKEN);
      throw err;
    }
  }
}
