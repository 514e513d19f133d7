import type { Account, AccountWithDetails, UpdateAccountInput } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { accountsRepository, tiersRepository, type AccountRow } from './accounts.repository.js';

export const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  subscriptionTier: row.subscriptionTier,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

export type AccountUsage = { users: number; activeUsers: number; locations: number };

/**
 * What each of these accounts uses (its users and locations), for the account list's details:
 * counted by the subscriptions feature above this one (subscriptions/subscriptions.service.ts),
 * handed in by the container.
 */
export type AccountsUsage = (ex: Executor, accountIds: readonly string[]) => Promise<Map<string, AccountUsage>>;

/**
 * The accounts themselves: the list a user may switch to, the current one, and changes to one. A
 * new account with its first location and owner is made above the features it fills
 * (subscriptions/new-accounts.service.ts, decision 0171).
 */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly usage: AccountsUsage,
  ) {}

  async listSwitchable(auth: AuthContext, opts: { onlyActive?: boolean; includeDetails?: boolean }): Promise<AccountWithDetails[]> {
    const everyAccount = holds(auth, 'system.switch_account:all');
    let rows = await accountsRepository.list(this.db, { onlyActive: opts.onlyActive ?? false });
    // switch_account:premium reaches premium accounts, and always the user's own one to go back to.
    if (!everyAccount) rows = rows.filter((r) => r.subscriptionTier === 'premium' || r.id === auth.homeAccountId);
    if (!opts.includeDetails) return rows.map(toAccount);
    const usage = await this.usage(
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
}
