import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { FORM_MESSAGES, FormField, formSchemaOf, MESSAGES } from '@willow/contracts';
import type { PublicForm } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import PublicFormPage from './public-form-page';

const ACCOUNT = '22222222-2222-4222-8222-222222222222';
const REQUEST = '33333333-3333-4333-8333-333333333333';
const PATH = `/api/publicForm/${ACCOUNT}/${REQUEST}`;

const fields = [
  FormField.parse({ key: 'cremation', type: 'choice', label: 'Cremation', required: true, options: ['Private', 'Communal'] }),
  FormField.parse({ key: 'consent', type: 'consent', label: 'I agree', required: true, text: 'I consent to the euthanasia of Biscuit.' }),
];
const form: PublicForm = {
  formName: 'Euthanasia consent',
  description: 'Please read carefully.',
  purpose: 'euthanasia_consent',
  fields,
  ...formSchemaOf(fields),
  locationName: 'Main Street Clinic',
  practiceName: 'Willow Vets',
  clientName: 'Maria Lopez',
  patientName: 'Biscuit',
  needsSignerName: false,
  expiresAt: '2026-12-08T12:00:00.000Z',
  versionHash: 'f'.repeat(64),
};

const open = (t = 'secret') => renderPage(<PublicFormPage />, { path: `/form/${ACCOUNT}/${REQUEST}?t=${t}`, pattern: '/form/:accountId/:requestId' });

describe('the public form page', () => {
  beforeEach(stubMatchMedia);
  afterEach(resetAll);

  it('a consent starts unticked and must be given; the answers go once, then it thanks', async () => {
    const calls = fakeServer((call) => {
      if (call.path === PATH && call.method === 'GET') return { body: form };
      if (call.path === PATH && call.method === 'POST') return { status: 201, body: { ok: true } };
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Euthanasia consent' })).toBeTruthy();
    expect(calls[0]!.query.get('t')).toBe('secret');
    expect(screen.getByText('I consent to the euthanasia of Biscuit.')).toBeTruthy();
    const consent = screen.getByRole('checkbox', { name: /I agree/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Private' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please tick the box to give your consent')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(FORM_MESSAGES.thankYou)).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ data: { t: 'secret', answers: { cremation: 'Private', consent: true }, versionHash: 'f'.repeat(64) } });
  });

  it('a refused submission says so and keeps the answers', async () => {
    fakeServer((call) => {
      if (call.path === PATH && call.method === 'GET') return { body: form };
      if (call.path === PATH && call.method === 'POST') return { status: 400, body: { error: { message: FORM_MESSAGES.submitRefused } } };
    });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Communal' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FORM_MESSAGES.submitRefused);
    expect((screen.getByRole('radio', { name: 'Communal' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a signature the server could not read says so, the answers kept', async () => {
    fakeServer((call) => {
      if (call.path === PATH && call.method === 'GET') return { body: form };
      if (call.path === PATH && call.method === 'POST') return { status: 400, body: { error: { message: FORM_MESSAGES.signatureUnreadable } } };
    });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Private' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FORM_MESSAGES.signatureUnreadable);
    expect((screen.getByRole('radio', { name: 'Private' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks the signer’s name when the form has a signature', async () => {
    const signed = { ...form, needsSignerName: true };
    const calls = fakeServer((call) => (call.path === PATH && call.method === 'GET' ? { body: signed } : undefined));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please type your full name')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: /Your full name/ }) as HTMLInputElement;
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // A name field: no '&' (SPEC §5), said under the field, what was typed kept.
    fireEvent.change(name, { target: { value: 'Maria & Tom Lopez' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.ampersand)).toBeTruthy();
    expect(name.value).toBe('Maria & Tom Lopez');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a used, expired or wrong link says so clearly', async () => {
    fakeServer((call) => (call.path === PATH ? { status: 404, body: { error: { message: FORM_MESSAGES.linkInvalid } } } : undefined));
    open();
    expect(await screen.findByRole('heading', { name: 'This form cannot be opened' })).toBeTruthy();
    expect(screen.getByText(FORM_MESSAGES.linkInvalid)).toBeTruthy();
  });

  it('a link without its secret is not even asked about', async () => {
    const calls = fakeServer(() => undefined);
    renderPage(<PublicFormPage />, { path: `/form/${ACCOUNT}/${REQUEST}`, pattern: '/form/:accountId/:requestId' });
    expect(await screen.findByText(FORM_MESSAGES.linkInvalid)).toBeTruthy();
    await vi.waitFor(() => expect(calls).toHaveLength(0));
  });
});
