import { and, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { quickbooksOauthStates } from './quickbooks.table.js';

const states = tenantRepository(quickbooksOauthStates);
export type QuickbooksStateRow = typeof quickbooksOauthStates.$inferSelect;

export const quickbooksStatesRepository = {
  /** Keeps a new state, and forgets the account's expired ones (nothing else reads them). */
  async start(ex: Executor, scope: Scope, values: { integrationId: string; userId: string; stateHash: string; expiresAt: Date }, now: Date): Promise<void> {
    await states.removeWhere(ex, scope, lte(quickbooksOauthStates.expiresAt, now));
    await states.insert(ex, scope, values);
  },

  /**
   * Spends a state: the unexpired one with this hash started by this user, removed as it is read
   * (inside the caller's transaction, locked first, so two arrivals with one state spend it once).
   */
  async spend(ex: Executor, scope: Scope, stateHash: string, userId: string, now: Date): Promise<QuickbooksStateRow | undefined> {
    const [row] = await states.list(ex, scope, {
      where: and(eq(quickbooksOauthStates.stateHash, stateHash), eq(quickbooksOauthStates.userId, userId), gt(quickbooksOauthStates.expiresAt, now)),
      limit: 1,
      lock: 'update',
    });
    if (!row) return undefined;
    await states.removeWhere(ex, scope, eq(quickbooksOauthStates.id, row.id));
    return row;
  },
};
