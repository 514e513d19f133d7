import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CARD_PAYMENT_MESSAGES } from '@willow/contracts';
import type { InvoiceSummary } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import { appointment, lookups } from '../appointments/test-support';
import { InvoiceStep } from './invoice-step';

beforeEach(() => {
  stubMatchMedia();
});
afterEach(resetAll);

const INVOICE_ID = 'f0000000-0000-4000-8000-000000000001';
const invoice = {
  id: INVOICE_ID,
  kind: 'invoice',
  number: 12,
  status: 'finalised',
  currency: 'USD',
  total: 86_000,
  paid: 20_000,
  credited: 0,
  balance: 66_000,
  paymentState: 'partly_paid',
  createdAt: '2026-11-01T10:00:00.000Z',
} as InvoiceSummary;

const ready = { ready: true, reason: null, to: 'nell@example.test' };
const notReady = { ready: false, reason: 'The client has no email address', to: null };

function serve(email: typeof ready | typeof notReady, answer: { status: number; body: unknown } = { status: 200, body: { id: 'r1' } }) {
  return fakeServer((call) => {
    if (call.path === '/api/communications/channels') return { body: { email, sms: notReady } };
    if (call.method === 'GET' && call.path === '/api/cardPaymentRequest') return { body: [] };
    if (call.method === 'POST' && call.path === '/api/cardPaymentRequest') return answer;
    return lookups(call);
  });
}

const step = () => <InvoiceStep appointment={appointment({})} invoice={invoice} estimate={null} channel="email" onOpenInvoice={() => {}} />;

describe('the journey’s invoice step', () => {
  it('asks the whole balance by email in one click, the dialog kept for another amount or SMS', async () => {
    const calls = serve(ready);
    renderPage(step());
    fireEvent.click(await screen.findByRole('button', { name: 'Email card link ($660.00)' }));
    expect(await screen.findByText(CARD_PAYMENT_MESSAGES.created)).toBeTruthy();
    const posted = calls.filter((c) => c.method === 'POST' && c.path === '/api/cardPaymentRequest');
    expect(posted.map((c) => c.body)).toEqual([{ data: { invoiceId: INVOICE_ID, estimateId: null, amount: 66_000, channel: 'email' } }]);
    expect(posted[0]!.headers['Idempotency-Key']).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Other amount or SMS…' }));
    expect(await screen.findByRole('dialog', { name: 'Request card payment' })).toBeTruthy();
  });

  it('says so when the request fails', async () => {
    serve(ready, { status: 400, body: { error: { message: 'Stripe is not set up' } } });
    renderPage(step());
    fireEvent.click(await screen.findByRole('button', { name: 'Email card link ($660.00)' }));
    expect(await screen.findByText(new RegExp(CARD_PAYMENT_MESSAGES.createError))).toBeTruthy();
  });

  it('without an email to send to, only the dialog: "Send card link"', async () => {
    const calls = serve(notReady);
    renderPage(step());
    await waitFor(() => expect(calls.some((c) => c.path === '/api/communications/channels')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Send card link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Email card link/ })).toBeNull();
  });
});
