import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PdfTemplate, TemplatePreview } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { TemplateFormDialog } from './template-form-dialog';

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement | HTMLTextAreaElement;
const typeInto = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });

const LETTERHEAD: PdfTemplate = {
  id: '55555555-5555-4555-8555-555555555555',
  locationId: NEW_YORK.id,
  name: 'Letterhead',
  pageSize: 'A4',
  orientation: 'portrait',
  header: '**{{ location.name }}**',
  footer: '',
  showLogo: true,
  showPageNumbers: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const emptyPreview: TemplatePreview = { parts: {}, problems: [], smsSegments: null };

describe('template editors', () => {
  let calls: Call[];
  let answer: (call: Call) => Answer | undefined;
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    answer = () => undefined;
    calls = fakeServer((call) => answer(call) ?? (call.path === '/api/template/preview' ? { body: emptyPreview } : undefined));
  });
  afterEach(resetAll);

  it('inserts the chosen merge field at the caret of the field used last, and sends the email wrapped as the contract names it', async () => {
    answer = (call) => (call.method === 'POST' && call.path === '/api/emailTemplate' ? { status: 201, body: { id: 'x' } } : undefined);
    renderPage(<TemplateFormDialog kind="email" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    typeInto('Name', 'Reminder');
    typeInto('Subject', 'See you soon');
    typeInto('Body', 'Dear ,\nSee you tomorrow.');
    const body = textbox('Body');
    fireEvent.focus(body);
    body.setSelectionRange(5, 5);
    fireEvent.click(screen.getByRole('button', { name: 'Insert field' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Client: First name' }));
    expect(textbox('Body').value).toBe('Dear {{ client.firstName }},\nSee you tomorrow.');
    // The focus goes back to the body on the next frame, the caret after the tag: wait for it, or
    // it would land after the subject is focused below and take the next field.
    await waitFor(() => expect(document.activeElement).toBe(textbox('Body')));
    expect((textbox('Body') as HTMLTextAreaElement).selectionStart).toBe(5 + '{{ client.firstName }}'.length);

    // The subject used last: the next field goes there, at its end.
    const subject = textbox('Subject');
    fireEvent.focus(subject);
    subject.setSelectionRange(12, 12);
    fireEvent.click(screen.getByRole('button', { name: 'Insert field' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Patient: Name' }));
    expect(textbox('Subject').value).toBe('See you soon{{ patient.name }}');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/emailTemplate')?.body).toEqual({
      emailTemplateData: {
        locationId: NEW_YORK.id,
        name: 'Reminder',
        subject: 'See you soon{{ patient.name }}',
        body: 'Dear {{ client.firstName }},\nSee you tomorrow.',
      },
    });
    expect(await screen.findByText('Template created')).toBeTruthy();
  });

  it('shows the preview with sample data, and its problems under their field with their line', async () => {
    answer = (call) => {
      if (call.path !== '/api/template/preview') return undefined;
      const { parts } = (call.body as { data: { parts: Record<string, string> } }).data;
      const problems = parts.body?.includes('nickname') ? [{ part: 'body', line: 2, message: 'unknown merge field client.nickname' }] : [];
      return { body: { parts: { subject: 'Hello Maria', body: 'x', bodyHtml: '<p>Hi <strong>Maria</strong></p>' }, problems, smsSegments: null } };
    };
    renderPage(<TemplateFormDialog kind="email" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    typeInto('Subject', 'Hello {{ client.firstName }}');
    typeInto('Body', 'Hi\n{{ client.nickname }}');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Hello Maria')).toBeTruthy();
    // The HTML is shown in a sandboxed frame, never put into the page itself.
    const frame = within(preview).getByTitle('Body preview') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<strong>Maria</strong>');
    expect(preview.querySelector('strong')).toBeNull();
    expect(await screen.findByText('Line 2: unknown merge field client.nickname')).toBeTruthy();
    const sent = calls.filter((c) => c.path === '/api/template/preview').at(-1)?.body as { data: unknown };
    expect(sent.data).toEqual({ kind: 'email', parts: { subject: 'Hello {{ client.firstName }}', body: 'Hi\n{{ client.nickname }}' } });
  });

  it('shows a part the preview refuses as over the limits under its field, with its line', async () => {
    answer = (call) => {
      if (call.path !== '/api/template/preview') return undefined;
      const { parts } = (call.body as { data: { parts: Record<string, string> } }).data;
      return parts.body?.includes('for')
        ? { status: 422, body: { error: { message: 'parts.body: line 2: the template repeats too much' } } }
        : { body: emptyPreview };
    };
    renderPage(<TemplateFormDialog kind="email" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    typeInto('Subject', 'Hi');
    typeInto('Body', 'Hi\n{% for a in xs %}{% for b in xs %}{% endfor %}{% endfor %}');
    expect(await screen.findByText('Line 2: the template repeats too much')).toBeTruthy();
    expect(textbox('Body').value).toContain('{% for a in xs %}');
  });

  it("puts the server's refusal under the field it names, keeps what was typed, and toasts the contract's words", async () => {
    answer = (call) =>
      call.method === 'POST' && call.path === '/api/emailTemplate'
        ? { status: 400, body: { error: { message: 'emailTemplateData.body: line 1: unknown merge field client.age' } } }
        : undefined;
    renderPage(<TemplateFormDialog kind="email" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    typeInto('Name', 'Age note');
    typeInto('Subject', 'Hi');
    typeInto('Body', '{{ client.age }}');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('line 1: unknown merge field client.age')).toBeTruthy();
    expect(await screen.findByText('Error creating template')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(textbox('Body').value).toBe('{{ client.age }}');
  });

  it('checks the fields before sending: each error under its field', async () => {
    renderPage(<TemplateFormDialog kind="email" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/emailTemplate')).toBe(false);
  });

  it('counts an SMS as it is typed and says the limit once it is passed', async () => {
    renderPage(<TemplateFormDialog kind="sms" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    typeInto('Message', 'Hello {{ client.firstName }}');
    expect(screen.getByText('28 / 999 characters · 1 segment (GSM-7)')).toBeTruthy();
    typeInto('Message', 'a'.repeat(161));
    expect(screen.getByText('161 / 999 characters · 2 segments (GSM-7)')).toBeTruthy();
    typeInto('Message', 'ł'.repeat(1000));
    expect(screen.getByText(/^Message must be less than 1000 characters \(1000 \/ 999 characters · 15 segments \(UCS-2\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getAllByText(/Message must be less than 1000 characters/).length).toBeGreaterThan(0));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/smsTemplate')).toBe(false);
  });

  it('sends invoice lines typed in dollars as integer cents, in the order shown, with the total', async () => {
    answer = (call) => {
      if (call.path === '/api/pdfTemplate') return { body: [] };
      if (call.method === 'POST' && call.path === '/api/invoiceTemplate') return { status: 201, body: { id: 'x' } };
      return undefined;
    };
    renderPage(<TemplateFormDialog kind="invoice" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    typeInto('Name', 'Home euthanasia package');
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    typeInto('Item 1 description', 'Paw print');
    typeInto('Item 1 quantity', '2');
    typeInto('Item 1 unit price', '45.50');
    typeInto('Item 2 description', 'Home euthanasia');
    typeInto('Item 2 unit price', '$495');
    fireEvent.click(screen.getByRole('button', { name: 'Move item 2 up' }));
    expect(screen.getByText(/^Total: /).textContent).toMatch(/586\.00/);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/invoiceTemplate')?.body).toEqual({
      invoiceTemplateData: { locationId: NEW_YORK.id, name: 'Home euthanasia package', notes: '', pdfTemplateId: null },
      invoiceTemplateItems: [
        { description: 'Home euthanasia', quantity: 1, unitPrice: 49500, serviceId: null, addOnId: null },
        { description: 'Paw print', quantity: 2, unitPrice: 4550, serviceId: null, addOnId: null },
      ],
    });
  });

  it('shows a line price that is not whole cents under its field', async () => {
    answer = (call) => (call.path === '/api/pdfTemplate' ? { body: [] } : undefined);
    renderPage(<TemplateFormDialog kind="invoice" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    typeInto('Name', 'Package');
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    typeInto('Item 1 description', 'Paw print');
    typeInto('Item 1 unit price', '45.555');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field must be whole cents.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/invoiceTemplate')).toBe(false);
  });

  it("prints a document on one of the location's PDF pages", async () => {
    answer = (call) => {
      if (call.path === '/api/pdfTemplate') return { body: [LETTERHEAD] };
      if (call.method === 'POST' && call.path === '/api/documentTemplate') return { status: 201, body: { id: 'x' } };
      return undefined;
    };
    renderPage(<TemplateFormDialog kind="document" open template={null} locationId={NEW_YORK.id} onClose={onClose} />);
    typeInto('Name', 'Certificate');
    typeInto('Body', '# Certificate of cremation\n{{ patient.name }}');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /PDF page/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Letterhead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/documentTemplate')?.body).toEqual({
      documentTemplateData: { locationId: NEW_YORK.id, name: 'Certificate', body: '# Certificate of cremation\n{{ patient.name }}', pdfTemplateId: LETTERHEAD.id },
    });
  });

  it('edits a PDF page: its settings come back, and the update keeps its location', async () => {
    answer = (call) => (call.method === 'POST' && call.path === `/api/pdfTemplate/${LETTERHEAD.id}` ? { body: LETTERHEAD } : undefined);
    renderPage(<TemplateFormDialog kind="pdf" open template={LETTERHEAD} locationId={NEW_YORK.id} onClose={onClose} />);
    expect(textbox('Header').value).toBe('**{{ location.name }}**');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Orientation/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Landscape' }));
    fireEvent.click(screen.getByLabelText('Page numbers'));
    typeInto('Footer', 'Page footer {{ today.date }}');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === `/api/pdfTemplate/${LETTERHEAD.id}`)?.body).toEqual({
      pdfTemplateData: {
        name: 'Letterhead',
        pageSize: 'A4',
        orientation: 'landscape',
        header: '**{{ location.name }}**',
        footer: 'Page footer {{ today.date }}',
        showLogo: true,
        showPageNumbers: false,
      },
    });
    expect(await screen.findByText('Template updated')).toBeTruthy();
  });
});
