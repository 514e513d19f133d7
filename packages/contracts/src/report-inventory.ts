import { z } from 'zod';
import { INVENTORY_CATEGORIES } from './inventory.js';
import { operation } from './operation.js';
import { idField } from './rules.js';
import { reportAccess, reportFormatField } from './reports.js';

/**
 * Reports › Stock valuation: what is on the shelves now, per item and location, at the item's cost
 * (decision 0267): the stock list's figures, every location at once, archived items with stock included.
 */
export const StockValuationRow = z.object({
  itemId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  category: z.enum(INVENTORY_CATEGORIES),
  controlled: z.boolean(),
  archived: z.boolean(),
  locationId: z.string(),
  locationName: z.string(),
  /** in sell units */
  onHand: z.number(),
  sellUnit: z.string(),
  /** cents per purchase unit, and how many sell units a purchase unit holds */
  cost: z.number().int(),
  unitsPerPurchase: z.number().int(),
  /** cents: onHand × cost ÷ unitsPerPurchase, rounded to the cent as the stock list does */
  value: z.number().int(),
});
export type StockValuationRow = z.infer<typeof StockValuationRow>;
export const StockValuationQuery = z.object({ locationId: idField().optional(), format: reportFormatField() });
export type StockValuationQuery = z.input<typeof StockValuationQuery>;
export const StockValuationReport = z.object({
  currency: z.string(),
  rows: z.array(StockValuationRow),
  totals: z.object({ items: z.number().int(), value: z.number().int() }),
});
export type StockValuationReport = z.infer<typeof StockValuationReport>;
export const stockValuationReport = operation({
  method: 'GET',
  path: '/api/reports/stockValuation',
  access: reportAccess,
  tag: 'reports',
  summary: 'Stock on hand now at cost, per item and location (CSV or XLSX with format)',
  query: StockValuationQuery,
  response: StockValuationReport,
});
