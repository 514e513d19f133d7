import { expiringStockReport, type ExpiringStockReport, type ExpiringStockRow } from '@willow/contracts';
import { defineReport, formatCount } from '../report-definition';

type Row = Pick<ExpiringStockRow, 'lotId' | 'name' | 'expiresOn' | 'locationName' | 'value'> & { daysLeft: string; lotNumber: string; onHand: string };

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
/** Days left as a person reads them: how long ago an expired lot expired, today, or how many days remain. */
export function daysLeftText(days: number): string {
  if (days < 0) return `Expired ${plural(-days, 'day')} ago`;
  return days === 0 ? 'Expires today' : plural(days, 'day');
}

/** Lots with stock expiring on or before a day, the expired first, at cost (decision 0279). */
export const expiringStockDefinition = defineReport<ExpiringStockReport, Row>({
  id: 'expiringStock',
  label: 'Expiring stock',
  description: 'Lots with stock expiring on or before the day chosen (or within 90 days), the expired first, at cost',
  operation: expiringStockReport,
  range: false,
  provider: false,
  before: true,
  view: (answer) => ({
    rows: answer.rows.map((r) => ({
      lotId: r.lotId,
      name: r.archived ? `${r.name} (archived)` : r.name,
      expiresOn: r.expiresOn,
      daysLeft: daysLeftText(r.daysLeft),
      lotNumber: r.lotNumber ?? '',
      locationName: r.locationName,
      onHand: `${formatCount(r.onHand)} ${r.sellUnit}`,
      value: r.value,
    })),
    totals: {
      lotId: 'totals',
      name: 'Total',
      expiresOn: '',
      daysLeft: `${answer.totals.expired} expired`,
      lotNumber: plural(answer.totals.lots, 'lot'),
      locationName: '',
      onHand: '',
      value: answer.totals.value,
    },
    currency: answer.currency,
  }),
  columns: () => [
    { field: 'expiresOn', header: 'Expires on', kind: 'text', value: (r) => r.expiresOn },
    { field: 'daysLeft', header: 'Days left', kind: 'text', value: (r) => r.daysLeft },
    { field: 'name', header: 'Item', kind: 'text', value: (r) => r.name, grow: true },
    { field: 'lotNumber', header: 'Lot', kind: 'text', value: (r) => r.lotNumber },
    { field: 'locationName', header: 'Location', kind: 'text', value: (r) => r.locationName },
    { field: 'onHand', header: 'On hand', kind: 'text', value: (r) => r.onHand },
    { field: 'value', header: 'Value at cost', kind: 'money', value: (r) => r.value },
  ],
  rowId: (r) => r.lotId,
  noRowsLabel: 'No stock expiring',
});
