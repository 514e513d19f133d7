import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INVENTORY_MESSAGES } from '@willow/contracts';
import { AMOXICILLIN, LOT_A, LOT_B } from '../../test/inventory-fixtures';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { StockTakeDialog } from './stock-take-dialog';

const ITEM = { itemId: AMOXICILLIN.id, name: AMOXICILLIN.name, sellUnit: 'tablet' };

describe('the stock take dialog', () => {
  let calls: Call[];
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    calls = fakeServer((call) => {
      if (call.path === `/api/item/${AMOXICILLIN.id}/lots`) return { body: [LOT_A, LOT_B] };
      if (call.method === 'POST' && call.path === '/api/inventory/stockTake') return { body: { entries: [] } };
      return undefined;
    });
  });
  afterEach(resetAll);

  it('shows each lot’s difference as the count is typed, and posts the lots counted with the reason', async () => {
    renderPage(<StockTakeDialog open locationId={NEW_YORK.id} item={ITEM} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: `Count ${AMOXICILLIN.name}` });
    const lotA = await within(dialog).findByRole('group', { name: 'Lot A100 · expires 2027-01-31' });
    const lotB = within(dialog).getByRole('group', { name: 'Lot B200 · does not expire' });
    expect(within(lotA).getByText('On hand: 20 tablets')).toBeTruthy();

    const countA = within(lotA).getByRole('textbox', { name: 'Counted' });
    fireEvent.change(countA, { target: { value: '18' } });
    expect(within(lotA).getByText('Difference: −2 tablets')).toBeTruthy();
    fireEvent.change(countA, { target: { value: '21' } });
    expect(within(lotA).getByText('Difference: +1 tablet')).toBeTruthy();
    fireEvent.change(within(lotB).getByRole('textbox', { name: 'Counted' }), { target: { value: '100' } });
    expect(within(lotB).getByText('Difference: No difference')).toBeTruthy();

    // A reason is asked for before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post count' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Monthly count' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post count' }));
    await screen.findByText(INVENTORY_MESSAGES.stockTakePosted);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      stockTakeData: {
        locationId: NEW_YORK.id,
        itemId: AMOXICILLIN.id,
        counts: [
          { lotId: LOT_A.id, counted: 21 },
          { lotId: LOT_B.id, counted: 100 },
        ],
        reason: 'Monthly count',
      },
    });
  });
});
