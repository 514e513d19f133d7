import { and, asc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../platform/like.js';
import { idIn, scopedTable, tenantRepository, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { inventoryMovements, itemAddOnDraws, itemLocations, items, itemStocks, lots } from './inventory.table.js';

const base = tenantRepository(items);
const settings = scopedTable(itemLocations);
const draws = scopedTable(itemAddOnDraws);
const stocks = scopedTable(itemStocks);
const lotsBase = tenantRepository(lots);
const movementsBase = tenantRepository(inventoryMovements);
export type ItemRow = typeof items.$inferSelect;
export type ItemLocationRow = typeof itemLocations.$inferSelect;
export type ItemDrawRow = typeof itemAddOnDraws.$inferSelect;

/** What the books and the stock primitive need of an item (invoices' LineItems reads these). */
export interface ItemFacts {
  id: string;
  name: string;
  sellUnit: string;
  wholeUnits: boolean;
  archived: boolean;
  sellPrice: number;
}
const factsOf = (r: ItemRow): ItemFacts => ({
  id: r.id,
  name: r.name,
  sellUnit: r.sellUnit,
  wholeUnits: r.wholeUnits,
  archived: r.archivedAt !== null,
  sellPrice: r.sellPrice,
});

export interface ItemFilters {
  category?: string | undefined;
  search?: string | undefined;
  barcode?: string | undefined;
  includeArchived?: boolean | undefined;
  controlled?: boolean | undefined;
}

const groupBy = <R, K extends keyof R>(rows: R[], key: K) => {
  const map = new Map<R[K], R[]>();
  for (const r of rows) map.set(r[key], [...(map.get(r[key]) ?? []), r]);
  return map;
};

export const itemsRepository = {
  ...base,

  /** By name; archived items only when asked; search in name, SKU and barcode; `barcode` exactly (a scan). */
  listOptions(q: ItemFilters): ListOptions {
    const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
    return {
      where: and(
        q.includeArchived ? undefined : isNull(items.archivedAt),
        q.category ? eq(items.category, q.category) : undefined,
        q.controlled !== undefined ? eq(items.controlled, q.controlled) : undefined,
        term ? or(ilike(items.name, term), ilike(items.sku, term), ilike(items.barcode, term)) : undefined,
        q.barcode ? sql`lower(${items.barcode}) = lower(${q.barcode})` : undefined,
      ),
      orderBy: [asc(sql`lower(${items.name})`), asc(items.id)],
    };
  },

  /** The items of these ids in the account (another account's ids are simply not there). */
  async factsByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<ItemFacts[]> {
    return (await base.findByIds(ex, scope, ids)).map(factsOf);
  },

  async factsOf(ex: Executor, scope: Scope, id: string): Promise<ItemFacts | undefined> {
    const [row] = await base.list(ex, scope, { where: eq(items.id, id), limit: 1 });
    return row && factsOf(row);
  },

  /** The name of another item with this barcode or SKU (case aside), if any. */
  async holderOf(ex: Executor, scope: Scope, field: 'barcode' | 'sku', value: string, exceptId: string | null): Promise<string | undefined> {
    const column = field === 'barcode' ? items.barcode : items.sku;
    const [row] = await base.select(ex, scope, { name: items.name }, and(sql`lower(${column}) = lower(${value})`, exceptId ? ne(items.id, exceptId) : undefined)).limit(1);
    return row?.name;
  },

  async settingsOf(ex: Executor, scope: Scope, itemIds: readonly string[]): Promise<Map<string, ItemLocationRow[]>> {
    if (itemIds.length === 0) return new Map();
    return groupBy(await settings.list(ex, scope, { where: idIn(itemLocations.itemId, itemIds), orderBy: [itemLocations.locationId] }), 'itemId');
  },

  async drawsOf(ex: Executor, scope: Scope, itemIds: readonly string[]): Promise<Map<string, ItemDrawRow[]>> {
    if (itemIds.length === 0) return new Map();
    return groupBy(await draws.list(ex, scope, { where: idIn(itemAddOnDraws.itemId, itemIds), orderBy: [itemAddOnDraws.addOnId] }), 'itemId');
  },

  /** The draws of these add-ons (what billing one takes from stock). */
  async drawsOfAddOns(ex: Executor, scope: Scope, addOnIds: readonly string[]): Promise<ItemDrawRow[]> {
    if (addOnIds.length === 0) return [];
    return draws.list(ex, scope, { where: idIn(itemAddOnDraws.addOnId, addOnIds) });
  },

  async replaceSettings(ex: Executor, scope: Scope, itemId: string, rows: Omit<ItemLocationRow, 'accountId' | 'itemId'>[]): Promise<void> {
    await settings.removeWhere(ex, scope, eq(itemLocations.itemId, itemId));
    await settings.insertMany(
      ex,
      scope,
      rows.map((r) => ({ ...r, itemId })),
    );
  },

  async replaceDraws(ex: Executor, scope: Scope, itemId: string, rows: { addOnId: string; quantity: number }[]): Promise<void> {
    await draws.removeWhere(ex, scope, eq(itemAddOnDraws.itemId, itemId));
    await draws.insertMany(
      ex,
      scope,
      rows.map((r) => ({ ...r, itemId })),
    );
  },

  /** An add-on going: what it drew is a link, not a record (decision 0218). */
  async removeDrawsOfAddOn(ex: Executor, scope: Scope, addOnId: string): Promise<void> {
    await draws.removeWhere(ex, scope, eq(itemAddOnDraws.addOnId, addOnId));
  },

  /** What is on hand of each item at the location (items never stocked there are left out). */
  async onHandAt(ex: Executor, scope: Scope, itemIds: readonly string[], locationId: string): Promise<Map<string, number>> {
    if (itemIds.length === 0) return new Map();
    const rows = await stocks.list(ex, scope, { where: and(idIn(itemStocks.itemId, itemIds), eq(itemStocks.locationId, locationId)) });
    return new Map(rows.map((r) => [r.itemId, r.onHand]));
  },

  /** Whether stock or the log names the item (a delete is refused: archive it instead). */
  async inUse(ex: Executor, scope: Scope, itemId: string): Promise<boolean> {
    return (await lotsBase.exists(ex, scope, eq(lots.itemId, itemId))) || (await movementsBase.exists(ex, scope, eq(inventoryMovements.itemId, itemId)));
  },

  /** Rows of item_stocks with nothing in them go with the item (a row is made by its first stock, which leaves lots behind anyway). */
  async removeEmptyStocks(ex: Executor, scope: Scope, itemId: string): Promise<void> {
    await stocks.removeWhere(ex, scope, and(eq(itemStocks.itemId, itemId), eq(itemStocks.onHand, 0)));
  },
};
