// The forms feature's fixtures for the route table test (test/route-fixtures.ts).
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import { anonymous, type TestAccount, type TestContext } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { makeClient } from '../clients/clients.route-fixtures.js';

export const FORM_FIELDS = [{ key: 'name', type: 'text', label: 'Your name', required: true }];

export async function makeFormTemplate(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.formTemplateOps.create, { body: { formTemplateData: { locationId: t.locationId, name: 'Intake', fields: FORM_FIELDS } } });
  return res.json().id;
}
/** A form sent to a client on a clinic device and submitted there. */
export async function makeFormSubmission(t: TestAccount, ctx: TestContext): Promise<string> {
  const clientId = await makeClient(t);
  const request = (
    await t.admin.call(api.createFormRequest, { body: { data: { formTemplateId: await makeFormTemplate(t), clientId, channel: 'device' } } })
  ).json() as api.FormRequestCreated;
  const link = new URL(request.url);
  const [, , accountId, requestId] = link.pathname.split('/');
  const sent = await anonymous(ctx).call(api.submitPublicForm, {
    params: { accountId: accountId!, requestId: requestId! },
    body: { data: { t: link.searchParams.get('t'), answers: { name: 'Cora' } } },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const listed = await t.admin.call(api.listFormRequests, { query: { clientId } });
  return listed.json()[0].submissionId;
}

export const routeFixtures: RouteFixtures = {
  '/api/formTemplate/{id}': (t) => makeFormTemplate(t),
  '/api/formSubmission/{id}': (t, ctx) => makeFormSubmission(t, ctx),
  '/api/formSubmission/{id}/choices': (t, ctx) => makeFormSubmission(t, ctx),
  '/api/formSubmission/{id}/acceptChoices': (t, ctx) => makeFormSubmission(t, ctx),
};
