import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Estimate } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { EstimateDialog } from './estimate-dialog';

const ESTIMATE_ID = '55555555-5555-4555-8555-555555555555';
const CLIENT_ID = '66666666-6666-4666-8666-666666666666';

function estimateOf(overrides: Partial<Estimate> = {}): Estimate {
  return {
    id: ESTIMATE_ID,
    locationId: NEW_YORK.id,
    clientId: CLIENT_ID,
    clientName: 'Dana Owner',
    patientId: null,
    patientName: null,
    appointmentId: null,
    status: 'open',
    currency: 'USD',
    lowTotal: 10000,
    highTotal: 20000,
    deposit: 0,
    validUntil: null,
    approvalMethod: null,
    approvedAt: null,
    invoiceId: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    discountType: 'none',
    discountValue: 0,
    notes: '',
    items: [
      {
        id: 'e1',
        position: 0,
        kind: 'text',
        description: 'Cremation',
        quantity: 1,
        highQuantity: 2,
        unitPrice: 10000,
        discountType: 'none',
        discountValue: 0,
        taxCodeId: null,
        taxName: null,
        taxRate: 0,
        providerId: null,
        serviceId: null,
        addOnId: null,
        itemId: null,
      },
    ],
    ...overrides,
  };
}

const shown = (label: string) => screen.getByLabelText(label, { selector: 'dd' }).textContent;

describe('the estimate editor', () => {
  let calls: Call[];
  let estimate: Estimate;
  beforeEach(() => {
    stubMatchMedia();
    estimate = estimateOf();
    calls = fakeServer((call) => {
      if (call.path === '/api/user/permissions') return sessionAnswer(call, NEW_YORK, []);
      if (call.method === 'GET' && call.path === `/api/estimate/${ESTIMATE_ID}`) return { body: estimate };
      if (call.method === 'GET' && call.path === '/api/taxCode') return { body: [] };
      if (call.method === 'GET' && call.path === '/api/invoice/clientBalance') return { body: { clientId: CLIENT_ID, currency: 'USD', owed: 0, credit: 0, deposits: 0 } };
      if (call.method === 'POST' && call.path === `/api/estimate/${ESTIMATE_ID}`) return { body: estimate };
      if (call.method === 'POST' && call.path === '/api/estimate') return { status: 201, body: estimate };
      if (call.method === 'POST' && call.path === `/api/estimate/${ESTIMATE_ID}/approve`) {
        estimate = estimateOf({ status: 'approved', approvalMethod: 'in_person', approvedAt: '2026-11-25T10:00:00.000Z' });
        return { body: estimate };
      }
      return undefined;
    });
  });
  afterEach(resetAll);

  it('shows the low and high totals, saves unsaved changes before approving, then is read-only', async () => {
    renderPage(<EstimateDialog estimateId={ESTIMATE_ID} onClose={vi.fn()} onOpenInvoice={vi.fn()} />);
    await screen.findByRole('heading', { name: 'Estimate' });
    await waitFor(() => expect(shown('Low total')).toBe('$100.00'));
    expect(shown('High total')).toBe('$200.00');
    fireEvent.change(screen.getByRole('textbox', { name: 'Line 1 description' }), { target: { value: 'Private cremation' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve in person' }));
    await screen.findByText('Estimate approved');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([`/api/estimate/${ESTIMATE_ID}`, `/api/estimate/${ESTIMATE_ID}/approve`]);
    const sent = calls.find((c) => c.method === 'POST')!.body as { estimateData: object; estimateItems: { description: string; highQuantity: number | null }[] };
    expect(sent.estimateItems).toEqual([expect.objectContaining({ description: 'Private cremation', quantity: 1, highQuantity: 2 })]);
    expect(sent.estimateData).not.toHaveProperty('locationId');
    await screen.findByRole('button', { name: 'Make invoice' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('approves the estimate just created, even before it is read back: never a second estimate', async () => {
    // The new estimate's read is held: a click right after "Estimate created" must act on the saved one.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET' && new URL(url, 'http://localhost').pathname === `/api/estimate/${ESTIMATE_ID}`) await held;
      return answer(url, init);
    });
    renderPage(<EstimateDialog estimateId={null} start={{ locationId: NEW_YORK.id, clientId: CLIENT_ID }} onClose={vi.fn()} onOpenInvoice={vi.fn()} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Line 1 description' }), { target: { value: 'Cremation' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Line 1 unit price' }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Estimate created');
    fireEvent.click(screen.getByRole('button', { name: 'Approve in person' }));
    await screen.findByText('Estimate approved');
    release();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/estimate', `/api/estimate/${ESTIMATE_ID}/approve`]);
  });
});
