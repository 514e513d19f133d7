import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CARD_PAYMENT_MESSAGES, PAYMENT_MESSAGES, type Payment } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { RefundDialog } from './refund-dialog';

const PAYMENT: Payment = {
  id: '44444444-4444-4444-8444-444444444444',
  locationId: NEW_YORK.id,
  clientId: '55555555-5555-4555-8555-555555555555',
  clientName: 'Maria Alvarez',
  kind: 'payment',
  paymentTypeId: null,
  paymentTypeName: 'Card',
  method: 'card',
  currency: 'USD',
  amount: 30_000,
  receivedAt: '2026-11-20T15:00:00.000Z',
  reference: 'pi_123',
  notes: null,
  refundOfPaymentId: null,
  card: true,
  allocations: [],
  refunded: 10_000,
  unallocated: 0,
  createdAt: '2026-11-20T15:00:00.000Z',
};

describe('the refund dialog', () => {
  let calls: Call[];
  let answer: () => Answer;
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    answer = () => ({ status: 201, body: { ...PAYMENT, kind: 'refund', amount: 20_000, refundOfPaymentId: PAYMENT.id, card: false } });
    calls = fakeServer((call) => (call.method === 'POST' ? answer() : undefined));
  });
  afterEach(resetAll);

  it('offers what is left, says a Stripe payment goes back to the card, and sends the refund once with its key', async () => {
    renderPage(<RefundDialog payment={PAYMENT} onClose={onClose} />);
    expect(screen.getByText(/up to \$200\.00 can be given back\. It goes back to the card through Stripe/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Refund amount' }) as HTMLInputElement).value).toBe('200.00');
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Visit cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/api/payment/${PAYMENT.id}/refund`);
    expect(post.body).toEqual({ data: { amount: 20_000, reason: 'Visit cancelled' } });
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(PAYMENT_MESSAGES.refunded)).toBeTruthy();
  });

  it('a payment taken at the desk says nothing of Stripe', () => {
    renderPage(<RefundDialog payment={{ ...PAYMENT, card: false, method: 'cash', paymentTypeName: 'Cash' }} onClose={onClose} />);
    expect(screen.getByText(/up to \$200\.00 can be given back\.$/)).toBeTruthy();
  });

  it('a refund Stripe refused stays open with Stripe’s reason and what was typed', async () => {
    const refused = `${CARD_PAYMENT_MESSAGES.refundRefused}: Charge for payment intent pi_123 has already been refunded.`;
    answer = () => ({ status: 409, body: { error: { message: refused } } });
    renderPage(<RefundDialog payment={PAYMENT} onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Visit cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.refundError)).toBeTruthy();
    expect(screen.getByText(refused)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement).value).toBe('Visit cancelled');
  });
});
