// The templates feature's fixtures for the route table test (test/route-fixtures.ts), and the
// template bodies the test's requests are built from.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';

/** The fields a template of each kind needs besides its location and name. */
export const templateFields = {
  email: { subject: 'Hello {{ client.firstName }}', body: 'Dear {{ client.firstName }}' },
  sms: { type: 'general', body: 'Hi {{ client.firstName }}' },
  note: { body: '{{ patient.name }} was calm' },
  pdf: {},
  document: { body: '# {{ patient.name }}' },
  invoice: {},
} as const;
export type TemplateOpsKind = keyof typeof templateFields;
/** A create or update body of a template kind, under its named wrapper (and with items for an invoice). */
export const templateBody = (kind: TemplateOpsKind, data: Record<string, unknown>, items?: unknown[]) => {
  const ops = api.TEMPLATE_OPS[kind];
  return { [ops.body.data]: data, ...(ops.body.items && items ? { [ops.body.items]: items } : {}) };
};
export async function makeTemplate(t: TestAccount, kind: TemplateOpsKind): Promise<string> {
  const res = await t.admin.call(api.TEMPLATE_OPS[kind].create!, {
    body: templateBody(kind, { locationId: t.locationId, name: `Template ${randomUUID().slice(0, 8)}`, ...templateFields[kind] }, []),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

export const routeFixtures: RouteFixtures = {
  '/api/emailTemplate/{id}': (t) => makeTemplate(t, 'email'),
  '/api/smsTemplate/{id}': (t) => makeTemplate(t, 'sms'),
  '/api/noteTemplate/{id}': (t) => makeTemplate(t, 'note'),
  '/api/pdfTemplate/{id}': (t) => makeTemplate(t, 'pdf'),
  '/api/documentTemplate/{id}': (t) => makeTemplate(t, 'document'),
  '/api/invoiceTemplate/{id}': (t) => makeTemplate(t, 'invoice'),
  '/api/emailTemplate/{id}/render': (t) => makeTemplate(t, 'email'),
  '/api/smsTemplate/{id}/render': (t) => makeTemplate(t, 'sms'),
  '/api/documentTemplate/{id}/generate': (t) => makeTemplate(t, 'document'),
};
