import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INVENTORY_MESSAGES } from '@willow/contracts';
import type { InventoryLogEntry } from '@willow/contracts';
import { AMOXICILLIN, LOT_A } from '../../test/inventory-fixtures';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import InventoryLogPage from './inventory-log-page';

const ENTRY: InventoryLogEntry = {
  id: '15151515-1515-4151-8151-151515151515',
  itemId: AMOXICILLIN.id,
  itemName: AMOXICILLIN.name,
  sellUnit: 'tablet',
  controlled: false,
  locationId: NEW_YORK.id,
  lotId: LOT_A.id,
  lotNumber: LOT_A.lotNumber,
  expiresOn: LOT_A.expiresOn,
  type: 'administered',
  quantity: -2,
  balance: 118,
  reason: null,
  patientId: null,
  patientName: null,
  appointmentId: null,
  invoiceId: null,
  transferId: null,
  correctsId: null,
  userId: null,
  userName: 'Vera Vet',
  createdAt: '2026-11-20T15:00:00.000Z',
};
const SOLD: InventoryLogEntry = { ...ENTRY, id: '16161616-1616-4161-8161-161616161616', type: 'sold', quantity: -10, balance: 108 };

describe('the inventory log', () => {
  let calls: Call[];
  beforeEach(() => {
    stubMatchMedia();
    calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/api/inventoryLog') return { body: { items: [SOLD, ENTRY], total: 2 } };
      if (call.path === '/api/item') return { body: { items: [{ ...AMOXICILLIN, controlled: true }], total: 1 } };
      if (call.method === 'POST' && call.path === `/api/inventoryLog/${ENTRY.id}`) return { body: { entries: [] } };
      return sessionAnswer(call, NEW_YORK, ['inventory.manage']);
    });
  });
  afterEach(resetAll);

  it('shows each entry signed with its balance, and corrects only what was recorded by hand', async () => {
    renderPage(<InventoryLogPage />);
    const grid = await screen.findByRole('grid', { name: 'Inventory log' });
    expect(await within(grid).findByText('−10 tablets')).toBeTruthy();
    expect(within(grid).getByText('108')).toBeTruthy();
    expect(screen.queryByLabelText('Correct entry: Amoxicillin 250 mg −10')).toBeNull();

    fireEvent.click(await screen.findByLabelText('Correct entry: Amoxicillin 250 mg −2'));
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Quantity/ }), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Half the dose was given' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Correct' }));
    await screen.findByText(INVENTORY_MESSAGES.logUpdated);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ inventoryLogData: { quantity: 1, reason: 'Half the dose was given' } });
  });

  it('the controlled-drug ledger asks for a drug, then reads it oldest first', async () => {
    renderPage(<InventoryLogPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Controlled-drug ledger' }));
    expect(await screen.findByText(/Choose a controlled drug to read its ledger/)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/item' && c.query.get('controlled') === 'true')).toBe(true));
    const picker = screen.getByRole('combobox', { name: 'Controlled drug' });
    act(() => picker.focus());
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(AMOXICILLIN.name) }));
    await screen.findByRole('grid', { name: 'Controlled-drug ledger' });
    const asked = calls.filter((c) => c.path === '/api/inventoryLog').at(-1)!.query;
    expect([asked.get('itemId'), asked.get('controlled'), asked.get('order')]).toEqual([AMOXICILLIN.id, 'true', 'oldest']);
  });
});
