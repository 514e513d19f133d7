import { z } from 'zod';
import { countedQuantityField, INVENTORY_CATEGORIES, InventoryLogEntry, Lot, MANAGE_INVENTORY } from './inventory.js';
import { anyOf, authenticated, operation } from './operation.js';
import { idField, page, PageQuery, queryBoolean } from './rules.js';

/**
 * Inventory's stock at a location (split from inventory.ts by part): the stock list and its CSV,
 * the stock take, and the reorder list with its PDF (decisions 0218–0222).
 */
const reasonField = () => z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters');
const logWrites = z.object({ entries: z.array(InventoryLogEntry) });

// ---------- stock ----------
export const EXPIRY_WINDOWS = [30, 60, 90] as const;
/** Days: what expires within them counts as expiring when no window is asked (the stock list's, the expiring-stock report's). */
export const DEFAULT_EXPIRY_WINDOW = 90;
export const StockRow = z.object({
  itemId: z.string(),
  name: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  sellUnit: z.string(),
  purchaseUnit: z.string(),
  unitsPerPurchase: z.number().int(),
  wholeUnits: z.boolean(),
  controlled: z.boolean(),
  archived: z.boolean(),
  onHand: z.number(),
  /** cents: on hand at the item's cost */
  value: z.number().int(),
  reorderPoint: z.number(),
  reorderTo: z.number(),
  /** on hand at or below the reorder point (an item with a reorder point above 0) */
  belowReorder: z.boolean(),
  /** the first expiry among lots with stock; null when none of them expires */
  nextExpiry: z.string().nullable(),
  /** what expires within the window asked (90 days when none), in sell units */
  expiring: z.number(),
  lots: z.array(Lot),
});
export type StockRow = z.infer<typeof StockRow>;
export const StockQuery = PageQuery.extend({
  locationId: idField(),
  category: z.enum(INVENTORY_CATEGORIES).optional(),
  search: z.string().trim().max(100).optional(),
  belowReorder: queryBoolean().optional(),
  /** only items with stock expiring within 30, 60 or 90 days (today on the location's clock) */
  expiringWithin: z.coerce.number().pipe(z.union([z.literal(30), z.literal(60), z.literal(90)])).optional(),
  controlled: queryBoolean().optional(),
  includeArchived: queryBoolean().optional(),
});
export type StockQuery = z.input<typeof StockQuery>;
export const listStock = operation({
  method: 'GET',
  path: '/api/inventory/stock',
  access: authenticated,
  tag: 'inventory',
  summary: 'A page of a location’s stock by item (on hand, value at cost, reorder, expiry, lots) and the totals of all that match',
  query: StockQuery,
  response: page(StockRow).extend({ value: z.number().int(), belowReorder: z.number().int(), expiring: z.number().int() }),
});
export const exportStock = operation({
  method: 'GET',
  path: '/api/inventory/stock/export',
  access: authenticated,
  tag: 'inventory',
  summary: 'CSV of a location’s stock by lot, with the filters of the stock list',
  query: StockQuery.omit({ limit: true, offset: true }),
  response: z.string(),
});

// ---------- stock take ----------
export const StockTakeInput = z.object({
  locationId: idField(),
  itemId: idField(),
  /** each lot counted (lots left out are not changed) */
  counts: z
    .array(z.object({ lotId: idField(), counted: countedQuantityField() }))
    .min(1, 'must count at least one lot')
    .max(500)
    .refine((cs) => new Set(cs.map((c) => c.lotId)).size === cs.length, 'must count each lot once'),
  reason: reasonField(),
});
export type StockTakeInput = z.input<typeof StockTakeInput>;
export const postStockTake = operation({
  method: 'POST',
  path: '/api/inventory/stockTake',
  access: anyOf(MANAGE_INVENTORY),
  tag: 'inventory',
  summary: 'Post an item’s count at a location: a count correction for each lot whose count differs from what is on hand',
  body: z.object({ stockTakeData: StockTakeInput }),
  response: logWrites,
});

// ---------- reorder ----------
export const ReorderRow = z.object({
  itemId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  onHand: z.number(),
  reorderPoint: z.number(),
  reorderTo: z.number(),
  purchaseUnit: z.string(),
  sellUnit: z.string(),
  unitsPerPurchase: z.number().int(),
  /** whole purchase units that bring stock up to the reorder-to level */
  orderQuantity: z.number().int(),
  /** cents: orderQuantity at the item's cost */
  orderCost: z.number().int(),
});
export type ReorderRow = z.infer<typeof ReorderRow>;
export const ReorderQuery = z.object({ locationId: idField(), supplierId: idField().optional() });
export const listReorder = operation({
  method: 'GET',
  path: '/api/inventory/reorder',
  access: authenticated,
  tag: 'inventory',
  summary: 'Items at or below their reorder point at a location (of one supplier when named), with what to order',
  query: ReorderQuery,
  response: z.array(ReorderRow),
});
export const reorderPdf = operation({
  method: 'GET',
  path: '/api/inventory/reorder/pdf',
  access: authenticated,
  tag: 'inventory',
  summary: 'The reorder list as a PDF to send a supplier',
  query: ReorderQuery,
  response: z.unknown(),
});
