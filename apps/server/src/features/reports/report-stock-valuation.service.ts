// Stock valuation (decision 0267): the stock list's own read (the inventory feature's, through its
// index) at each location, every item with stock on hand, valued by the stock list's rule; today
// is each location's, as the stock list's.
import { DEFAULT_EXPIRY_WINDOW, localDate, type InventoryCategory, type StockValuationReport, type StockValuationRow } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { stockReadsRepository, stockValue } from '../inventory/index.js';
import { locationsRepository } from '../locations/index.js';
import type { ReportColumn, ReportFile } from './report-files.js';
import { checkedCurrency, sumOf } from './report-preamble.js';

export async function stockValuationReport(db: Db, auth: AuthContext, q: { locationId?: string | undefined }): Promise<StockValuationReport> {
  const currency = await checkedCurrency(db, auth, [[locationsRepository, q.locationId]]);
  const locations = (await locationsRepository.listSorted(db, auth, {})).filter((l) => !q.locationId || l.id === q.locationId);
  const rows: StockValuationRow[] = [];
  for (const location of locations) {
    const items = await stockReadsRepository.all(db, auth, {
      locationId: location.id,
      today: localDate(new Date(), location.timezone),
      // the stock list's expiry window: unused by the valuation, asked by the shared read
      window: DEFAULT_EXPIRY_WINDOW,
      includeArchived: true,
    });
    for (const item of items) {
      // What is kept at the location without any on hand is worth nothing: not a row of the valuation.
      if (item.onHand === 0) continue;
      rows.push({
        itemId: item.id,
        name: item.name,
        sku: item.sku,
        category: item.category as InventoryCategory,
        controlled: item.controlled,
        archived: item.archivedAt !== null,
        locationId: location.id,
        locationName: location.name,
        onHand: item.onHand,
        sellUnit: item.sellUnit,
        cost: item.cost,
        unitsPerPurchase: item.unitsPerPurchase,
        value: stockValue(item),
      });
    }
  }
  return { currency, rows, totals: { items: rows.length, value: sumOf(rows, (r) => r.value) } };
}

export function stockValuationFile(report: StockValuationReport, today: string): ReportFile<StockValuationRow> {
  const columns: ReportColumn<StockValuationRow>[] = [
    { header: 'Item', value: (r) => r.name },
    { header: 'SKU', value: (r) => r.sku },
    { header: 'Location', value: (r) => r.locationName },
    { header: 'On hand', value: (r) => r.onHand },
    { header: 'Unit', value: (r) => r.sellUnit },
    { header: `Cost per purchase unit (${report.currency})`, value: (r) => (r.itemId ? r.cost : null), cents: true },
    { header: 'Units per purchase', value: (r) => (r.itemId ? r.unitsPerPurchase : null) },
    { header: `Value (${report.currency})`, value: (r) => r.value, cents: true },
  ];
  const totals: StockValuationRow = {
    itemId: '',
    name: 'Total',
    sku: null,
    category: 'other',
    controlled: false,
    archived: false,
    locationId: '',
    locationName: '',
    onHand: report.totals.items,
    sellUnit: 'items',
    cost: 0,
    unitsPerPurchase: 0,
    value: report.totals.value,
  };
  return { name: `stock-valuation-${today}`, sheet: 'Stock valuation', columns, rows: report.rows, totals };
}
