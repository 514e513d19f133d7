import type {
  Account,
  AccountWithDetails,
  CreateAccountInput,
  SubscriptionTier,
  SubscriptionTierInput,
  SubscriptionUsage,
  UpdateAccountInput,
} from '@willow/contracts';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Db, Executor } from '../../db/client.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { hashPassword } from '../../platform/passwords.js';
import { locationsRepository } from '../locations/locations.repository.js';
import { createPredefinedRoles } from '../roles/roles.service.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { EMAIL_TAKEN_CONSTRAINT } from '../users/users.table.js';
import { accountsRepository, tiersRepository, type AccountRow, type TierRow } from './accounts.repository.js';

export const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  subscriptionTier: row.subscriptionTier,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

const toTier = (row: TierRow & { accountCount?: number }): SubscriptionTier => ({
  key: row.key,
  name: row.name,
  maxUsers: row.maxUsers,
  maxLocations: row.maxLocations,
  accountCount: row.accountCount ?? 0,
});

export const USER_EMAIL_TAKEN = 'A user with this email address already exists';

export interface NewAccountRecords {
  name: string;
  subscriptionTier: string;
  location: { name: string; timezone: string };
  owner: { email: string; firstName: string; lastName: string; passwordHash: string };
}

/**
 * The rows of a new account, in the caller's transaction: the account, its predefined roles, its
 * first location and its owner as Administrator there; then 'account.created', whose subscribers
 * add what the practice starts with (the default payment types). An owner's address already in use
 * is the directory's unique clash (EMAIL_TAKEN_CONSTRAINT), for the caller to word.
 */
async function createAccountRecords(tx: Executor, events: DomainEventBus, input: NewAccountRecords): Promise<{ account: AccountRow; owner: UserRow }> {
  const account = await accountsRepository.insert(tx, { name: input.name, subscriptionTier: input.subscriptionTier });
  const scope = { accountId: account.id };
  const roleIds = await createPredefinedRoles(tx, scope);
  const location = await locationsRepository.insert(tx, scope, { name: input.location.name, timezone: input.location.timezone });
  const owner = await usersRepository.insert(tx, scope, {
    email: input.owner.email,
    firstName: input.owner.firstName,
    lastName: input.owner.lastName,
    passwordHash: input.owner.passwordHash,
  });
  await usersRepository.setRoles(tx, scope, owner.id, [roleIds.Administrator]);
  await usersRepository.setLocations(tx, scope, owner.id, [location.id]);
  await events.publish(tx, { accountId: account.id, userId: null }, 'account.created', { accountId: account.id, locationId: location.id, ownerId: owner.id });
  return { account, owner };
}

export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEventBus,
  ) {}

  /** A new account's rows in the caller's transaction: shared by the platform's account creation and a practice's own onboarding (decision 0089). */
  createRecords(tx: Executor, input: NewAccountRecords): Promise<{ account: AccountRow; owner: UserRow }> {
    return createAccountRecords(tx, this.events, input);
  }

  async listSwitchable(auth: AuthContext, opts: { onlyActive?: boolean; includeDetails?: boolean }): Promise<AccountWithDetails[]> {
    const everyAccount = holds(auth, 'system.switch_account:all');
    let rows = await accountsRepository.list(this.db, { onlyActive: opts.onlyActive ?? false });
    // switch_account:premium reaches premium accounts, and always the user's own one to go back to.
    if (!everyAccount) rows = rows.filter((r) => r.subscriptionTier === 'premium' || r.id === auth.homeAccountId);
    if (!opts.includeDetails) return rows.map(toAccount);
    const usage = await accountsRepository.usage(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...toAccount(r), details: usage.get(r.id) ?? { users: 0, activeUsers: 0, locations: 0 } }));
  }

  async current(auth: AuthContext): Promise<Account> {
    const row = await accountsRepository.findById(this.db, auth.accountId);
    if (!row) throw notFound();
    return toAccount(row);
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
        const { account } = await createAccountRecords(tx, this.events, { ...input, owner: { ...input.owner, passwordHash } });
        return toAccount(account);
      });
    } catch (err) {
      if (isUniqueViolation(err, EMAIL_TAKEN_CONSTRAINT)) throw conflict(USER_EMAIL_TAKEN);
      throw err;
    }
  }

  async update(auth: AuthContext, id: string, input: UpdateAccountInput): Promise<Account> {
    const superAdmin = holds(auth, 'system.admin');
    // Another account's id is not found, unless a super administrator asks.
    if (id !== auth.accountId && !superAdmin) throw notFound();
    if ((input.subscriptionTier !== undefined || input.isActive !== undefined) && !superAdmin) {
      throw forbidden('Only a super administrator can change the subscription or the activation of an account');
    }
    if (input.subscriptionTier && !(await tiersRepository.findByKey(this.db, input.subscriptionTier))) {
      throw badRequest('subscriptionTier: no such subscription tier');
    }
    const row = await accountsRepository.update(this.db, id, input);
    if (!row) throw notFound();
    return toAccount(row);
  }

  // ----- tiers -----
  async listTiers(): Promise<SubscriptionTier[]> {
    return (await tiersRepository.list(this.db)).map(toTier).sort(compareTiers);
  }

  async createTier(input: SubscriptionTierInput): Promise<SubscriptionTier> {
    if (await tiersRepository.findByKey(this.db, input.key)) throw conflict('A subscription tier with this key already exists');
    return toTier(await tiersRepository.insert(this.db, input));
  }

  async updateTier(key: string, input: Omit<SubscriptionTierInput, 'key'>): Promise<SubscriptionTier> {
    const row = await tiersRepository.update(this.db, key, input);
    if (!row) throw notFound();
    return toTier({ ...row, accountCount: await tiersRepository.accountsOnTier(this.db, key) });
  }

  async deleteTier(key: string): Promise<void> {
    if (!(await tiersRepository.findByKey(this.db, key))) throw notFound();
    const inUse = await tiersRepository.accountsOnTier(this.db, key);
    if (inUse > 0) throw badRequest(`This tier is used by ${inUse} account(s); move them to another tier first`);
    await tiersRepository.remove(this.db, key);
  }

  async usage(auth: AuthContext): Promise<SubscriptionUsage> {
    const account = await accountsRepository.findById(this.db, auth.accountId);
    if (!account) throw notFound();
    const tiers = await this.listTiers();
    const tier = tiers.find((t) => t.key === account.subscriptionTier);
    if (!tier) throw notFound();
    const scope = { accountId: auth.accountId };
    return {
      tier,
      activeUsers: await usersRepository.countActive(this.db, scope),
      locations: await locationsRepository.count(this.db, scope),
    };
  }
}

const TIER_RANK: Record<string, number> = { premium: 0, basic: 1, free: 2 };
/** Subscription tiers in the order they are offered: premium, basic, free, then the others alphabetically. */
export function compareTiers(a: { key: string }, b: { key: string }): number {
  const ra = TIER_RANK[a.key] ?? 3;
  const rb = TIER_RANK[b.key] ?? 3;
  return ra - rb || a.key.localeCompare(b.key);
}
