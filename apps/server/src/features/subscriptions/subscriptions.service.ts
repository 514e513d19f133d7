import type { SubscriptionTier, SubscriptionTierInput, SubscriptionUsage } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { accountsRepository, tiersRepository, type TierRow, type AccountUsage } from '../accounts/index.js';
import { locationsRepository } from '../locations/index.js';
import { usersRepository } from '../users/index.js';

const toTier = (row: TierRow & { accountCount?: number }): SubscriptionTier => ({
  key: row.key,
  name: row.name,
  maxUsers: row.maxUsers,
  maxLocations: row.maxLocations,
  accountCount: row.accountCount ?? 0,
});

const TIER_RANK: Record<string, number> = { premium: 0, basic: 1, free: 2 };
/** Subscription tiers in the order they are offered: premium, basic, free, then the others alphabetically. */
export function compareTiers(a: { key: string }, b: { key: string }): number {
  const ra = TIER_RANK[a.key] ?? 3;
  const rb = TIER_RANK[b.key] ?? 3;
  return ra - rb || a.key.localeCompare(b.key);
}

/**
 * How many users (active ones too) and locations each of these accounts has, each counted in its
 * own scope: the account list's details (handed to AccountsService by the container).
 */
export async function accountsUsage(ex: Executor, accountIds: readonly string[]): Promise<Map<string, AccountUsage>> {
  const entries = await Promise.all(
    [...new Set(accountIds)].map(async (accountId) => {
      const scope = { accountId };
      const users = await usersRepository.counts(ex, scope);
      return [accountId, { ...users, locations: await locationsRepository.count(ex, scope) }] as const;
    }),
  );
  return new Map(entries);
}

/** The subscription tiers, and what an account uses of its tier's limits (subscription-limits.ts enforces them). */
export class SubscriptionsService {
  constructor(private readonly db: Db) {}

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
