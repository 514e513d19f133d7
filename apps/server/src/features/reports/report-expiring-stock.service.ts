// Expiring stock (decision 0279): the lots with stock on hand that expire on or before a day, by the
// stock list's own rule and read (the inventory feature's, through its index), the expired ones
// included and first; days left counted from today at each lot's location, each lot valued by the
// stock list's rule.
import { addDays, daysBetween, DEFAULT_EXPIRY_WINDOW, localDate, type ExpiringStockReport, type ExpiringStockRow } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { stockReadsRepository, stockValue } from '../inventory/index.js';
import { locationsRepository } from '../locations/index.js';
import type { ReportColumn, ReportFile } from './report-files.js';
import { checkedCurrency, sumOf } from './report-preamble.js';

export type ExpiringStockQuery = { locationId?: string | undefined; before?: string | undefined };

export async function expiringStockReport(db: Db, auth: AuthContext, q: ExpiringStockQuery): Promise<ExpiringStockReport> {
  const currency = await checkedCurrency(db, auth, [[locationsRepository, q.locationId]]);
  const locations = (await locationsRepository.listSorted(db, auth, {})).filter((l) => !q.locationId || l.id === q.locationId);
  const rows: ExpiringStockRow[] = [];
  for (const location of locations) {
    const today = localDate(new Date(), location.timezone);
    // No day asked: the stock list's window from this location's today, as its "expiring" figure.
    const before = q.before ?? addDays(today, DEFAULT_EXPIRY_WINDOW);
    for (const lot of await stockReadsRepository.expiringLots(db, auth, location.id, before)) {
      rows.push({
        lotId: lot.lotId,
        itemId: lot.itemId,
        name: lot.name,
        sku: lot.sku,
        controlled: lot.controlled,
        archived: lot.archivedAt !== null,
        lotNumber: lot.lotNumber,
        locationId: location.id,
        locationName: location.name,
        expiresOn: lot.expiresOn,
        daysLeft: daysBetween(today, lot.expiresOn),
        onHand: lot.onHand,
        sellUnit: lot.sellUnit,
        value: stockValue(lot),
      });
    }
  }
  // The most urgent first, whichever location holds it.
  rows.sort(
    (a, b) =>
      a.expiresOn.localeCompare(b.expiresOn) ||
      a.daysLeft - b.daysLeft ||
      a.name.localeCompare(b.name) ||
      a.locationName.localeCompare(b.locationName) ||
      a.lotId.localeCompare(b.lotId),
  );
  return {
    currency,
    before: q.before ?? null,
    rows,
    totals: { lots: rows.length, expired: rows.filter((r) => r.daysLeft < 0).length, value: sumOf(rows, (r) => r.value) },
  };
}

export function expiringStockFile(report: ExpiringStockReport, today: string): ReportFile<ExpiringStockRow> {
  const columns: ReportColumn<ExpiringStockRow>[] = [
    { header: 'Expires on', value: (r) => r.expiresOn },
    { header: 'Days left', value: (r) => (r.lotId ? r.daysLeft : null) },
    { header: 'Item', value: (r) => r.name },
    { header: 'SKU', value: (r) => r.sku },
    { header: 'Lot number', value: (r) => r.lotNumber },
    { header: 'Location', value: (r) => r.locationName },
    { header: 'On hand', value: (r) => (r.lotId ? r.onHand : null) },
    { header: 'Unit', value: (r) => r.sellUnit },
    { header: `Value at cost (${report.currency})`, value: (r) => r.value, cents: true },
  ];
  const { totals } = report;
  return {
    name: `expiring-stock-${report.before ? `to-${report.before}` : today}`,
    sheet: 'Expiring stock',
    columns,
    rows: report.rows,
    totals: {
      lotId: '',
      itemId: '',
      name: `${totals.lots} lots, ${totals.expired} expired`,
      sku: null,
      controlled: false,
      archived: false,
      lotNumber: null,
      locationId: '',
      locationName: '',
      expiresOn: 'Total',
      daysLeft: 0,
      onHand: 0,
      sellUnit: '',
      value: totals.value,
    },
  };
}
