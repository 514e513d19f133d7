import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INVENTORY_MESSAGES } from '@willow/contracts';
import { AMOXICILLIN, TAX_ID } from '../../test/inventory-fixtures';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { ItemFormDialog } from './item-form-dialog';

const TAX = { id: TAX_ID, locationId: NEW_YORK.id, name: 'Sales tax', rate: 825, active: true };
const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
const typeInto = (dialog: HTMLElement, name: string, value: string) => fireEvent.change(textbox(dialog, name), { target: { value } });

describe('the item dialog', () => {
  let calls: Call[];
  let refuse: string | null;
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    refuse = null;
    calls = fakeServer((call) => {
      const session = sessionAnswer(call, NEW_YORK, ['inventory.manage']);
      if (session) return session;
      if (call.path === '/api/contact') return { body: [] };
      if (call.path === '/api/taxCode') return { body: [TAX] };
      if (call.path === '/api/addOn') return { body: [] };
      if (call.method === 'POST' && call.path === '/api/item')
        return refuse ? { status: 400, body: { error: { message: refuse } } } : { status: 201, body: AMOXICILLIN };
      return undefined;
    });
  });
  afterEach(resetAll);

  async function open() {
    renderPage(<ItemFormDialog open item={null} locationId={NEW_YORK.id} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'New item' });
    // the location's settings come with the locations
    await within(dialog).findByRole('group', { name: NEW_YORK.name });
    return dialog;
  }

  it('says what is wrong under the field and sends nothing', async () => {
    const dialog = await open();
    typeInto(dialog, 'Units per purchase', '0');
    typeInto(dialog, 'Reorder point', '10');
    typeInto(dialog, 'Reorder to', '5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(textbox(dialog, 'Name').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This field must be 1 or more.')).toBeTruthy();
    expect(within(dialog).getByText('This field must be at least the reorder point.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('puts the server’s refusal under its field with the one error toast, then saves', async () => {
    const dialog = await open();
    typeInto(dialog, 'Name', 'Amoxicillin 250 mg');
    typeInto(dialog, 'Units per purchase', '100');
    typeInto(dialog, 'Reorder point', '10');
    typeInto(dialog, 'Reorder to', '200');
    typeInto(dialog, 'Barcode', AMOXICILLIN.barcode!);
    typeInto(dialog, 'Cost', '20');
    typeInto(dialog, 'Sell price', '1.50');
    refuse = 'barcode: is already used by Amoxicillin 500 mg';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is already used by Amoxicillin 500 mg.')).toBeTruthy();
    expect(textbox(dialog, 'Barcode').getAttribute('aria-invalid')).toBe('true');
    await screen.findByText(INVENTORY_MESSAGES.createError);
    const sent = calls.find((c) => c.method === 'POST')!.body as { itemData: Record<string, unknown> };
    expect(sent.itemData).toMatchObject({
      name: 'Amoxicillin 250 mg',
      purchaseUnit: 'box',
      sellUnit: 'tablet',
      unitsPerPurchase: 100,
      cost: 2000,
      sellPrice: 150,
      barcode: AMOXICILLIN.barcode,
      locations: [{ locationId: NEW_YORK.id, reorderPoint: 10, reorderTo: 200, taxCodeId: null }],
    });

    refuse = null;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText(INVENTORY_MESSAGES.created);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks before Esc discards what was typed, and keeps it when told to', async () => {
    const dialog = await open();
    typeInto(dialog, 'Name', 'Gauze swabs');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect(textbox(dialog, 'Name').value).toBe('Gauze swabs');
    expect(onClose).not.toHaveBeenCalled();
  });
});
