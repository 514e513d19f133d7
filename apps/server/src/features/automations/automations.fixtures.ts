// Test setup the automations' tests share: automations made through the API, and queue items
// written as a firing writes them (the firing itself is tested with the triggers).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { Client, TestAccount, TestContext } from '../../../test/harness.js';
import { automationItemsRepository, type ItemRow, type NewItemRow } from './automation-items.repository.js';
import { automationsRepository, type AutomationRow } from './automations.repository.js';

export const AUTOMATION_OPS = { email: api.emailAutomationOps, sms: api.smsAutomationOps, task: api.taskAutomationOps } as const;
export const QUEUE_OPS = { email: api.emailQueueItemOps, sms: api.smsQueueItemOps, task: api.taskQueueItemOps } as const;
export const WRAPPERS = { email: 'emailAutomationData', sms: 'smsAutomationData', task: 'taskAutomationData' } as const;
export type Kind = keyof typeof AUTOMATION_OPS;

/** An email or SMS template of the account's first location, by the admin. */
export async function newTemplate(t: TestAccount, kind: 'email' | 'sms', body: string, subject = 'News of {{ patient.name }}'): Promise<string> {
  const ops = api.TEMPLATE_OPS[kind];
  const data = { locationId: t.locationId, name: `Template ${randomUUID().slice(0, 8)}`, body, ...(kind === 'email' ? { subject } : { type: 'general' }) };
  const res = await t.admin.call(ops.create!, { body: { [ops.body.data]: data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Creates an automation through the API (the call's answer, to check). */
export function createAutomation(caller: Client, kind: Kind, data: Record<string, unknown>) {
  return caller.call(AUTOMATION_OPS[kind].create!, { body: { [WRAPPERS[kind]]: data } });
}

/** An automation of the kind made by the admin; its row. */
export async function newAutomation(ctx: TestContext, t: TestAccount, kind: Kind, data: Record<string, unknown> = {}): Promise<AutomationRow> {
  const action =
    kind === 'email'
      ? { emailTemplateId: await newTemplate(t, 'email', 'Dear {{ client.firstName }}, thinking of {{ patient.name }}.') }
      : kind === 'sms'
        ? { smsTemplateId: await newTemplate(t, 'sms', 'Hi {{ client.firstName }}, {{ reminder.pets }} are due: {{ reminder.due }}') }
        : { taskTitle: 'Call the family' };
  const res = await createAutomation(t.admin, kind, { name: `Automation ${randomUUID().slice(0, 8)}`, trigger: 'patientDied', ...action, ...data });
  expect(res.statusCode, res.body).toBe(201);
  return (await automationsRepository.findById(ctx.database.db, t, res.json().id))!;
}

/** A queue item as a firing writes it: waiting (pending unless said), due now, of the automation's kind. */
export async function newItem(ctx: TestContext, t: TestAccount, automation: AutomationRow, data: Partial<NewItemRow> = {}): Promise<ItemRow> {
  const [row] = await automationItemsRepository.insertItems(ctx.database.db, t, [
    {
      kind: automation.kind,
      automationId: automation.id,
      locationId: t.locationId,
      trigger: automation.trigger,
      occurrenceKey: `test:${randomUUID()}`,
      status: 'pending',
      dueAt: new Date(),
      ...(automation.kind === 'task' ? { title: automation.taskTitle } : { toAddress: 'owner@example.com', subject: 'Hello', body: 'Queued text' }),
      ...data,
    },
  ]);
  expect(row).toBeDefined();
  return row!;
}

/** The item as it now is. */
export async function itemNow(ctx: TestContext, t: TestAccount, id: string): Promise<ItemRow> {
  return (await automationItemsRepository.findById(ctx.database.db, t, id))!;
}

/**
 * The location can send email and texts (a SendGrid and a Twilio integration), as a practice's
 * automations need: without them an item fails saying so. The tests' outbox worker is not running,
 * so nothing reaches a provider.
 */
export async function canMessage(ctx: TestContext, t: { accountId: string; locationId: string }, locationId = t.locationId): Promise<void> {
  const integrations = ctx.app.container.integrations;
  const scope = { accountId: t.accountId };
  await integrations.create(scope as never, { locationId, service: 'sendgrid', publicKey: null, privateKey: 'SG.test-key', settings: { fromEmail: 'clinic@example.com' } } as never);
  await integrations.create(scope as never, { locationId, service: 'twilio', publicKey: 'AC0123456789abcdef0123456789abcdef', privateKey: 'token', settings: { fromNumber: '+15005550006' } } as never);
}
