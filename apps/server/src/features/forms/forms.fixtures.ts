// Test setup the forms tests share: a consent form, sending it, and the public page's calls.
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { Client, TestAccount, TestContext } from '../../../test/harness.js';

/** A 1×1 PNG as the signature pad would send it. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const consentFields: api.FormTemplateInput['fields'] = [
  { key: 'fullName', type: 'text', label: 'Your full name', required: true },
  { key: 'cremation', type: 'choice', label: 'Cremation', required: true, options: ['Private', 'Partitioned', 'Communal'] },
  { key: 'ashesReturned', type: 'checkbox', label: 'Return the ashes' },
  { key: 'notes', type: 'longText', label: 'Anything we should know' },
  { key: 'consent', type: 'consent', label: 'Consent', required: true, text: 'I, {{ client.fullName }}, consent to the euthanasia of {{ patient.name }}.' },
  { key: 'signature', type: 'signature', label: 'Signature', required: true },
];

export const goodAnswers = (extra: Record<string, unknown> = {}) => ({
  fullName: 'Maria Alvarez',
  cremation: 'Private',
  ashesReturned: true,
  consent: true,
  signature: SIGNATURE_PNG,
  ...extra,
});

export async function createFormTemplate(t: TestAccount, extra: Partial<api.FormTemplateInput> = {}, caller: Client = t.admin): Promise<api.FormTemplate> {
  const res = await caller.call(api.formTemplateOps.create, {
    body: { formTemplateData: { locationId: t.locationId, name: 'Euthanasia consent', purpose: 'euthanasia_consent', fields: consentFields, ...extra } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.FormTemplate;
}

export async function sendForm(caller: Client, data: api.FormRequestInput): Promise<api.FormRequestCreated> {
  const res = await caller.call(api.createFormRequest, { body: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.FormRequestCreated;
}

/** What a form link names: its account, its request and its secret. */
export function linkParts(url: string): { accountId: string; requestId: string; t: string } {
  const u = new URL(url);
  const [, form, accountId, requestId] = u.pathname.split('/');
  expect(form).toBe('form');
  return { accountId: accountId!, requestId: requestId!, t: u.searchParams.get('t')! };
}

let nextIp = 1;
/** A fresh client IP, so the public page's rate limits belong to the test that means them. */
export const freshIp = () => `198.51.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

export function openForm(ctx: TestContext, url: string, opts: { t?: string; ip?: string } = {}) {
  const { accountId, requestId, t } = linkParts(url);
  return ctx.app.inject({
    method: 'GET',
    url: api.buildPath(api.getPublicForm.path, { accountId, requestId }),
    query: { t: opts.t ?? t },
    remoteAddress: opts.ip ?? freshIp(),
  });
}

export function submitForm(
  ctx: TestContext,
  url: string,
  data: Partial<api.PublicFormSubmission> & { answers: Record<string, unknown> },
  opts: { ip?: string; userAgent?: string } = {},
) {
  const { accountId, requestId, t } = linkParts(url);
  return ctx.app.inject({
    method: 'POST',
    url: api.buildPath(api.submitPublicForm.path, { accountId, requestId }),
    payload: { data: { t, signerName: 'Maria Alvarez', ...data } },
    remoteAddress: opts.ip ?? freshIp(),
    headers: { 'user-agent': opts.userAgent ?? 'Mozilla/5.0 (iPhone) Test' },
  });
}
