import { z } from 'zod';
import { INVENTORY_CATEGORIES, MOVEMENT_TYPES } from './inventory.js';
import { operation } from './operation.js';
import { dateField, idField } from './rules.js';
import { checkReportRange, reportAccess, reportFormatField, reportRangeShape } from './reports.js';

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

/**
 * Reports › Expiring stock (decision 0279): the lots with stock on hand expiring on or before a day,
 * those already expired first, each valued at cost as the stock list values stock. Days left are
 * counted from today at the lot's location (negative: expired that many days ago).
 */
export const ExpiringStockRow = z.object({
  lotId: z.string(),
  itemId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  controlled: z.boolean(),
  archived: z.boolean(),
  lotNumber: z.string().nullable(),
  locationId: z.string(),
  locationName: z.string(),
  expiresOn: z.string(),
  /** days from today at the location to the expiry: 0 expires today, negative is expired */
  daysLeft: z.number().int(),
  /** in sell units */
  onHand: z.number(),
  sellUnit: z.string(),
  /** cents: the lot's on hand at the item's cost, by the stock list's rule */
  value: z.number().int(),
});
export type ExpiringStockRow = z.infer<typeof ExpiringStockRow>;
export const ExpiringStockQuery = z.object({
  locationId: idField().optional(),
  /** expiring on or before this day; without it, within DEFAULT_EXPIRY_WINDOW days of each location's today (the stock list's window) */
  before: dateField().optional(),
  format: reportFormatField(),
});
export type ExpiringStockQuery = z.input<typeof ExpiringStockQuery>;
export const ExpiringStockReport = z.object({
  currency: z.string(),
  /** as asked, or null for each location's window */
  before: z.string().nullable(),
  rows: z.array(ExpiringStockRow),
  totals: z.object({ lots: z.number().int(), expired: z.number().int(), value: z.number().int() }),
});
export type ExpiringStockReport = z.infer<typeof ExpiringStockReport>;
export const expiringStockReport = operation({
  method: 'GET',
  path: '/api/reports/expiringStock',
  access: reportAccess,
  tag: 'reports',
  summary: 'Lots with stock expiring on or before a day (90 days ahead when none), the expired first, at cost (CSV or XLSX with format)',
  query: ExpiringStockQuery,
  response: ExpiringStockReport,
});

/**
 * Reports › Controlled-drug ledger (decision 0280): every entry of the inventory log for controlled
 * items between two days on each entry's location's calendar, in the order they were written, each
 * with the balance the log recorded after it. Corrections are entries of their own: nothing is netted
 * or left out.
 */
export const ControlledDrugLedgerRow = z.object({
  entryId: z.string(),
  /** the log's order */
  seq: z.number().int(),
  createdAt: z.string(),
  /** the day and time on the entry's location's clock (YYYY-MM-DD HH:mm) */
  at: z.string(),
  itemId: z.string(),
  name: z.string(),
  lotNumber: z.string().nullable(),
  locationId: z.string(),
  locationName: z.string(),
  type: z.enum(MOVEMENT_TYPES),
  /** signed, in sell units: + into stock, − out of it */
  quantity: z.number(),
  sellUnit: z.string(),
  /** the item's stock at the location after this entry, as the log wrote it */
  balance: z.number(),
  patientName: z.string().nullable(),
  userName: z.string().nullable(),
  reason: z.string().nullable(),
  /** a correction: the entry it corrects */
  correctsId: z.string().nullable(),
});
export type ControlledDrugLedgerRow = z.infer<typeof ControlledDrugLedgerRow>;
export const ControlledDrugLedgerQuery = z
  .object({ ...reportRangeShape, itemId: idField().optional() })
  .superRefine(checkReportRange);
export type ControlledDrugLedgerQuery = z.input<typeof ControlledDrugLedgerQuery>;
export const ControlledDrugLedgerReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(ControlledDrugLedgerRow),
  /** sell units into stock and out of it (out as a positive figure), and how many entries */
  totals: z.object({ entries: z.number().int(), in: z.number(), out: z.number() }),
});
export type ControlledDrugLedgerReport = z.infer<typeof ControlledDrugLedgerReport>;
export const controlledDrugLedgerReport = operation({
  method: 'GET',
  path: '/api/reports/controlledDrugLedger',
  access: reportAccess,
  tag: 'reports',
  summary: 'Every inventory log entry of controlled drugs between two days, in log order, with the running balance (CSV or XLSX with format)',
  query: ControlledDrugLedgerQuery,
  response: ControlledDrugLedgerReport,
});
