import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { newService } from '../../../test/scheduling-records.js';
import { automationItemsRepository } from './automation-items.repository.js';
import { AUTOMATION_OPS, createAutomation, itemNow, newAutomation, newItem, newTemplate, WRAPPERS, type Kind } from './automations.fixtures.js';
import { automationsRepository } from './automations.repository.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** a Front Desk member: reads automations, may not change them (no locations.manage) */
let desk: Client & { userId: string };
let vet: Client & { userId: string };
let emailTemplateId: string;
let smsTemplateId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk', firstName: 'Dee' });
  vet = await createUser(ctx, home, [], { role: 'Veterinarian', firstName: 'Vic' });
  emailTemplateId = await newTemplate(home, 'email', 'Dear {{ client.firstName }}');
  smsTemplateId = await newTemplate(home, 'sms', 'Hi {{ client.firstName }}');
});
afterAll(() => ctx?.close());

const automationsIn = (t: TestAccount) => automationsRepository.count(ctx.database.db, t);
const update = (kind: Kind, id: string, data: Record<string, unknown>, caller: Client = home.admin) =>
  caller.call(AUTOMATION_OPS[kind].update!, { params: { id }, body: { [WRAPPERS[kind]]: data } });
const reminder = () => ({ name: 'Vaccination reminder', trigger: 'vaccinationDue', offset: 14, offsetUnit: 'days', sendTime: '09:00', household: true, emailTemplateId });

