import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatCents, priceDocument } from '@willow/contracts';
import type { Invoice, TaxCode } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { AMOXICILLIN, itemPage } from '../../test/inventory-fixtures';
import { InvoiceDialog } from './invoice-dialog';

const INVOICE_ID = '55555555-5555-4555-8555-555555555555';
const CLIENT_ID = '66666666-6666-4666-8666-666666666666';
const TAX: TaxCode = { id: '77777777-7777-4777-8777-777777777777', locationId: NEW_YORK.id, name: 'Sales tax', rate: 825, active: true };

function invoiceOf(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE_ID,
    locationId: NEW_YORK.id,
    clientId: CLIENT_ID,
    clientName: 'Dana Owner',
    patientId: null,
    patientName: null,
    appointmentId: null,
    estimateId: null,
    kind: 'invoice',
    creditedInvoiceId: null,
    number: null,
    status: 'draft',
    currency: 'USD',
    issuedOn: '2026-11-24',
    dueOn: null,
    subtotal: 10000,
    discount: 0,
    tax: 825,
    total: 10825,
    paid: 0,
    credited: 0,
    balance: 10825,
    paymentState: 'not_due',
    finalisedAt: null,
    voidedAt: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    discountType: 'percent',
    discountValue: 500,
    notes: '',
    pdfTemplateId: null,
    voidReason: null,
    items: [
      {
        id: 'i1',
        position: 0,
        kind: 'text',
        description: 'Exam',
        quantity: 1,
        unitPrice: 10000,
        discountType: 'none',
        discountValue: 0,
        taxCodeId: TAX.id,
        taxName: TAX.name,
        taxRate: 825,
        providerId: null,
        serviceId: null,
        addOnId: null,
        itemId: null,
        gross: 10000,
        lineDiscount: 0,
        sharedDiscount: 0,
        tax: 825,
        total: 10825,
        creditedItemId: null,
      },
    ],
    ...overrides,
  };
}

