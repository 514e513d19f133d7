import { and, asc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../platform/like.js';
import { idIn, scopedTable, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { contacts, contactsRepository } from '../contacts/index.js';
import { itemLocations, items, itemStocks, lots } from './inventory.table.js';
import { FEFO_ORDER, type LotRow } from './stock.repository.js';

const itemsBase = tenantRepository(items);
const stocks = scopedTable(itemStocks);
const settings = scopedTable(itemLocations);
const lotsBase = tenantRepository(lots);

export interface StockFilters {
  locationId: string;
  /** today on the location's clock */
  today: string;
  /** days: what expires within them counts as expiring */
  window: number;
  category?: string | undefined;
  search?: string | undefined;
  belowReorder?: boolean | undefined;
  expiringWithin?: number | undefined;
  controlled?: boolean | undefined;
  includeArchived?: boolean | undefined;
  supplierId?: string | undefined;
}

/**
 * The one rule of what is expiring: a lot with stock on hand whose expiry is on or before `day` (a
 * lot without an expiry never is). The stock list's figures and filter and the expiring-stock report
 * both ask it.
 */
const expiringBy = (day: SQL) => and(gt(lots.onHand, 0), sql`${lots.expiresOn} <= ${day}`);

/** An item's figures at the location, each a correlated subquery on its own account's rows. */
function figures(scope: Scope, f: StockFilters) {
  const onHand = sql<number>`coalesce(${stocks.valueFor(scope, items, itemStocks.onHand, and(eq(itemStocks.itemId, items.id), eq(itemStocks.locationId, f.locationId)))}, 0)`;
  const setting = (column: PgColumn) =>
    sql<number>`coalesce(${settings.valueFor(scope, items, column, and(eq(itemLocations.itemId, items.id), eq(itemLocations.locationId, f.locationId)))}, 0)`;
  const reorderPoint = setting(itemLocations.reorderPoint);
  const reorderTo = setting(itemLocations.reorderTo);
  const withStock = and(eq(lots.itemId, items.id), eq(lots.locationId, f.locationId), gt(lots.onHand, 0));
  const expiringWithin = (days: number) =>
    sql<number>`coalesce(${lotsBase.valueFor(scope, items, sql`sum(${lots.onHand})`, and(withStock, expiringBy(sql`${f.today}::date + ${days}::int`)))}, 0)`;
  return {
    onHand: onHand.mapWith(Number),
    reorderPoint: reorderPoint.mapWith(Number),
    reorderTo: reorderTo.mapWith(Number),
    nextExpiry: lotsBase.valueFor<string | null>(scope, items, sql`min(${lots.expiresOn})::text`, withStock),
    expiring: expiringWithin(f.window).mapWith(Number),
    below: sql<boolean>`(${reorderPoint} > 0 and ${onHand} <= ${reorderPoint})`.mapWith(Boolean),
    expiringWithin,
  };
}

function where(scope: Scope, f: StockFilters): SQL | undefined {
  const x = figures(scope, f);
  const term = f.search ? `%${escapeLike(f.search)}%` : undefined;
  return and(
    // What the location keeps: an item with settings there or stock ever received there (the
    // account's other items are the Items page's and the Receive dialog's, not this location's stock).
    or(
      settings.existsFor(scope, items, and(eq(itemLocations.itemId, items.id), eq(itemLocations.locationId, f.locationId))),
      stocks.existsFor(scope, items, and(eq(itemStocks.itemId, items.id), eq(itemStocks.locationId, f.locationId))),
    ),
    f.includeArchived ? undefined : isNull(items.archivedAt),
    f.category ? eq(items.category, f.category) : undefined,
    f.controlled !== undefined ? eq(items.controlled, f.controlled) : undefined,
    f.supplierId ? eq(items.supplierId, f.supplierId) : undefined,
    term ? or(ilike(items.name, term), ilike(items.sku, term), ilike(items.barcode, term)) : undefined,
    f.belowReorder ? x.below : undefined,
    f.expiringWithin ? sql`${x.expiringWithin(f.expiringWithin)} > 0` : undefined,
  );
}

const order = [asc(sql`lower(${items.name})`), asc(items.id)];
/** Cents: on hand at the item's cost (cost is per purchase unit). */
const valueSql = (onHand: SQL) => sql`round(${onHand} * ${items.cost} / ${items.unitsPerPurchase})`;

export const stockReadsRepository = {
  /** A page of items with their figures at the location, and how many match. */
  async page(ex: Executor, scope: Scope, f: StockFilters, limit: number, offset: number) {
    const x = figures(scope, f);
    const { expiringWithin: _, ...extras } = x;
    return itemsBase.page(ex, scope, { where: where(scope, f), orderBy: order, limit, offset, extras });
  },

  /** Every matching item with its figures (the export, the reorder list). */
  async all(ex: Executor, scope: Scope, f: StockFilters) {
    const { expiringWithin: _, ...extras } = figures(scope, f);
    return itemsBase.list(ex, scope, {
      where: where(scope, f),
      orderBy: order,
      extras: { ...extras, supplierName: contactsRepository.valueFor<string | null>(scope, items, contacts.name, eq(contacts.id, items.supplierId)) },
    });
  },

  /** The totals of all that match: value at cost, how many below their reorder point, how many with stock expiring. */
  async totals(ex: Executor, scope: Scope, f: StockFilters): Promise<{ value: number; belowReorder: number; expiring: number }> {
    const x = figures(scope, f);
    const [row] = await itemsBase.select(
      ex,
      scope,
      {
        value: sql<number>`coalesce(sum(${valueSql(x.onHand)}), 0)`.mapWith(Number),
        belowReorder: sql<number>`count(*) filter (where ${x.below})`.mapWith(Number),
        expiring: sql<number>`count(*) filter (where ${x.expiring} > 0)`.mapWith(Number),
      },
      where(scope, f),
    );
    return row ?? { value: 0, belowReorder: 0, expiring: 0 };
  },

  /**
   * The lots at the location expiring on or before `before` (the stock list's rule), expired ones
   * included, first to expire first, each with what a row shows of its item (archived items too:
   * their stock is still on the shelf).
   */
  async expiringLots(ex: Executor, scope: Scope, locationId: string, before: string) {
    return lotsBase
      .select(
        ex,
        scope,
        {
          lotId: lots.id,
          itemId: lots.itemId,
          lotNumber: lots.lotNumber,
          expiresOn: sql<string>`${lots.expiresOn}::text`,
          onHand: lots.onHand,
          name: items.name,
          sku: items.sku,
          sellUnit: items.sellUnit,
          cost: items.cost,
          unitsPerPurchase: items.unitsPerPurchase,
          controlled: items.controlled,
          archivedAt: items.archivedAt,
        },
        and(eq(lots.locationId, locationId), expiringBy(sql`${before}::date`)),
      )
      .innerJoin(items, itemsBase.joined(scope, lots, eq(items.id, lots.itemId)))
      .orderBy(...FEFO_ORDER);
  },

  /** The lots of these items at the location, first to expire first (empty ones only when asked). */
  async lotsOf(ex: Executor, scope: Scope, itemIds: readonly string[], locationId: string, includeEmpty = false): Promise<LotRow[]> {
    if (itemIds.length === 0) return [];
    return lotsBase.list(ex, scope, {
      where: and(idIn(lots.itemId, itemIds), eq(lots.locationId, locationId), includeEmpty ? undefined : gt(lots.onHand, 0)),
      orderBy: FEFO_ORDER,
    });
  },
};
