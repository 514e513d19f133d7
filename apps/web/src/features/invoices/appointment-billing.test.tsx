import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppointmentDetail, InvoiceSummary } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { AppointmentBilling } from './appointment-billing';

const APPOINTMENT_ID = '11111111-1111-4111-8111-111111111111';
const CLIENT_ID = '66666666-6666-4666-8666-666666666666';
const INVOICE_ID = '55555555-5555-4555-8555-555555555555';
const appointment = {
  id: APPOINTMENT_ID,
  locationId: NEW_YORK.id,
  clientId: CLIENT_ID,
  status: 'Confirmed',
  patients: [],
} as unknown as AppointmentDetail;

function invoiceRow(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: INVOICE_ID,
    locationId: NEW_YORK.id,
    clientId: CLIENT_ID,
    clientName: 'Dana Owner',
    patientId: null,
    patientName: null,
    appointmentId: APPOINTMENT_ID,
    estimateId: null,
    kind: 'invoice',
    creditedInvoiceId: null,
    number: null,
    status: 'draft',
    currency: 'USD',
    issuedOn: '2026-11-20',
    dueOn: null,
    subtotal: 85_000,
    discount: 0,
    tax: 0,
    total: 85_000,
    paid: 0,
    credited: 0,
    balance: 85_000,
    paymentState: 'not_due',
    finalisedAt: null,
    voidedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  } as InvoiceSummary;
}

const billed = (call: Call) => call.method === 'POST' && call.path === '/api/invoice/fromAppointment';

describe('the appointment’s billing', () => {
  let calls: Call[];
  let invoices: InvoiceSummary[];
  let refusal: string | null;
  beforeEach(() => {
    stubMatchMedia();
    invoices = [];
    refusal = null;
    calls = fakeServer((call) => {
      if (call.path === '/api/user/permissions') return sessionAnswer(call, NEW_YORK);
      if (call.method === 'GET' && call.path === '/api/invoice') return { body: { items: invoices, total: invoices.length } };
      if (call.method === 'GET' && call.path === '/api/estimate') return { body: { items: [], total: 0 } };
      if (billed(call)) return refusal ? { status: 409, body: { error: { message: refusal } } } : { status: 201, body: invoiceRow() };
      return undefined;
    });
  });
  afterEach(resetAll);

  it('offers "Create invoice" while no invoice bills the appointment', async () => {
    renderPage(<AppointmentBilling appointment={appointment} />);
    await screen.findByText('No invoice for this appointment yet.');
    expect(screen.queryByRole('button', { name: 'Open invoice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create invoice' }));
    await waitFor(() => expect(calls.filter(billed)).toHaveLength(1));
    expect(calls.find(billed)!.body).toEqual({ data: { appointmentId: APPOINTMENT_ID } });
  });

  it('offers "Open invoice" once its draft exists (a closed dialog left it), and another only after naming it', async () => {
    invoices = [invoiceRow()];
    renderPage(<AppointmentBilling appointment={appointment} />);
    const open = await screen.findByRole('button', { name: 'Open invoice' });
    expect(screen.queryByRole('button', { name: 'Create invoice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Another invoice' }));
    const question = await screen.findByRole('dialog', { name: 'Another invoice?' });
    expect(within(question).getByText('A draft invoice already bills this appointment — create another invoice?')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Another invoice?' })).toBeNull());

    fireEvent.click(open);
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === `/api/invoice/${INVOICE_ID}`)).toBe(true));
    expect(calls.filter(billed)).toEqual([]);
  });

  it('names a finalised invoice by its number, and makes another when asked to', async () => {
    invoices = [invoiceRow({ number: 42, status: 'finalised', paymentState: 'unpaid' })];
    renderPage(<AppointmentBilling appointment={appointment} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Another invoice' }));
    const question = await screen.findByRole('dialog', { name: 'Another invoice?' });
    expect(within(question).getByText('INV-000042 already bills this appointment — create another invoice?')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Create another invoice' }));
    await waitFor(() => expect(calls.filter(billed)).toHaveLength(1));
    expect(calls.find(billed)!.body).toEqual({ data: { appointmentId: APPOINTMENT_ID, again: true } });
  });

  it('asks the same question when the server knew of an invoice first (made meanwhile elsewhere)', async () => {
    refusal = 'INV-000007 already bills this appointment — create another invoice?';
    renderPage(<AppointmentBilling appointment={appointment} />);
    await screen.findByText('No invoice for this appointment yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create invoice' }));
    const question = await screen.findByRole('dialog', { name: 'Another invoice?' });
    expect(within(question).getByText(refusal)).toBeTruthy();
    refusal = null;
    fireEvent.click(within(question).getByRole('button', { name: 'Create another invoice' }));
    await waitFor(() => expect(calls.filter(billed)).toHaveLength(2));
    expect(calls.filter(billed)[1]!.body).toEqual({ data: { appointmentId: APPOINTMENT_ID, again: true } });
  });

  it('says what credit notes credited of its invoices', async () => {
    invoices = [
      invoiceRow({ number: 42, status: 'finalised', paymentState: 'paid', credited: 85_000, balance: 0 }),
      invoiceRow({ id: '77777777-7777-4777-8777-777777777777', number: 43, status: 'finalised', paymentState: 'partly_paid', credited: 5_000, balance: 80_000 }),
    ];
    renderPage(<AppointmentBilling appointment={appointment} />);
    const list = await screen.findByRole('list', { name: 'Invoices of the appointment' });
    expect(within(list).getByText('Finalised · Credited in full')).toBeTruthy();
    expect(within(list).getByText('Finalised · Partly paid · Credited $50.00')).toBeTruthy();
  });
});