const totalShown = () => screen.getByLabelText('Total', { selector: 'dd' }).textContent;
const typeInto = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('the invoice editor', () => {
  let calls: Call[];
  let invoice: Invoice;
  let refuse: string | null;
  let permissions: string[];
  /** while set, the invoice's GET is answered only when it settles (a slow server) */
  let held: Promise<void> | null;
  beforeEach(() => {
    stubMatchMedia();
    invoice = invoiceOf();
    refuse = null;
    permissions = [];
    held = null;
    calls = fakeServer((call) => {
      if (call.path === '/api/user/permissions') return sessionAnswer(call, NEW_YORK, permissions);
      if (call.method === 'GET' && call.path === `/api/invoice/${INVOICE_ID}`) return held ? held.then(() => ({ body: invoice })) : { body: invoice };
      if (call.method === 'GET' && call.path === '/api/taxCode') return { body: [TAX] };
      if (call.method === 'GET' && call.path === '/api/invoice/clientBalance') return { body: { clientId: CLIENT_ID, currency: 'USD', owed: 0, credit: 0, deposits: 0 } };
      if (call.method === 'POST' && call.path === `/api/invoice/${INVOICE_ID}`)
        return refuse ? { status: 400, body: { error: { message: refuse } } } : { body: invoice };
      return undefined;
    });
  });
  afterEach(resetAll);

  it('shows priceDocument’s totals while typing, with the invoice discount and the line’s tax', async () => {
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Line 1 unit price' });
    // 100.00 less 5 %, taxed at 8.25 %.
    const priced = (cents: number) =>
      formatCents(priceDocument([{ quantity: 2, unitPrice: cents, discount: { type: 'none', value: 0 }, taxRate: 825 }], { type: 'percent', value: 500 }).totals.total, 'USD');
    typeInto('Line 1 quantity', '2');
    typeInto('Line 1 unit price', '33.33');
    await waitFor(() => expect(totalShown()).toBe(priced(3333)));
    typeInto('Line 1 unit price', '12.');
    await waitFor(() => expect(totalShown()).toBe(priced(1200)));
  });

  it('puts the server’s refusal of a line’s field under that field, with the one error toast', async () => {
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Line 1 unit price' });
    typeInto('Line 1 description', 'Exam and bloodwork');
    refuse = 'invoiceItems.0.unitPrice: must be at most 10000000';
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Line 1 unit price' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This field must be at most 10000000.')).toBeTruthy();
    await screen.findByText('Error updating Invoice');
    // The focus is taken to the field the refusal is under (Save was disabled while it ran).
    await waitFor(() => expect(document.activeElement).toBe(field));
    const sent = calls.find((c) => c.method === 'POST')!.body as { invoiceData: object; invoiceItems: { description: string; unitPrice: number }[] };
    expect(sent.invoiceItems).toEqual([expect.objectContaining({ description: 'Exam and bloodwork', unitPrice: 10000, taxCodeId: TAX.id })]);
    expect(sent.invoiceData).not.toHaveProperty('locationId');
  });

  it('a draft holding a deposit shows what was paid and the balance the server gives it (total − paid − credited)', async () => {
    invoice = invoiceOf({ paid: 5000, balance: 5825 });
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    expect(await screen.findByText('Paid $50.00 · Balance $58.25')).toBeTruthy();
  });

  it('a credited invoice shows the credit and says so, from the server’s figures', async () => {
    invoice = invoiceOf({ status: 'finalised', number: 42, paymentState: 'partly_paid', paid: 2000, credited: 3000, balance: 5825 });
    const { unmount } = renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    expect(await screen.findByText('Paid $20.00 · Credited $30.00 · Balance $58.25')).toBeTruthy();
    const summary = screen.getByTestId('invoice-summary');
    expect(within(summary).getByText('Credited $30.00')).toBeTruthy();
    expect(within(summary).getByText('Partly paid')).toBeTruthy();
    unmount();
    // Credited in full: settled, but nobody paid it.
    invoice = invoiceOf({ status: 'finalised', number: 42, paymentState: 'paid', paid: 0, credited: 10825, balance: 0 });
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    const settled = await screen.findByTestId('invoice-summary');
    expect(await within(settled).findByText('Credited in full')).toBeTruthy();
    expect(within(settled).queryByText('Paid')).toBeNull();
  });

  it('waits for the invoice before Finalise or Save can be pressed; Cancel can be at once', async () => {
    let answer!: () => void;
    held = new Promise((resolve) => (answer = resolve));
    const onClose = vi.fn();
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={onClose} />);
    const finalise = (await screen.findByRole('button', { name: 'Finalise' })) as HTMLButtonElement;
    expect(finalise.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
    await act(async () => answer());
    await screen.findByRole('textbox', { name: 'Line 1 unit price' });
    expect((screen.getByRole('button', { name: 'Finalise' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers Delete on a draft only to those who hold billing.manage', async () => {
    const { unmount } = renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    await screen.findByRole('button', { name: 'Finalise' });
    // The front desk: no Delete, whatever the wait.
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/permissions')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    unmount();
    permissions = ['billing.manage'];
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('a draft credit note adds no line, and a lowered line still names the invoice line it credits', async () => {
    const LINE_ID = '88888888-8888-4888-8888-888888888888';
    const base = invoiceOf();
    invoice = invoiceOf({
      kind: 'credit_note',
      creditedInvoiceId: '99999999-9999-4999-8999-999999999999',
      discountType: 'none',
      discountValue: 0,
      items: [{ ...base.items[0]!, discountType: 'amount', quantity: 2, creditedItemId: LINE_ID }],
    });
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Line 1 quantity' });
    expect(screen.queryByRole('button', { name: 'Add line' })).toBeNull();
    typeInto('Line 1 quantity', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!.body as { invoiceItems: { quantity: number; creditedItemId?: string }[] };
    expect(sent.invoiceItems).toEqual([expect.objectContaining({ quantity: 1, creditedItemId: LINE_ID })]);
  });

  it('a finalised invoice is read-only and shows the figures stored with it', async () => {
    invoice = invoiceOf({ status: 'finalised', number: 42, total: 12345, paymentState: 'unpaid' });
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    await screen.findByRole('heading', { name: 'Invoice INV-000042' });
    expect(totalShown()).toBe('$123.45');
    expect(screen.getByRole('textbox', { name: 'Line 1 unit price' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    const actions = screen.getByRole('button', { name: 'Credit note' }).parentElement!;
    expect(within(actions).getByRole('button', { name: 'Void' })).toBeTruthy();
  });
});

describe('an item line', () => {
  let calls: Call[];
  beforeEach(() => {
    stubMatchMedia();
    const invoice = invoiceOf();
    calls = fakeServer((call) => {
      if (call.path === '/api/user/permissions') return sessionAnswer(call, NEW_YORK, []);
      if (call.method === 'GET' && call.path === `/api/invoice/${INVOICE_ID}`) return { body: invoice };
      if (call.method === 'GET' && call.path === '/api/taxCode') return { body: [TAX] };
      if (call.method === 'GET' && call.path === '/api/item') return { body: itemPage([AMOXICILLIN]) };
      if (call.method === 'GET' && call.path === '/api/invoice/clientBalance') return { body: { clientId: CLIENT_ID, currency: 'USD', owed: 0, credit: 0, deposits: 0 } };
      if (call.method === 'POST' && call.path === `/api/invoice/${INVOICE_ID}`) return { body: invoice };
      return undefined;
    });
  });
  afterEach(resetAll);

  it('picking an item fills the description, its sell price and its tax code at the invoice’s location, and sends the item', async () => {
    renderPage(<InvoiceDialog invoiceId={INVOICE_ID} onClose={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Line 1 unit price' });
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Line 2 kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Item' }));
    const picker = screen.getByRole('combobox', { name: 'Line 2 item' });
    // typed into, as a person does: with the focus in the box
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'amox' } });
    // the picker searches the items with what was typed (`/api/item?search=`)
    await waitFor(() => expect(calls.some((c) => c.path === '/api/item' && c.query.get('search') === 'amox')).toBe(true));
    fireEvent.click(await screen.findByRole('option', { name: /Amoxicillin 250 mg/ }));

    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Line 2 description' }) as HTMLInputElement).value).toBe('Amoxicillin 250 mg'));
    expect((screen.getByRole('textbox', { name: 'Line 2 unit price' }) as HTMLInputElement).value).toBe('1.50');
    expect(screen.getByRole('combobox', { name: 'Line 2 tax' }).textContent).toContain('Sales tax');

    typeInto('Line 2 quantity', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!.body as { invoiceItems: object[] };
    expect(sent.invoiceItems[1]).toEqual(
      expect.objectContaining({ kind: 'item', itemId: AMOXICILLIN.id, description: 'Amoxicillin 250 mg', quantity: 10, unitPrice: 150, taxCodeId: TAX.id, serviceId: null, addOnId: null }),
    );
  });
});