describe('POST /api/emailAutomation, /api/smsAutomation, /api/taskAutomation', () => {
  it('creates an automation of each kind with what it names', async () => {
    const service = await newService(home.admin, home.locationId);
    const email = await createAutomation(home.admin, 'email', { ...reminder(), locationId: home.locationId });
    expect(email.statusCode, email.body).toBe(201);
    expect(email.json()).toMatchObject({
      name: 'Vaccination reminder',
      locationId: home.locationId,
      location: { id: home.locationId },
      active: true,
      requiresApproval: false,
      trigger: 'vaccinationDue',
      offset: 14,
      offsetUnit: 'days',
      sendTime: '09:00',
      household: true,
      forDeceased: false,
      emailTemplateId,
      emailTemplate: { id: emailTemplateId },
      pendingCount: 0,
    });
    const sms = await createAutomation(home.admin, 'sms', {
      name: 'Day before',
      trigger: 'appointmentUpcoming',
      offset: 24,
      offsetUnit: 'hours',
      serviceIds: [service.id],
      requiresApproval: true,
      smsTemplateId,
    });
    expect(sms.statusCode, sms.body).toBe(201);
    expect(sms.json()).toMatchObject({ locationId: null, location: null, serviceIds: [service.id], requiresApproval: true, smsTemplate: { id: smsTemplateId } });
    const task = await createAutomation(home.admin, 'task', {
      name: 'Chase unpaid',
      trigger: 'invoiceUnpaid',
      offset: 30,
      sendTime: '10:00',
      taskTitle: 'Call about the invoice',
      taskPriority: 'high',
      taskDueInDays: 2,
      assignedToId: vet.userId,
    });
    expect(task.statusCode, task.body).toBe(201);
    expect(task.json()).toMatchObject({ taskTitle: 'Call about the invoice', taskPriority: 'high', taskDueInDays: 2, assignedTo: { id: vet.userId, name: 'Vic User' }, assignedRole: null });
    // a death's own automation is meant for after it
    const sympathy = await createAutomation(home.admin, 'email', { name: 'Sympathy card', trigger: 'patientDied', offset: 3, offsetUnit: 'days', sendTime: '10:00', emailTemplateId });
    expect(sympathy.json()).toMatchObject({ forDeceased: true });
  });

  it('refuses rules that do not hold, naming the field, and writes nothing', async () => {
    const before = await automationsIn(home);
    const cases: [Kind, Record<string, unknown>, string][] = [
      ['email', { ...reminder(), name: ' ' }, 'name: '],
      ['email', { ...reminder(), trigger: 'appointmentStatusChanged' }, `status: ${api.AUTOMATION_MESSAGES.statusRequired}`],
      ['email', { ...reminder(), offsetUnit: 'hours' }, `offsetUnit: ${api.AUTOMATION_MESSAGES.daysOnly}`],
      ['email', { ...reminder(), sendTime: null }, `sendTime: ${api.AUTOMATION_MESSAGES.sendTimeRequired}`],
      ['email', { ...reminder(), sendTime: '9am' }, 'sendTime: '],
      ['email', { ...reminder(), trigger: 'appointmentCreated', household: false, offset: 400 }, 'offset: '],
      ['email', { ...reminder(), trigger: 'formSubmitted', sendTime: null, offsetUnit: 'hours', offset: 2 }, `household: ${api.AUTOMATION_MESSAGES.householdNotForTrigger}`],
      ['email', { ...reminder(), emailTemplateId: undefined }, 'emailTemplateId: '],
      ['sms', { name: 'Text', trigger: 'patientDied', smsTemplateId: emailTemplateId }, `smsTemplateId: ${api.AUTOMATION_MESSAGES.unknownTemplate}`],
      ['task', { name: 'Task', trigger: 'patientDied' }, 'taskTitle: '],
      ['task', { name: 'Task', trigger: 'patientDied', taskTitle: 'Call', assignedToId: vet.userId, assignedRoleId: home.roles['Front Desk'] }, `assignedRoleId: ${api.AUTOMATION_MESSAGES.personOrRole}`],
    ];
    for (const [kind, data, message] of cases) {
      const res = await createAutomation(home.admin, kind, data);
      expect(res.statusCode, `${JSON.stringify(data)} ${res.body}`).toBe(400);
      expect(errorOf(res)).toContain(message);
    }
    expect(await automationsIn(home)).toBe(before);
  });

  it("refuses another account's template, person, role, service or location (400 naming the field)", async () => {
    const theirTemplate = await newTemplate(other, 'email', 'Hi');
    const theirService = await newService(other.admin, other.locationId);
    const theirUser = await createUser(ctx, other, []);
    const before = await automationsIn(home);
    const cases: [Kind, Record<string, unknown>, string][] = [
      ['email', { ...reminder(), emailTemplateId: theirTemplate }, `emailTemplateId: ${api.AUTOMATION_MESSAGES.unknownTemplate}`],
      ['task', { name: 'T', trigger: 'patientDied', taskTitle: 'Call', assignedToId: theirUser.userId }, `assignedToId: ${api.AUTOMATION_MESSAGES.unknownUser}`],
      ['task', { name: 'T', trigger: 'patientDied', taskTitle: 'Call', assignedRoleId: other.roles['Front Desk'] }, `assignedRoleId: ${api.AUTOMATION_MESSAGES.unknownRole}`],
      ['email', { ...reminder(), serviceIds: [theirService.id] }, 'serviceIds: '],
      ['email', { ...reminder(), locationId: other.locationId }, 'locationId: '],
    ];
    for (const [kind, data, message] of cases) {
      const res = await createAutomation(home.admin, kind, data);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toContain(message);
    }
    expect(await automationsIn(home)).toBe(before);
  });

  it('refuses a person without locations.manage (403) and writes nothing', async () => {
    const mine = await newAutomation(ctx, home, 'email');
    const before = await automationsIn(home);
    expect((await createAutomation(desk, 'email', reminder())).statusCode).toBe(403);
    expect((await update('email', mine.id, { name: 'Renamed' }, desk)).statusCode).toBe(403);
    expect((await desk.call(AUTOMATION_OPS.email.remove!, { params: { id: mine.id } })).statusCode).toBe(403);
    expect(await automationsIn(home)).toBe(before);
    expect((await automationsRepository.findById(ctx.database.db, home, mine.id))?.name).toBe(mine.name);
    // reading is everyone's
    expect((await desk.call(AUTOMATION_OPS.email.get!, { params: { id: mine.id } })).statusCode).toBe(200);
  });
});

