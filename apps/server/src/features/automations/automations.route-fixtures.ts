// The automations feature's fixtures for the route table test (test/route-fixtures.ts): an
// automation of each kind, a waiting item of each queue, and the valid requests its id fields are
// tried on (test/route-table.test.ts).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { TestAccount, TestContext } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { makeTemplate } from '../templates/templates.route-fixtures.js';
import { automationItemsRepository } from './automation-items.repository.js';

const OPS = { email: api.emailAutomationOps, sms: api.smsAutomationOps, task: api.taskAutomationOps } as const;
const WRAPPER = { email: 'emailAutomationData', sms: 'smsAutomationData', task: 'taskAutomationData' } as const;
type Kind = keyof typeof OPS;

/** An automation of the kind at the account's first location (a death's: no time of day to give). */
export async function makeAutomation(t: TestAccount, kind: Kind, data: Record<string, unknown> = {}): Promise<string> {
  const action =
    kind === 'email' ? { emailTemplateId: await makeTemplate(t, 'email') } : kind === 'sms' ? { smsTemplateId: await makeTemplate(t, 'sms') } : { taskTitle: 'Call the family' };
  const res = await t.admin.call(OPS[kind].create!, {
    body: { [WRAPPER[kind]]: { name: `Automation ${randomUUID().slice(0, 8)}`, locationId: t.locationId, trigger: 'patientDied', ...action, ...data } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** A waiting (pending) item of the kind's queue, as a firing would have made it, about a new client. */
export async function makeQueueItem(t: TestAccount, ctx: TestContext, kind: Kind, status: 'pending' | 'scheduled' = 'pending'): Promise<string> {
  const automationId = await makeAutomation(t, kind);
  const client = await t.admin.call(api.createClient, { body: { data: { locationId: t.locationId, firstName: 'Quin', lastName: 'Queue', email: `q-${randomUUID().slice(0, 8)}@example.com` } } });
  const [row] = await automationItemsRepository.insertItems(ctx.database.db, t, [
    {
      kind,
      automationId,
      locationId: t.locationId,
      trigger: 'patientDied',
      occurrenceKey: `fixture:${randomUUID()}`,
      status,
      dueAt: new Date(),
      clientId: client.json().id,
      ...(kind === 'task' ? { title: 'Call the family' } : { toAddress: 'owner@example.com', subject: 'Thinking of you', body: 'Dear Quin' }),
    },
  ]);
  return row!.id;
}

export const routeFixtures: RouteFixtures = {
  '/api/emailAutomation/{id}': (t) => makeAutomation(t, 'email'),
  '/api/smsAutomation/{id}': (t) => makeAutomation(t, 'sms'),
  '/api/taskAutomation/{id}': (t) => makeAutomation(t, 'task'),
  '/api/emailAutomationQueueItem/{id}': (t, ctx) => makeQueueItem(t, ctx, 'email'),
  '/api/emailAutomationQueueItem/{id}/send': (t, ctx) => makeQueueItem(t, ctx, 'email'),
  '/api/smsAutomationQueueItem/{id}': (t, ctx) => makeQueueItem(t, ctx, 'sms'),
  '/api/smsAutomationQueueItem/{id}/send': (t, ctx) => makeQueueItem(t, ctx, 'sms'),
  '/api/taskAutomationQueueItem/{id}': (t, ctx) => makeQueueItem(t, ctx, 'task'),
  '/api/taskAutomationQueueItem/{id}/trigger': (t, ctx) => makeQueueItem(t, ctx, 'task'),
};

type World = { location: string; service: string; emailTemplate: string; smsTemplate: string };
/** Each kind's create and update, its ids (location, services, template) from the world; a task's assignee is tried alone. */
export function automationBaseRequests() {
  const requests: Record<string, (w: World, t: TestAccount) => Promise<{ params?: Record<string, string>; body: Record<string, unknown> }>> = {};
  for (const kind of Object.keys(OPS) as Kind[]) {
    const data = (w: World) => ({
      name: `Reminder ${randomUUID().slice(0, 8)}`,
      locationId: w.location,
      trigger: 'appointmentCreated',
      serviceIds: [w.service],
      ...(kind === 'email' ? { emailTemplateId: w.emailTemplate } : kind === 'sms' ? { smsTemplateId: w.smsTemplate } : { taskTitle: 'Call back' }),
    });
    requests[`POST ${OPS[kind].create!.path}`] = async (w) => ({ body: { [WRAPPER[kind]]: data(w) } });
    requests[`POST ${OPS[kind].update!.path}`] = async (w, t) => ({ params: { id: await makeAutomation(t, kind) }, body: { [WRAPPER[kind]]: data(w) } });
  }
  return requests;
}
