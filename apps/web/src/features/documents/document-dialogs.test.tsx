import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INTEGRATION_MESSAGES } from '@willow/contracts';
import type { Document } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { DocumentEmailDialog } from './document-email-dialog';
import { DocumentGenerateDialog } from './document-generate-dialog';

const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
const PATIENT_ID = '22222222-2222-4222-8222-222222222222';
const TEMPLATE_ID = '33333333-3333-4333-8333-333333333333';
const DOCUMENT: Document = {
  id: '44444444-4444-4444-8444-444444444444',
  clientId: CLIENT_ID,
  patientId: null,
  contactId: null,
  fileName: 'aftercare.pdf',
  contentType: 'application/pdf',
  sizeBytes: 2048,
  description: null,
  uploadedBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const channels = (to: string | null, reason: string | null = null) => ({
  body: { email: { ready: reason === null && to !== null, reason, to }, sms: { ready: false, reason: 'x', to: null } },
});
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('Email document dialog', () => {
  let calls: Call[];
  const onClose = vi.fn();
  let sendAnswer: Answer;
  let emailTo: string | null;
  let reason: string | null;
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    emailTo = 'cora@example.com';
    reason = null;
    sendAnswer = { body: { message: 'Email sent', messageId: 'm1', to: 'cora@example.com' } };
    calls = fakeServer((call) => {
      if (call.path === '/api/communications/channels') return channels(emailTo, reason);
      if (call.method === 'POST' && call.path === '/api/pdf/sendPDF') return sendAnswer;
      return undefined;
    });
  });
  afterEach(resetAll);

  it("sends to the client's address by default and says 'Email sent'", async () => {
    renderPage(<DocumentEmailDialog document={DOCUMENT} onClose={onClose} />);
    await waitFor(() => expect(field('To').value).toBe('cora@example.com'));
    expect(screen.getByText('aftercare.pdf is sent as an attachment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/pdf/sendPDF')?.body).toEqual({ data: { documentId: DOCUMENT.id, to: 'cora@example.com' } });
    expect(await screen.findByText('Email sent')).toBeTruthy();
  });

  it('sends the address, subject and message typed', async () => {
    renderPage(<DocumentEmailDialog document={DOCUMENT} onClose={onClose} />);
    await waitFor(() => expect(field('To').value).toBe('cora@example.com'));
    type('To', 'vet@referral.example');
    type('Subject', 'Referral');
    type('Message', 'Here it is.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/pdf/sendPDF')?.body).toEqual({
      data: { documentId: DOCUMENT.id, to: 'vet@referral.example', subject: 'Referral', message: 'Here it is.' },
    });
  });

  it('shows a bad address under its field without sending', async () => {
    renderPage(<DocumentEmailDialog document={DOCUMENT} onClose={onClose} />);
    await waitFor(() => expect(field('To').value).toBe('cora@example.com'));
    type('To', 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/must be a valid email address/i)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/pdf/sendPDF')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a refusal toasts 'Error sending email' with the server's reason and keeps the dialog open", async () => {
    reason = INTEGRATION_MESSAGES.emailNotSetUp;
    sendAnswer = { status: 409, body: { error: { message: INTEGRATION_MESSAGES.emailNotSetUp } } };
    renderPage(<DocumentEmailDialog document={DOCUMENT} onClose={onClose} />);
    // told before sending
    expect(await screen.findByText(INTEGRATION_MESSAGES.emailNotSetUp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Error sending email')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a client without an address: the server's word goes under To", async () => {
    emailTo = null;
    sendAnswer = { status: 400, body: { error: { message: 'to: This client has no email address: enter the address to send to' } } };
    renderPage(<DocumentEmailDialog document={DOCUMENT} onClose={onClose} />);
    expect(await screen.findByText('The client has no email address on file: enter one')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // under the field (and in the toast)
    await waitFor(() => {
      const helper = window.document.getElementById(field('To').getAttribute('aria-describedby') ?? '');
      expect(helper?.textContent).toMatch(/enter the address to send to/);
    });
    expect(calls.find((c) => c.path === '/api/pdf/sendPDF')?.body).toEqual({ data: { documentId: DOCUMENT.id } });
  });
});

describe('Create document from template dialog', () => {
  let calls: Call[];
  const onClose = vi.fn();
  let templates: unknown[];
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    templates = [{ id: TEMPLATE_ID, locationId: NEW_YORK.id, name: 'Aftercare letter', body: 'x', pdfTemplateId: null }];
    calls = fakeServer((call) => {
      if (call.path === `/api/client/${CLIENT_ID}`) return { body: { id: CLIENT_ID, locationId: NEW_YORK.id, firstName: 'Cora', lastName: 'Owner' } };
      if (call.path === '/api/documentTemplate') return { body: templates };
      if (call.path === '/api/patient') return { body: { items: [{ id: PATIENT_ID, name: 'Biscuit', deceasedOn: null }], total: 1 } };
      if (call.method === 'POST' && call.path === `/api/documentTemplate/${TEMPLATE_ID}/generate`)
        return { status: 201, body: { ...DOCUMENT, fileName: 'Aftercare letter - Cora Owner.pdf' } };
      return undefined;
    });
  });
  afterEach(resetAll);

  const choose = async (label: RegExp, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };

  it("lists the client's location's templates, sends the template and patient chosen, and names the new document", async () => {
    renderPage(<DocumentGenerateDialog open clientId={CLIENT_ID} onClose={onClose} />);
    await choose(/Template/, 'Aftercare letter');
    await choose(/Patient/, 'Biscuit');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/documentTemplate')?.query.get('locationId')).toBe(NEW_YORK.id);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ data: { clientId: CLIENT_ID, patientId: PATIENT_ID } });
    expect(await screen.findByText('Aftercare letter - Cora Owner.pdf created')).toBeTruthy();
  });

  it("on a patient's page the document is that patient's", async () => {
    renderPage(<DocumentGenerateDialog open clientId={CLIENT_ID} patientId={PATIENT_ID} onClose={onClose} />);
    await choose(/Template/, 'Aftercare letter');
    expect(screen.queryByRole('combobox', { name: /Patient/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ data: { clientId: CLIENT_ID, patientId: PATIENT_ID } });
  });

  it('asks for a template before sending, and says when the location has none', async () => {
    templates = [];
    renderPage(<DocumentGenerateDialog open clientId={CLIENT_ID} onClose={onClose} />);
    expect(await screen.findByText(/This location has no document templates yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose a template')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