describe('GET /api/emailAutomation (and the other kinds)', () => {
  it("lists a kind's automations by name: a location's own and every location's", async () => {
    const account = await createAccount(ctx);
    const second = await addLocation(ctx, account, { name: 'Second' });
    const everywhere = await newAutomation(ctx, account, 'sms', { name: 'B everywhere' });
    const here = await newAutomation(ctx, account, 'sms', { name: 'A here', locationId: account.locationId });
    await newAutomation(ctx, account, 'sms', { name: 'C there', locationId: second });
    await newAutomation(ctx, account, 'email', { name: 'An email' });
    const list = async (query: Record<string, string | number> = {}) => {
      const res = await account.admin.call(AUTOMATION_OPS.sms.list!, { query: { limit: 50, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: api.SmsAutomation[]; total: number };
    };
    expect((await list()).items.map((a) => a.name)).toEqual(['A here', 'B everywhere', 'C there']);
    const atHome = await list({ locationId: account.locationId });
    expect(atHome.items.map((a) => a.id)).toEqual([here.id, everywhere.id]);
    expect(atHome.total).toBe(2);
    expect((await list({ trigger: 'appointmentCreated' })).total).toBe(0);
    expect((await list({ limit: 1, offset: 1 })).items.map((a) => a.name)).toEqual(['B everywhere']);
    // the count of waiting items
    await newItem(ctx, account, here);
    await newItem(ctx, account, here, { status: 'sent' });
    expect((await list({ locationId: account.locationId })).items[0]).toMatchObject({ id: here.id, pendingCount: 1 });
  });

  it("answers 404 for another account's location filter, 400 for a bad query", async () => {
    const res = await home.admin.call(AUTOMATION_OPS.email.list!, { query: { locationId: other.locationId } });
    expect(res.statusCode).toBe(404);
    const bad = await home.admin.call(AUTOMATION_OPS.email.list!, { query: { trigger: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^trigger: /);
  });
});

describe('GET and POST /api/emailAutomation/{id}', () => {
  it("answers one automation; another kind's id or another account's is not found", async () => {
    const email = await newAutomation(ctx, home, 'email');
    expect((await home.admin.call(AUTOMATION_OPS.email.get!, { params: { id: email.id } })).json()).toMatchObject({ id: email.id, name: email.name });
    expect((await home.admin.call(AUTOMATION_OPS.sms.get!, { params: { id: email.id } })).statusCode).toBe(404);
    expect((await other.admin.call(AUTOMATION_OPS.email.get!, { params: { id: email.id } })).statusCode).toBe(404);
    const before = await automationsRepository.findById(ctx.database.db, home, email.id);
    expect((await update('email', email.id, { name: 'Mine now' }, other.admin)).statusCode).toBe(404);
    expect((await other.admin.call(AUTOMATION_OPS.email.remove!, { params: { id: email.id } })).statusCode).toBe(404);
    expect(await automationsRepository.findById(ctx.database.db, home, email.id)).toEqual(before);
  });

  it('changes what is sent and checks the whole again', async () => {
    const task = await newAutomation(ctx, home, 'task', { assignedToId: vet.userId });
    const moved = await update('task', task.id, { assignedRoleId: home.roles['Front Desk'], assignedToId: null, active: false });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ active: false, assignedToId: null, assignedRole: { id: home.roles['Front Desk'] } });
    // a trigger that goes at a time of day needs one
    const bad = await update('task', task.id, { trigger: 'patientBirthday' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe(`sendTime: ${api.AUTOMATION_MESSAGES.sendTimeRequired}`);
    const good = await update('task', task.id, { trigger: 'patientBirthday', sendTime: '08:30' });
    expect(good.json()).toMatchObject({ trigger: 'patientBirthday', sendTime: '08:30', forDeceased: false });
    const theirs = await update('task', task.id, { assignedToId: (await createUser(ctx, other, [])).userId, assignedRoleId: null });
    expect(theirs.statusCode).toBe(400);
    expect(errorOf(theirs)).toBe(`assignedToId: ${api.AUTOMATION_MESSAGES.unknownUser}`);
  });
});

describe('DELETE /api/emailAutomation/{id}', () => {
  it('keeps the automation for what it sent and suppresses what was waiting', async () => {
    const sms = await newAutomation(ctx, home, 'sms');
    const waiting = await newItem(ctx, home, sms, { status: 'scheduled' });
    const pending = await newItem(ctx, home, sms);
    const sent = await newItem(ctx, home, sms, { status: 'sent', sentAt: new Date() });
    const res = await home.admin.call(AUTOMATION_OPS.sms.remove!, { params: { id: sms.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await home.admin.call(AUTOMATION_OPS.sms.get!, { params: { id: sms.id } })).statusCode).toBe(404);
    expect((await home.admin.call(AUTOMATION_OPS.sms.remove!, { params: { id: sms.id } })).statusCode).toBe(404);
    expect((await automationsRepository.findById(ctx.database.db, home, sms.id))?.deletedAt).toBeInstanceOf(Date);
    for (const item of [waiting, pending]) {
      expect(await itemNow(ctx, home, item.id)).toMatchObject({ status: 'suppressed', reason: api.SUPPRESSION_REASONS.automationDeleted });
    }
    expect(await itemNow(ctx, home, sent.id)).toMatchObject({ status: 'sent', automationId: sms.id });
    // the sent item still names it in its queue
    const shown = await home.admin.call(api.smsQueueItemOps.get!, { params: { id: sent.id } });
    expect(shown.json()).toMatchObject({ automation: { id: sms.id, name: sms.name } });
    expect(await automationItemsRepository.count(ctx.database.db, home)).toBeGreaterThanOrEqual(3);
  });
});
