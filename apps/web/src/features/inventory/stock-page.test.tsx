import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { StockRow } from '@willow/contracts';
import { AMOXICILLIN, LOT_A, LOT_B } from '../../test/inventory-fixtures';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import StockPage from './stock-page';

const ROW: StockRow = {
  itemId: AMOXICILLIN.id,
  name: AMOXICILLIN.name,
  category: 'medication',
  sku: AMOXICILLIN.sku,
  barcode: AMOXICILLIN.barcode,
  sellUnit: 'tablet',
  purchaseUnit: 'box',
  unitsPerPurchase: 100,
  wholeUnits: true,
  controlled: false,
  archived: false,
  onHand: 120,
  value: 2400,
  reorderPoint: 150,
  reorderTo: 300,
  belowReorder: true,
  nextExpiry: LOT_A.expiresOn,
  expiring: 20,
  lots: [LOT_A, LOT_B],
};

describe('the stock page', () => {
  let calls: Call[];
  beforeEach(() => {
    stubMatchMedia();
    calls = fakeServer((call) => {
      if (call.path === '/api/inventory/stock') return { body: { items: [ROW], total: 1, value: 2400, belowReorder: 1, expiring: 1 } };
      if (call.path === `/api/item/${AMOXICILLIN.id}/lots`) return { body: [LOT_A, LOT_B] };
      return sessionAnswer(call, NEW_YORK, ['inventory.manage']);
    });
  });
  afterEach(resetAll);

  it('lists the location’s stock with its flags and totals, filters by what is below reorder, and counts from a row', async () => {
    renderPage(<StockPage />);
    const grid = await screen.findByRole('grid', { name: 'Stock' });
    expect(await within(grid).findByText('120 tablets (1.2 boxes)')).toBeTruthy();
    expect(within(grid).getByText('Below reorder point')).toBeTruthy();
    expect(within(grid).getByText('20 expiring in 90 days')).toBeTruthy();
    expect(screen.getByTestId('stock-totals').textContent).toBe('1 items · value at cost $24.00 · 1 below reorder point · 1 expiring within 90 days');
    expect(calls.find((c) => c.path === '/api/inventory/stock')!.query.get('locationId')).toBe(NEW_YORK.id);

    fireEvent.click(screen.getByRole('switch', { name: 'Below reorder point' }));
    await screen.findByRole('grid', { name: 'Stock' });
    expect(calls.some((c) => c.path === '/api/inventory/stock' && c.query.get('belowReorder') === 'true')).toBe(true);

    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('/api/inventory/stock/export?locationId=');
    fireEvent.click(await screen.findByLabelText(`Count ${AMOXICILLIN.name}`));
    const dialog = await screen.findByRole('dialog', { name: `Count ${AMOXICILLIN.name}` });
    expect(await within(dialog).findByRole('group', { name: 'Lot A100 · expires 2027-01-31' })).toBeTruthy();
  });
});
