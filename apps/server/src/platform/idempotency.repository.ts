// Security-critical: the keys of money-creating requests (docs/decisions/0115), scoped by account.
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { idempotencyKeys } from './idempotency.table.js';
import { acrossAccounts, scopedTable, type Scope } from './tenant-repository.js';

const keys = scopedTable(idempotencyKeys);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

export const idempotencyRepository = {
  /**
   * Takes the key for this request, or answers undefined when it is taken. On PostgreSQL a key
   * inserted by a transaction still running makes this wait for it: a duplicate sent at the same
   * moment finds the first one's answer once it commits, or takes the key if it rolled back.
   */
  async claim(ex: Executor, scope: Scope, route: string, key: string, requestHash: string): Promise<boolean> {
    const rows = await keys.insertMany(ex, scope, [{ route, key, requestHash }], { ignoreConflicts: true });
    return rows.length > 0;
  },

  async find(ex: Executor, scope: Scope, route: string, key: string): Promise<IdempotencyKeyRow | undefined> {
    const [row] = await keys.list(ex, scope, { where: and(eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key)), limit: 1 });
    return row;
  },

  async complete(ex: Executor, scope: Scope, route: string, key: string, status: number, response: unknown): Promise<void> {
    await keys.updateWhere(ex, scope, and(eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key)), { status, response });
  },

  /** Housekeeping: keys older than `before` are forgotten (a retry comes within hours, not days). */
  removeOlderThan: (ex: Executor, before: Date) => acrossAccounts(idempotencyKeys).removeWhere(ex, lt(idempotencyKeys.createdAt, before)),
};
