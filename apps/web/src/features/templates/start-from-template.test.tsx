import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Document, EmailTemplate, Invoice } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { MessageComposer } from '../communications/message-composer';
import { DocumentEmailDialog } from '../documents/document-email-dialog';
import { EmailInvoiceDialog } from '../invoices/email-invoice-dialog';

const CLIENT = '22222222-2222-4222-8222-222222222222';
const PATIENT = '33333333-3333-4333-8333-333333333333';
const INVOICE = '44444444-4444-4444-8444-444444444444';
const DOCUMENT: Document = {
  id: '66666666-6666-4666-8666-666666666666',
  clientId: CLIENT,
  patientId: PATIENT,
  contactId: null,
  fileName: 'certificate.pdf',
  contentType: 'application/pdf',
  sizeBytes: 2048,
  description: 'Memorial certificate',
  uploadedBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const TEMPLATE: EmailTemplate = {
  id: '55555555-5555-4555-8555-555555555555',
  locationId: NEW_YORK.id,
  name: 'Aftercare follow-up',
  subject: 'Thinking of you and {{ patient.name }}',
  body: 'Dear {{ client.firstName }}',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const FILLED = { subject: 'Thinking of you and Biscuit', body: 'Dear <i>Maria</i>' };
const READY = { email: { ready: true, reason: null, to: 'maria@example.com' }, sms: { ready: false, reason: 'x', to: null } };

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
async function pick() {
  const button = await screen.findByRole('button', { name: 'Start from template' });
  // enabled once the location the email goes out from is known
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
  fireEvent.click(await screen.findByRole('menuitem', { name: /Aftercare follow-up/ }));
}

describe('Start from template', () => {
  let calls: Call[];
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    calls = fakeServer((call) => {
      if (call.path === '/api/emailTemplate') return { body: [TEMPLATE] };
      if (call.path === `/api/emailTemplate/${TEMPLATE.id}/render`) return { body: FILLED };
      if (call.path === '/api/communications/channels') return { body: READY };
      if (call.path === `/api/client/${CLIENT}`) return { body: { id: CLIENT, locationId: NEW_YORK.id, firstName: 'Maria', lastName: 'Alvarez' } };
      if (call.path === `/api/invoice/${INVOICE}` && call.method === 'GET')
        return { body: { id: INVOICE, locationId: NEW_YORK.id, clientId: CLIENT, patientId: PATIENT } as Partial<Invoice> };
      if (call.path === `/api/invoice/${INVOICE}/email`) return { body: { ok: true, message: 'Email sent' } };
      if (call.path === '/api/pdf/sendPDF') return { body: { message: 'Email sent', messageId: 'm1', to: 'maria@example.com' } };
      if (call.path === '/api/communications/email') return { status: 500, body: { error: { message: 'not under test' } } };
      return undefined;
    });
  });
  afterEach(resetAll);

  it('fills an empty email from the client page at once, with the location’s templates, merged by the server', async () => {
    renderPage(<MessageComposer open channel="email" clientId={CLIENT} clientName="Maria Alvarez" channels={READY} locationId={NEW_YORK.id} onClose={onClose} />);
    await pick();
    await waitFor(() => expect(field('Subject').value).toBe(FILLED.subject));
    expect(field('Message').value).toBe(FILLED.body);
    expect(calls.find((c) => c.path === '/api/emailTemplate')!.query.get('locationId')).toBe(NEW_YORK.id);
    expect(calls.find((c) => c.path.endsWith('/render'))?.body).toEqual({ data: { clientId: CLIENT } });
    // merged values are text in the field, never markup on the page
    expect(document.querySelector('i')).toBeNull();
  });

  it('asks before replacing what the person wrote, and keeps it when they cancel', async () => {
    renderPage(<MessageComposer open channel="email" clientId={CLIENT} clientName="Maria Alvarez" channels={READY} locationId={NEW_YORK.id} onClose={onClose} />);
    type('Message', 'My own words');
    await pick();
    const ask = await screen.findByRole('dialog', { name: 'Replace what you wrote?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Replace what you wrote?' })).toBeNull());
    expect(field('Message').value).toBe('My own words');
    expect(calls.some((c) => c.path.endsWith('/render'))).toBe(false);
    await pick();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Replace what you wrote?' })).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(field('Message').value).toBe(FILLED.body));
    expect(field('Subject').value).toBe(FILLED.subject);
  });

  it('emails a document with the subject and message filled from the template, merged with its client and patient', async () => {
    renderPage(<DocumentEmailDialog document={DOCUMENT} onClose={onClose} />);
    await waitFor(() => expect(field('To').value).toBe('maria@example.com'));
    await pick();
    await waitFor(() => expect(field('Subject').value).toBe(FILLED.subject));
    expect(calls.find((c) => c.path.endsWith('/render'))?.body).toEqual({ data: { clientId: CLIENT, patientId: PATIENT } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/pdf/sendPDF')?.body).toEqual({
      data: { documentId: DOCUMENT.id, to: 'maria@example.com', subject: FILLED.subject, message: FILLED.body },
    });
  });

  it('emails an invoice with the text filled from the template, merged with the invoice', async () => {
    renderPage(<EmailInvoiceDialog invoiceId={INVOICE} onClose={onClose} />);
    await pick();
    await waitFor(() => expect(field('Subject').value).toBe(FILLED.subject));
    expect(calls.find((c) => c.path.endsWith('/render'))?.body).toEqual({ data: { clientId: CLIENT, patientId: PATIENT, invoiceId: INVOICE } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === `/api/invoice/${INVOICE}/email`)?.body).toEqual({ data: { emailTemplateId: null, subject: FILLED.subject, message: FILLED.body } });
  });
});
