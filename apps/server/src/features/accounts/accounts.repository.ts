import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { noticeSessions } from '../../platform/session-notices.repository.js';
import { accountOf, type AccountKeyed } from '../../platform/tenant-repository.js';
import { accounts, subscriptionTiers } from './accounts.table.js';

export type AccountRow = typeof accounts.$inferSelect;
export type TierRow = typeof subscriptionTiers.$inferSelect;

export const accountsRepository = {
  async findById(ex: Executor, id: string): Promise<AccountRow | undefined> {
    const [row] = await ex.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  },

  /**
   * The account's currency, which every amount is in, as a value inside another statement; 'USD'
   * for an account not found. `currencySql(t)`: the account of `t`'s row, correlated on the row's
   * key, not on a parameter (on Citus that keeps it on the row's shard). `currencyOfSql(id)`: the
   * account `id`, for a statement with no row of it at hand (the reports' preamble).
   */
  currencyOfSql: (id: string): SQL<string> => sql<string>`coalesce((select ${accounts.currency} from ${accounts} where ${eq(accounts.id, id)}), 'USD')`,
  currencySql: (t: AccountKeyed): SQL<string> => sql<string>`coalesce((select ${accounts.currency} from ${accounts} where ${accountOf(t)}), 'USD')`,

  /** Locks the account row for the rest of the transaction: limit checks and inserts stay atomic. */
  async lockById(ex: Executor, id: string): Promise<AccountRow | undefined> {
    const [row] = await ex.select().from(accounts).where(eq(accounts.id, id)).for('update').limit(1);
    return row;
  },

  async list(ex: Executor, opts: { onlyActive?: boolean; tier?: string }): Promise<AccountRow[]> {
    const where = and(opts.onlyActive ? eq(accounts.isActive, true) : undefined, opts.tier ? eq(accounts.subscriptionTier, opts.tier) : undefined);
    return ex.select().from(accounts).where(where).orderBy(asc(accounts.name));
  },

  async insert(ex: Executor, values: { name: string; subscriptionTier: string }): Promise<AccountRow> {
    const [row] = await ex.insert(accounts).values(values).returning();
    return row!;
  },

  async update(
    ex: Executor,
    id: string,
    patch: Partial<Pick<AccountRow, 'name' | 'subscriptionTier' | 'isActive'>>,
  ): Promise<AccountRow | undefined> {
    // an account deactivated: every session in it is checked again (session-notices.repository.ts)
    if (patch.isActive !== undefined) await noticeSessions(ex, `a:${id}`);
    const [row] = await ex
      .update(accounts)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  },
};

export const tiersRepository = {
  async list(ex: Executor): Promise<(TierRow & { accountCount: number })[]> {
    return ex
      .select({
        key: subscriptionTiers.key,
        name: subscriptionTiers.name,
        maxUsers: subscriptionTiers.maxUsers,
        maxLocations: subscriptionTiers.maxLocations,
        createdAt: subscriptionTiers.createdAt,
        accountCount: sql<number>`(select count(*) from ${accounts} where ${accounts.subscriptionTier} = ${subscriptionTiers.key})`.mapWith(Number),
      })
      .from(subscriptionTiers);
  },

  async findByKey(ex: Executor, key: string): Promise<TierRow | undefined> {
    const [row] = await ex.select().from(subscriptionTiers).where(eq(subscriptionTiers.key, key)).limit(1);
    return row;
  },

  async insert(ex: Executor, values: Omit<TierRow, 'createdAt'>): Promise<TierRow> {
    const [row] = await ex.insert(subscriptionTiers).values(values).returning();
    return row!;
  },

  async insertMissing(ex: Executor, values: Omit<TierRow, 'createdAt'>[]): Promise<void> {
    await ex.insert(subscriptionTiers).values(values).onConflictDoNothing();
  },

  async update(ex: Executor, key: string, patch: Partial<Omit<TierRow, 'key' | 'createdAt'>>): Promise<TierRow | undefined> {
    const [row] = await ex.update(subscriptionTiers).set(patch).where(eq(subscriptionTiers.key, key)).returning();
    return row;
  },

  async remove(ex: Executor, key: string): Promise<boolean> {
    const rows = await ex.delete(subscriptionTiers).where(eq(subscriptionTiers.key, key)).returning();
    return rows.length > 0;
  },

  async accountsOnTier(ex: Executor, key: string): Promise<number> {
    return ex.$count(accounts, eq(accounts.subscriptionTier, key));
  },
};
