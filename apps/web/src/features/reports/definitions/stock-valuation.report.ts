import { INVENTORY_CATEGORY_LABELS, stockValuationReport, type StockValuationReport, type StockValuationRow } from '@willow/contracts';
import { defineReport, formatCount } from '../report-definition';

type Row = Pick<StockValuationRow, 'name' | 'locationName' | 'value'> & { id: string; category: string; onHand: string; cost: number };

/** Stock on hand now at cost, per item and location (decision 0267). */
export const stockValuationDefinition = defineReport<StockValuationReport, Row>({
  id: 'stockValuation',
  label: 'Stock valuation',
  description: 'Stock on hand now at cost, per item and location',
  operation: stockValuationReport,
  range: false,
  provider: false,
  view: (answer) => ({
    rows: answer.rows.map((r) => ({
      id: `${r.itemId}:${r.locationId}`,
      name: r.archived ? `${r.name} (archived)` : r.name,
      category: INVENTORY_CATEGORY_LABELS[r.category],
      locationName: r.locationName,
      onHand: `${formatCount(r.onHand)} ${r.sellUnit}`,
      cost: r.cost,
      value: r.value,
    })),
    totals: { id: 'totals', name: 'Total', category: `${answer.totals.items} ${answer.totals.items === 1 ? 'item' : 'items'}`, locationName: '', onHand: '', cost: 0, value: answer.totals.value },
    currency: answer.currency,
  }),
  columns: () => [
    { field: 'name', header: 'Item', kind: 'text', value: (r) => r.name, grow: true },
    { field: 'category', header: 'Category', kind: 'text', value: (r) => r.category },
    { field: 'locationName', header: 'Location', kind: 'text', value: (r) => r.locationName },
    { field: 'onHand', header: 'On hand', kind: 'text', value: (r) => r.onHand },
    { field: 'value', header: 'Value at cost', kind: 'money', value: (r) => r.value },
  ],
  rowId: (r) => r.id,
  noRowsLabel: 'No stock on hand',
});
