import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { communicationsRepository } from '../communications/index.js';
import { tasksRepository } from '../tasks/index.js';
import { automationItemsRepository } from './automation-items.repository.js';
import { canMessage, itemNow, newAutomation, newItem, QUEUE_OPS } from './automations.fixtures.js';
import type { AutomationRow } from './automations.repository.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** a Front Desk member: the queues are the front desk's */
let desk: Client & { userId: string };
let email: AutomationRow;
let sms: AutomationRow;
let task: AutomationRow;
let owner: api.Client;
let pets: api.Patient[];
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  await Promise.all([home, other].map((t) => canMessage(ctx, t)));
  desk = await createUser(ctx, home, [], { role: 'Front Desk', firstName: 'Dee' });
  email = await newAutomation(ctx, home, 'email', { name: 'Sympathy card' });
  sms = await newAutomation(ctx, home, 'sms', { name: 'Reminder text' });
  task = await newAutomation(ctx, home, 'task', { name: 'Follow-up call', assignedRoleId: home.roles['Front Desk'], taskNotes: 'Ask how they are' });
  owner = await newClient(home.admin, home.locationId, { firstName: 'Cora', lastName: 'Smith', email: 'cora@example.com', phone: '+1 530 555 0101' });
  pets = [await newPatient(home.admin, owner.id, home.speciesId, { name: 'Bella' }), await newPatient(home.admin, owner.id, home.speciesId, { name: 'Max' })];
});
afterAll(() => ctx?.close());

const about = () => ({ clientId: owner.id, patientIds: [pets[0]!.id] });
const itemsIn = (t: TestAccount) => automationItemsRepository.count(ctx.database.db, t);
const MINUTE = 60_000;

