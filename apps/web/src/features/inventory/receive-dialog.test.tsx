import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INVENTORY_MESSAGES } from '@willow/contracts';
import { AMOXICILLIN, itemPage } from '../../test/inventory-fixtures';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { ReceiveDialog } from './receive-dialog';

// A required field's label ends in ' *'.
const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(new RegExp(`^${name}( \\*)?$`), { selector: 'input' }) as HTMLInputElement;
const typeInto = (dialog: HTMLElement, name: string, value: string) => fireEvent.change(field(dialog, name), { target: { value } });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => (c.body as { inventoryLogData: object }).inventoryLogData);

describe('the receive dialog', () => {
  let calls: Call[];
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    calls = fakeServer((call) => {
      const session = sessionAnswer(call, NEW_YORK);
      if (session) return session;
      if (call.path === '/api/item') return { body: itemPage(call.query.get('barcode') === 'nothing' ? [] : [AMOXICILLIN]) };
      if (call.method === 'POST' && call.path === '/api/inventoryLog') return { status: 201, body: { entries: [] } };
      return undefined;
    });
  });
  afterEach(resetAll);

  async function open(item: typeof AMOXICILLIN | null = AMOXICILLIN) {
    renderPage(<ReceiveDialog open locationId={NEW_YORK.id} item={item} onClose={onClose} />);
    return screen.findByRole('dialog', { name: 'Receive stock' });
  }

  it('receives boxes by default, or tablets when chosen, with the lot and its expiry', async () => {
    const dialog = await open();
    typeInto(dialog, 'Quantity', '2');
    // 2 boxes of 100: said in tablets as typed
    expect(within(dialog).getByText('200 tablets (2 boxes)')).toBeTruthy();
    typeInto(dialog, 'Lot number', 'A100');
    typeInto(dialog, 'Expiry date', '2027-06-30');
    typeInto(dialog, 'Received on', '2026-11-20');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Tablets' }));
    expect(within(dialog).getByText('2 tablets')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Boxes of 100' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await screen.findByText(INVENTORY_MESSAGES.stockReceived);
    expect(posts(calls)).toEqual([
      { type: 'received', itemId: AMOXICILLIN.id, locationId: NEW_YORK.id, quantity: 2, unit: 'purchase', lotNumber: 'A100', expiresOn: '2027-06-30', receivedOn: '2026-11-20', reason: null },
    ]);
  });

  it('sends tablets as the sell unit', async () => {
    const dialog = await open();
    typeInto(dialog, 'Quantity', '30');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Tablets' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Does not expire' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ quantity: 30, unit: 'sell', expiresOn: null, lotNumber: null });
  });

  it('asks for an expiry or "Does not expire", and refuses an expiry before the day it was received', async () => {
    const dialog = await open();
    typeInto(dialog, 'Quantity', '1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByText('Enter the expiry date, or tick Does not expire')).toBeTruthy();
    expect(field(dialog, 'Expiry date').getAttribute('aria-invalid')).toBe('true');

    typeInto(dialog, 'Received on', '2026-11-20');
    typeInto(dialog, 'Expiry date', '2026-11-19');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByText('This field must not be before the day it was received.')).toBeTruthy();

    // No expiry at all: the date is set aside and the stock goes in as not expiring.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Does not expire' }));
    expect(field(dialog, 'Expiry date').disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ expiresOn: null, receivedOn: '2026-11-20' });
  });

  it('finds the item by a typed barcode and Enter, and says when none has it', async () => {
    const dialog = await open(null);
    const barcode = field(dialog, 'Barcode');
    fireEvent.change(barcode, { target: { value: 'nothing' } });
    fireEvent.keyDown(barcode, { key: 'Enter' });
    expect(await within(dialog).findByText('No item has the barcode nothing')).toBeTruthy();
    fireEvent.change(barcode, { target: { value: AMOXICILLIN.barcode } });
    fireEvent.keyDown(barcode, { key: 'Enter' });
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Item' }) as HTMLInputElement).value).toBe(AMOXICILLIN.name));
    expect(calls.some((c) => c.path === '/api/item' && c.query.get('barcode') === AMOXICILLIN.barcode)).toBe(true);
    // Enter looked it up; it did not submit the form
    expect(posts(calls)).toEqual([]);
  });
});
