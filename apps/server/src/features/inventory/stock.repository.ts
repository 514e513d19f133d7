// Security-critical: stock never goes below zero. Every take passes ONE conditional statement on
// the item's per-location total (`item_stocks`), whose row lock also orders two takes of the item at
// the location; a lot is taken from by its own conditional statement. The CHECK constraints on both
// tables are the last line (decision 0218).
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scopedTable, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { inventoryMovements, itemStocks, lots } from './inventory.table.js';

const stocks = scopedTable(itemStocks);
const lotsBase = tenantRepository(lots);
const movementsBase = tenantRepository(inventoryMovements);

export type LotRow = typeof lots.$inferSelect;
export type MovementRow = typeof inventoryMovements.$inferSelect;
export type NewMovementRow = Omit<typeof inventoryMovements.$inferInsert, 'accountId' | 'id' | 'seq'>;

/** A quantity as an SQL numeric (a parameter, never text built from it). */
const qty = (q: number) => sql`${String(q)}::numeric`;
const stockOf = (itemId: string, locationId: string) => and(eq(itemStocks.itemId, itemId), eq(itemStocks.locationId, locationId));

/** The lots of an item at a location in the order takes use: the first to expire first (those that do not expire last), then the oldest. */
export const FEFO_ORDER = [sql`${lots.expiresOn} asc nulls last`, asc(lots.receivedOn), asc(lots.createdAt), asc(lots.id)];

/** Where a lot is: receiving the same lot number and expiry again adds to it. */
export interface LotIdentity {
  itemId: string;
  locationId: string;
  lotNumber: string | null;
  expiresOn: string | null;
}

export const stockRepository = {
  stocks,
  lots: lotsBase,
  movements: movementsBase,

  /**
   * The gate: takes `q` off the item's total at the location only if that much is there, in one
   * statement; answers what is left, or undefined when there was not enough (nothing changed).
   */
  async takeTotal(ex: Executor, scope: Scope, itemId: string, locationId: string, q: number): Promise<number | undefined> {
    const [row] = await stocks.updateReturning(ex, scope, and(stockOf(itemId, locationId), sql`${itemStocks.onHand} >= ${qty(q)}`), {
      onHand: sql`${itemStocks.onHand} - ${qty(q)}`,
    });
    return row?.onHand;
  },

  /** Adds `q` to the item's total at the location (the row made on its first stock); answers the new total. */
  async putTotal(ex: Executor, scope: Scope, itemId: string, locationId: string, q: number): Promise<number> {
    const add = () => stocks.updateReturning(ex, scope, stockOf(itemId, locationId), { onHand: sql`${itemStocks.onHand} + ${qty(q)}` });
    let [row] = await add();
    if (row) return row.onHand;
    const [made] = await stocks.insertMany(ex, scope, [{ itemId, locationId, onHand: q }], { ignoreConflicts: true });
    if (made) return made.onHand;
    // another transaction made the row just now: add to it
    [row] = await add();
    return row!.onHand;
  },

  /** What is on hand of the item at the location (0 when it never had stock there); locked for update when asked. */
  async totalOf(ex: Executor, scope: Scope, itemId: string, locationId: string, opts: { lock?: boolean } = {}): Promise<number> {
    const [row] = await stocks.list(ex, scope, { where: stockOf(itemId, locationId), ...(opts.lock && { lock: 'update' as const }) });
    return row?.onHand ?? 0;
  },

  /** The lots with stock, first to expire first, locked until the transaction ends. */
  async lotsToTake(ex: Executor, scope: Scope, itemId: string, locationId: string): Promise<LotRow[]> {
    return lotsBase.list(ex, scope, {
      where: and(eq(lots.itemId, itemId), eq(lots.locationId, locationId), gt(lots.onHand, 0)),
      orderBy: FEFO_ORDER,
      lock: 'update',
    });
  },

  /** Takes `q` from a lot only if that much is in it; answers what is left in it, or undefined. */
  async takeFromLot(ex: Executor, scope: Scope, lotId: string, q: number): Promise<number | undefined> {
    const [row] = await lotsBase.updateReturning(ex, scope, and(eq(lots.id, lotId), sql`${lots.onHand} >= ${qty(q)}`), {
      onHand: sql`${lots.onHand} - ${qty(q)}`,
    });
    return row?.onHand;
  },

  async putIntoLot(ex: Executor, scope: Scope, lotId: string, q: number): Promise<number | undefined> {
    const [row] = await lotsBase.updateReturning(ex, scope, eq(lots.id, lotId), { onHand: sql`${lots.onHand} + ${qty(q)}` });
    return row?.onHand;
  },

  /** The lot of this number and expiry (made empty, received on `receivedOn`, when there is none yet). */
  async lotFor(ex: Executor, scope: Scope, lot: LotIdentity, receivedOn: string): Promise<LotRow> {
    const where = and(
      eq(lots.itemId, lot.itemId),
      eq(lots.locationId, lot.locationId),
      sql`${lots.lotNumber} is not distinct from ${lot.lotNumber}::text`,
      sql`${lots.expiresOn} is not distinct from ${lot.expiresOn}::date`,
    );
    const [found] = await lotsBase.list(ex, scope, { where, limit: 1 });
    if (found) return found;
    const [made] = await lotsBase.insertMany(ex, scope, [{ ...lot, receivedOn, onHand: 0 }], { ignoreConflicts: true });
    if (made) return made;
    return (await lotsBase.list(ex, scope, { where, limit: 1 }))[0]!;
  },

  async insertMovements(ex: Executor, scope: Scope, rows: readonly NewMovementRow[]): Promise<MovementRow[]> {
    return movementsBase.insertMany(ex, scope, rows as never);
  },
};