describe('GET /api/emailAutomationQueueItem (and the other queues)', () => {
  it('lists waiting items soonest first, done ones latest first, with the names they show', async () => {
    const account = await createAccount(ctx);
    await canMessage(ctx, account);
    const auto = await newAutomation(ctx, account, 'email', { name: 'Card' });
    const client = await newClient(account.admin, account.locationId, { firstName: 'Ida', lastName: 'Ames' });
    const pet = await newPatient(account.admin, client.id, account.speciesId, { name: 'Rex' });
    const later = await newItem(ctx, account, auto, { status: 'scheduled', dueAt: new Date(Date.now() + 60 * MINUTE), clientId: client.id, patientIds: [pet.id] });
    const sooner = await newItem(ctx, account, auto, { dueAt: new Date(Date.now() - MINUTE) });
    const skipped = await newItem(ctx, account, auto, { status: 'skipped' });
    const sent = await newItem(ctx, account, auto, { status: 'sent', sentAt: new Date() });
    await newItem(ctx, account, await newAutomation(ctx, account, 'sms'));
    const list = async (query: Record<string, string | number>, caller: Client = account.admin) => {
      const res = await caller.call(QUEUE_OPS.email.list!, { query: { limit: 50, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: api.EmailQueueItem[]; total: number };
    };
    const waiting = await list({});
    expect(waiting.items.map((i) => i.id)).toEqual([sooner.id, later.id]);
    expect(waiting.items[1]).toMatchObject({
      automation: { id: auto.id, name: 'Card' },
      status: 'scheduled',
      client: { id: client.id, name: 'Ida Ames' },
      patients: [{ id: pet.id, name: 'Rex' }],
      to: 'owner@example.com',
      subject: 'Hello',
      edited: false,
      sentBy: null,
    });
    expect((await list({ view: 'done' })).items.map((i) => i.id)).toEqual([sent.id, skipped.id]);
    expect((await list({ view: 'all' })).items.map((i) => i.id)).toEqual([sooner.id, later.id, sent.id, skipped.id]);
    expect((await list({ clientId: client.id })).items.map((i) => i.id)).toEqual([later.id]);
    expect((await list({ automationId: auto.id, locationId: account.locationId })).total).toBe(2);
    expect((await list({ locationId: await addLocation(ctx, account) })).total).toBe(0);
  });

  it("answers 404 for another account's filters and 400 for a bad one", async () => {
    const theirs = await newAutomation(ctx, other, 'email');
    const queries: Record<string, string>[] = [{ locationId: other.locationId }, { automationId: theirs.id }, { clientId: (await newClient(other.admin, other.locationId)).id }];
    for (const query of queries) {
      expect((await home.admin.call(QUEUE_OPS.email.list!, { query })).statusCode, JSON.stringify(query)).toBe(404);
    }
    const bad = await home.admin.call(QUEUE_OPS.email.list!, { query: { view: 'later' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^view: /);
  });
});

describe('GET /api/emailAutomationQueueItem/{id}', () => {
  it("answers an item of its queue; another queue's or another account's is not found", async () => {
    const item = await newItem(ctx, home, task, { ...about(), title: 'Call Cora' });
    const res = await desk.call(QUEUE_OPS.task.get!, { params: { id: item.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, title: 'Call Cora', patients: [{ id: pets[0]!.id, name: 'Bella' }], taskId: null, status: 'pending' });
    expect((await desk.call(QUEUE_OPS.email.get!, { params: { id: item.id } })).statusCode).toBe(404);
    expect((await other.admin.call(QUEUE_OPS.task.get!, { params: { id: item.id } })).statusCode).toBe(404);
  });
});

describe('POST /api/emailAutomationQueueItem/{id}', () => {
  it("edits a waiting item's text and says so", async () => {
    const item = await newItem(ctx, home, email, about());
    const res = await desk.call(QUEUE_OPS.email.update!, { params: { id: item.id }, body: { data: { subject: 'With sympathy', body: 'Dear Cora, we are so sorry.' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'With sympathy', body: 'Dear Cora, we are so sorry.', edited: true, status: 'pending' });
    expect(await itemNow(ctx, home, item.id)).toMatchObject({ editedById: desk.userId });
  });

  it('skips a waiting item, and refuses to change one that is done (409)', async () => {
    const item = await newItem(ctx, home, sms, about());
    const skipped = await desk.call(QUEUE_OPS.sms.update!, { params: { id: item.id }, body: { data: { skip: true } } });
    expect(skipped.json()).toMatchObject({ status: 'skipped', edited: false });
    for (const data of [{ skip: true }, { body: 'Too late' }]) {
      const res = await desk.call(QUEUE_OPS.sms.update!, { params: { id: item.id }, body: { data } });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toBe(api.AUTOMATION_MESSAGES.notPending);
    }
    expect((await desk.call(QUEUE_OPS.sms.send, { params: { id: item.id } })).statusCode).toBe(409);
  });

  it('refuses text that breaks the rules (400 naming the field) and leaves the item', async () => {
    const item = await newItem(ctx, home, sms, about());
    const res = await desk.call(QUEUE_OPS.sms.update!, { params: { id: item.id }, body: { data: { body: 'x'.repeat(1000) } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^body: /);
    const empty = await desk.call(QUEUE_OPS.task.update!, { params: { id: (await newItem(ctx, home, task)).id }, body: { data: { title: ' ' } } });
    expect(errorOf(empty)).toMatch(/^title: /);
    expect(await itemNow(ctx, home, item.id)).toEqual(item);
  });

  it("answers 404 for another account's item and changes nothing", async () => {
    const item = await newItem(ctx, home, email, about());
    expect((await other.admin.call(QUEUE_OPS.email.update!, { params: { id: item.id }, body: { data: { skip: true } } })).statusCode).toBe(404);
    expect((await other.admin.call(QUEUE_OPS.email.send, { params: { id: item.id } })).statusCode).toBe(404);
    expect(await itemNow(ctx, home, item.id)).toEqual(item);
  });
});

describe('POST /api/emailAutomationQueueItem/{id}/send, /api/taskAutomationQueueItem/{id}/trigger', () => {
  it('sends an email now, filled from the records, once', async () => {
    const item = await newItem(ctx, home, email, about());
    const res = await desk.call(QUEUE_OPS.email.send, { params: { id: item.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', to: 'cora@example.com', subject: 'News of Bella', body: 'Dear Cora, thinking of Bella.', sentBy: { id: desk.userId, name: 'Dee User' } });
    const row = await itemNow(ctx, home, item.id);
    const message = await communicationsRepository.findById(ctx.database.db, home, row.outboxMessageId!);
    expect(message).toMatchObject({ channel: 'email', toAddress: 'cora@example.com', subject: 'News of Bella', clientId: owner.id, sentById: desk.userId });
    expect(message?.bodyHtml).toContain('thinking of Bella');
    const again = await desk.call(QUEUE_OPS.email.send, { params: { id: item.id } });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(api.AUTOMATION_MESSAGES.notPending);
  });

  it('sends the text as staff edited it', async () => {
    const item = await newItem(ctx, home, sms, about());
    await desk.call(QUEUE_OPS.sms.update!, { params: { id: item.id }, body: { data: { body: 'Bella is due, Cora!' } } });
    const res = await desk.call(QUEUE_OPS.sms.send, { params: { id: item.id } });
    expect(res.statusCode, res.body).toBe(200);
    const message = await communicationsRepository.findById(ctx.database.db, home, (await itemNow(ctx, home, item.id)).outboxMessageId!);
    expect(message).toMatchObject({ channel: 'sms', body: 'Bella is due, Cora!', toAddress: '+1 530 555 0101' });
  });

  it('fails saying so where the location cannot send email or texts, and sends nothing', async () => {
    const account = await createAccount(ctx);
    const client = await newClient(account.admin, account.locationId, { firstName: 'Ida', lastName: 'Nomail', email: 'ida@example.com', phone: '+1 530 555 0109' });
    for (const [kind, reason] of [
      ['email', api.INTEGRATION_MESSAGES.emailNotSetUp],
      ['sms', api.INTEGRATION_MESSAGES.smsNotSetUp],
    ] as const) {
      const item = await newItem(ctx, account, await newAutomation(ctx, account, kind, { trigger: 'appointmentCreated' }), { clientId: client.id, trigger: 'formSubmitted' });
      const res = await account.admin.call(QUEUE_OPS[kind].send, { params: { id: item.id } });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toBe(reason);
      expect(await itemNow(ctx, account, item.id)).toMatchObject({ status: 'failed', reason, outboxMessageId: null });
    }
    expect(await communicationsRepository.count(ctx.database.db, account)).toBe(0);
  });

  it('checks again first: a reason found suppresses the item and answers 409 with it', async () => {
    const silent = await newClient(home.admin, home.locationId, { firstName: 'Nora', lastName: 'Noemail' });
    const item = await newItem(ctx, home, email, { clientId: silent.id });
    const messages = await communicationsRepository.count(ctx.database.db, home);
    const res = await desk.call(QUEUE_OPS.email.send, { params: { id: item.id } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.SUPPRESSION_REASONS.noEmail);
    expect(await itemNow(ctx, home, item.id)).toMatchObject({ status: 'suppressed', reason: api.SUPPRESSION_REASONS.noEmail, outboxMessageId: null });
    expect(await communicationsRepository.count(ctx.database.db, home)).toBe(messages);
  });

  it('triggers a task: made as the automation says, about what the item is about', async () => {
    const item = await newItem(ctx, home, task, { ...about(), title: 'Call Cora about Bella', notes: 'Ask how they are', assignedRoleId: home.roles['Front Desk'] });
    const res = await desk.call(QUEUE_OPS.task.trigger, { params: { id: item.id } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as api.TaskQueueItem;
    expect(answer).toMatchObject({ status: 'sent', title: 'Call the family', assignedRole: { id: home.roles['Front Desk'] } });
    const made = await tasksRepository.findById(ctx.database.db, home, answer.taskId!);
    expect(made).toMatchObject({
      title: 'Call the family',
      notes: 'Ask how they are',
      assignedRoleId: home.roles['Front Desk'],
      clientId: owner.id,
      patientId: pets[0]!.id,
      locationId: home.locationId,
      createdById: desk.userId,
    });
    expect(made!.dueAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("answers 404 for another queue's item", async () => {
    const item = await newItem(ctx, home, email, about());
    expect((await desk.call(QUEUE_OPS.sms.send, { params: { id: item.id } })).statusCode).toBe(404);
    expect(await itemNow(ctx, home, item.id)).toEqual(item);
  });
});

describe('GET /api/automationQueue/count', () => {
  it('counts the items awaiting approval per kind, at a location when given', async () => {
    const account = await createAccount(ctx);
    await canMessage(ctx, account);
    const second = await addLocation(ctx, account);
    const [e, s] = [await newAutomation(ctx, account, 'email'), await newAutomation(ctx, account, 'sms')];
    await newItem(ctx, account, e);
    await newItem(ctx, account, e, { locationId: second });
    await newItem(ctx, account, e, { status: 'scheduled' });
    await newItem(ctx, account, s);
    const count = async (query: Record<string, string> = {}) => (await account.admin.call(api.countPendingQueueItems, { query })).json();
    expect(await count()).toEqual({ email: 2, sms: 1, task: 0 });
    expect(await count({ locationId: second })).toEqual({ email: 1, sms: 0, task: 0 });
    expect((await account.admin.call(api.countPendingQueueItems, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    const bad = await account.admin.call(api.countPendingQueueItems, { query: { locationId: 'nowhere' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^locationId: /);
    expect(await itemsIn(account)).toBe(4);
  });
});
