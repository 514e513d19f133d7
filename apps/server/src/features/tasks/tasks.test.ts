import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { insertInvoice } from '../../../test/billing-records.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { at, newService } from '../../../test/scheduling-records.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { tasksRepository } from './tasks.repository.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** a Front Desk member (authenticated, no permissions of note) */
let desk: Client & { userId: string };
let vet: Client & { userId: string };
const heard: DomainEvents['task.changed'][] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk', firstName: 'Dee' });
  vet = await createUser(ctx, home, [], { role: 'Veterinarian', firstName: 'Vic' });
  ctx.app.container.events.on('task.changed', 'tasks-test', async (_tx, _caller, e) => void heard.push(e));
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const tasksIn = (account: TestAccount) => tasksRepository.count(ctx.database.db, { accountId: account.accountId });

async function create(data: Partial<api.TaskInput> & Record<string, unknown>, caller: Client = desk, account: TestAccount = home) {
  return caller.call(api.createTask, { body: { taskData: { locationId: account.locationId, title: 'Call the family back', ...data } } });
}
async function newTask(data: Partial<api.TaskInput> = {}, caller: Client = desk, account: TestAccount = home): Promise<api.Task> {
  const res = await create(data, caller, account);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Task;
}
async function list(query: Record<string, string | number | boolean>, caller: Client = desk) {
  const res = await caller.call(api.listTasks, { query: { limit: 200, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: api.Task[]; total: number };
}
const update = (id: string, taskData: Record<string, unknown>, caller: Client = desk) => caller.call(api.updateTask, { params: { id }, body: { taskData } });

let invoiceNumber = 41;
/** A client with a patient, an appointment (Home euthanasia) and a draft invoice, of `account`. */
async function household(account: TestAccount, caller: Client) {
  const client = await newClient(caller, account.locationId, { firstName: 'Cora', lastName: 'Smith' });
  const patient = await newPatient(caller, client.id, account.speciesId, { name: 'Max' });
  const service = await newService(account.admin, account.locationId);
  const booked = await account.admin.call(api.createAppointment, {
    body: { data: { locationId: account.locationId, clientId: client.id, patientIds: [patient.id], serviceIds: [service.id], startAt: at('10:00'), endAt: at('10:30') } },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const invoiceId = await insertInvoice(ctx, { accountId: account.accountId, locationId: account.locationId, clientId: client.id }, { total: 100, status: 'finalised', number: ++invoiceNumber });
  return { client, patient, appointmentId: booked.json().id as string, invoiceId };
}

describe('POST /api/task', () => {
  it('creates a task with its links and names, assigned to a person', async () => {
    const h = await household(home, desk);
    const due = inHours(20);
    const task = await newTask({
      title: '  Order the urn  ',
      notes: 'Walnut, engraved',
      dueAt: due,
      priority: 'high',
      assignedToId: vet.userId,
      patientId: h.patient.id,
      appointmentId: h.appointmentId,
      invoiceId: h.invoiceId,
    });
    expect(task).toMatchObject({
      locationId: home.locationId,
      title: 'Order the urn',
      notes: 'Walnut, engraved',
      dueAt: due,
      priority: 'high',
      assignedToId: vet.userId,
      assignedTo: { id: vet.userId, name: 'Vic User' },
      assignedRoleId: null,
      assignedRole: null,
      // the client comes from the patient
      clientId: h.client.id,
      client: { id: h.client.id, name: 'Cora Smith' },
      patient: { id: h.patient.id, name: 'Max' },
      appointment: { id: h.appointmentId, startAt: at('10:00'), label: 'Home euthanasia' },
      invoice: { id: h.invoiceId, label: 'INV-000042' },
      completedAt: null,
      completedBy: null,
      deletedAt: null,
      createdBy: { id: desk.userId, name: 'Dee User' },
      overdue: false,
    });
    const got = await desk.call(api.getTask, { params: { id: task.id } });
    expect(got.json()).toEqual(task);
    expect(heard.at(-1)).toEqual({ taskId: task.id, locationId: home.locationId, assignedToId: vet.userId, assignedRoleId: null, change: 'created' });
    const history = await home.admin.call(api.listAuditEvents, { query: { entityType: 'task', entityId: task.id } });
    expect(history.json()).toMatchObject([{ action: 'create' }]);
  });

  it('defaults to normal priority, no due date, no one; a role instead of a person', async () => {
    const plain = await newTask();
    expect(plain).toMatchObject({ priority: 'normal', dueAt: null, notes: null, assignedTo: null, assignedRole: null, client: null, overdue: false });
    const role = await newTask({ assignedRoleId: home.roles['Front Desk']!, dueAt: inHours(-1) });
    expect(role).toMatchObject({ assignedRole: { id: home.roles['Front Desk'], name: 'Front Desk' }, assignedTo: null, overdue: true });
  });

  it('answers 400 naming the field for bad input, writing nothing', async () => {
    const h = await household(home, desk);
    const before = await tasksIn(home);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '   ' }, /^title: /],
      [{ title: 'x'.repeat(api.TASK_TITLE_MAX + 1) }, /^title: /],
      [{ dueAt: 'tomorrow' }, /^dueAt: /],
      [{ priority: 'urgent' }, /^priority: /],
      [{ assignedToId: 'nobody' }, /^assignedToId: /],
      [{ assignedToId: vet.userId, assignedRoleId: home.roles.Veterinarian }, /^assignedRoleId: /],
      [{ locationId: other.locationId }, /^locationId: /],
      [{ clientId: (await newClient(desk, home.locationId)).id, patientId: h.patient.id }, /^patientId: /],
    ];
    for (const [data, field] of cases) {
      const res = await create(data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorOf(res)).toMatch(field);
    }
    expect(await tasksIn(home)).toBe(before);
  });

  it('refuses another account’s assignee (400 naming the field) and records (404), writing nothing', async () => {
    const theirs = await household(other, other.admin);
    const theirUser = await createUser(ctx, other, []);
    const before = await tasksIn(home);
    const assignees: [Record<string, unknown>, RegExp][] = [
      [{ assignedToId: theirUser.userId }, /^assignedToId: /],
      [{ assignedRoleId: other.roles['Front Desk'] }, /^assignedRoleId: /],
    ];
    for (const [data, field] of assignees) {
      const res = await create(data);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatch(field);
    }
    for (const data of [{ clientId: theirs.client.id }, { patientId: theirs.patient.id }, { appointmentId: theirs.appointmentId }, { invoiceId: theirs.invoiceId }]) {
      expect((await create(data)).statusCode, JSON.stringify(data)).toBe(404);
    }
    expect(await tasksIn(home)).toBe(before);
  });

  it('refuses a deactivated staff member as a new assignee', async () => {
    const leaver = await createUser(ctx, home, []);
    const off = await home.admin.call(api.toggleUserActivation, { params: { id: leaver.userId }, body: { data: { isActive: false } } });
    expect(off.statusCode, off.body).toBe(200);
    const res = await create({ assignedToId: leaver.userId });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`assignedToId: ${api.TASK_MESSAGES.unknownUser}`);
  });
});

describe('GET /api/task and /api/task/count', () => {
  it('answers mine: assigned to me or to a role I hold, open, at the location asked for, overdue first', async () => {
    const branch = await addLocation(ctx, home);
    const nurse = await createUser(ctx, home, [], { role: 'Front Desk' });
    const baseline = (await list({ mine: true, locationId: home.locationId, limit: 1 }, nurse)).total;
    const mineLater = await newTask({ title: 'Mine, later', assignedToId: nurse.userId, dueAt: inHours(48) }, nurse);
    const roleOverdue = await newTask({ title: 'Front Desk, overdue', assignedRoleId: home.roles['Front Desk']!, dueAt: inHours(-3) }, nurse);
    const mineNoDue = await newTask({ title: 'Mine, whenever', assignedToId: nurse.userId }, nurse);
    const mineSoon = await newTask({ title: 'Mine, soon', assignedToId: nurse.userId, dueAt: inHours(2) }, nurse);
    await newTask({ title: 'The vet’s', assignedToId: vet.userId, dueAt: inHours(-5) }, nurse);
    await newTask({ title: 'Vets’', assignedRoleId: home.roles.Veterinarian!, dueAt: inHours(-5) }, nurse);
    await newTask({ title: 'Nobody’s', dueAt: inHours(-5) }, nurse);
    const elsewhere = await newTask({ title: 'Mine at the branch', assignedToId: nurse.userId, locationId: branch }, nurse);
    const done = await newTask({ title: 'Mine, done', assignedToId: nurse.userId }, nurse);
    expect((await update(done.id, { completed: true }, nurse)).statusCode).toBe(200);

    const mine = await list({ mine: true, locationId: home.locationId }, nurse);
    const ids = mine.items.map((t) => t.id);
    // the role's tasks are everyone's who holds it (the other Front Desk member's too)
    expect(ids.filter((id) => [mineLater.id, roleOverdue.id, mineNoDue.id, mineSoon.id].includes(id))).toEqual([roleOverdue.id, mineSoon.id, mineLater.id, mineNoDue.id]);
    expect(mine.items.find((t) => t.id === roleOverdue.id)!.overdue).toBe(true);
    expect(mine.total).toBe(baseline + 4);
    expect((await list({ mine: true, locationId: branch }, nurse)).items.map((t) => t.id)).toEqual([elsewhere.id]);
    expect((await list({ mine: true }, desk)).items.map((t) => t.id)).toContain(roleOverdue.id);
    expect((await list({ mine: true }, vet)).items.map((t) => t.id)).not.toContain(roleOverdue.id);

    const count = async (query: Record<string, string>, caller: Client = nurse) => {
      const res = await caller.call(api.countMyOpenTasks, { query });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { count: number }).count;
    };
    expect(await count({ locationId: home.locationId })).toBe(baseline + 4);
    expect(await count({ locationId: branch })).toBe(1);
    expect(await count({})).toBe(baseline + 5);
  });

  it('filters by assignee, unassigned, due before, and record; completed newest first; all open first', async () => {
    const h = await household(home, desk);
    const a = await newTask({ title: 'A', clientId: h.client.id, dueAt: inHours(5) });
    const b = await newTask({ title: 'B', clientId: h.client.id, assignedRoleId: home.roles.Assistant!, dueAt: inHours(1) });
    const c = await newTask({ title: 'C', patientId: h.patient.id, assignedToId: vet.userId });
    const d = await newTask({ title: 'D', appointmentId: h.appointmentId, invoiceId: h.invoiceId });
    const byClient = (query: Record<string, string | boolean> = {}) => list({ clientId: h.client.id, ...query }).then((r) => r.items.map((t) => t.title));
    expect(await byClient()).toEqual(['B', 'A', 'C', 'D']);
    expect(await byClient({ assignedToId: vet.userId })).toEqual(['C']);
    expect(await byClient({ assignedRoleId: home.roles.Assistant! })).toEqual(['B']);
    expect(await byClient({ unassigned: true })).toEqual(['A', 'D']);
    expect(await byClient({ dueBefore: inHours(3) })).toEqual(['B']);
    expect((await list({ patientId: h.patient.id })).items.map((t) => t.title)).toEqual(['C']);
    expect((await list({ appointmentId: h.appointmentId })).items.map((t) => t.title)).toEqual(['D']);
    expect((await list({ invoiceId: h.invoiceId })).items.map((t) => t.title)).toEqual(['D']);

    for (const t of [c, a]) expect((await update(t.id, { completed: true })).statusCode).toBe(200);
    expect(await byClient({ status: 'completed' })).toEqual(['A', 'C']);
    expect(await byClient({ status: 'all' })).toEqual(['B', 'D', 'A', 'C']);
    expect(await byClient()).toEqual(['B', 'D']);
    const page = await list({ clientId: h.client.id, status: 'all', limit: 2, offset: 2 });
    expect(page).toMatchObject({ total: 4, items: [{ id: a.id }, { id: c.id }] });
    void b;
    void d;
  });

  it('answers 400 naming the field for a bad filter, and 404 for another account’s ids', async () => {
    const bad = await desk.call(api.listTasks, { query: { status: 'late' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^status: /);
    const theirs = await household(other, other.admin);
    const queries: Record<string, string>[] = [
      { locationId: other.locationId },
      { assignedRoleId: other.roles['Front Desk']! },
      { clientId: theirs.client.id },
      { patientId: theirs.patient.id },
      { appointmentId: theirs.appointmentId },
      { invoiceId: theirs.invoiceId },
    ];
    for (const query of queries) {
      expect((await desk.call(api.listTasks, { query })).statusCode, JSON.stringify(query)).toBe(404);
    }
    expect((await desk.call(api.countMyOpenTasks, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    const unsigned = await ctx.app.inject({ method: 'GET', url: '/api/task/count' });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('POST /api/task/{id}', () => {
  it('changes only what is sent; naming a role moves the task off the person', async () => {
    const task = await newTask({ title: 'Chase lab results', notes: 'Bloods from Tuesday', assignedToId: vet.userId, priority: 'low' });
    const res = await update(task.id, { title: 'Chase the lab results' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Chase the lab results', notes: 'Bloods from Tuesday', priority: 'low', assignedToId: vet.userId });
    expect(heard.at(-1)).toMatchObject({ taskId: task.id, change: 'updated' });
    const moved = await update(task.id, { assignedRoleId: home.roles.Veterinarian });
    expect(moved.json()).toMatchObject({ assignedToId: null, assignedRoleId: home.roles.Veterinarian, assignedRole: { name: 'Veterinarian' } });
    const unassigned = await update(task.id, { assignedRoleId: null });
    expect(unassigned.json()).toMatchObject({ assignedToId: null, assignedRoleId: null });
  });

  it('completes and reopens: completedAt and completedBy set by the server, kept when completed again', async () => {
    const task = await newTask({ assignedRoleId: home.roles['Front Desk']! });
    const done = await update(task.id, { completed: true }, vet);
    expect(done.statusCode, done.body).toBe(200);
    const completed = done.json() as api.Task;
    expect(completed).toMatchObject({ completedBy: { id: vet.userId, name: 'Vic User' }, overdue: false });
    expect(completed.completedAt).toEqual(expect.any(String));
    expect(heard.at(-1)).toMatchObject({ taskId: task.id, change: 'completed' });
    const again = await update(task.id, { completed: true });
    expect(again.json()).toMatchObject({ completedAt: completed.completedAt, completedBy: { id: vet.userId } });
    const reopened = await update(task.id, { completed: false });
    expect(reopened.json()).toMatchObject({ completedAt: null, completedBy: null });
    expect(heard.at(-1)).toMatchObject({ taskId: task.id, change: 'reopened' });
  });

  it('answers 400 naming the field, and 404 for another account’s task or records, changing nothing', async () => {
    const task = await newTask({ title: 'Keep me' });
    const bad = await update(task.id, { title: '' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^title: /);
    const both = await update(task.id, { assignedToId: vet.userId, assignedRoleId: home.roles.Veterinarian });
    expect(errorOf(both)).toMatch(/^assignedRoleId: /);
    const theirUser = await createUser(ctx, other, []);
    const foreignUser = await update(task.id, { assignedToId: theirUser.userId });
    expect(foreignUser.statusCode).toBe(400);
    expect(errorOf(foreignUser)).toMatch(/^assignedToId: /);
    const theirs = await household(other, other.admin);
    expect((await update(task.id, { clientId: theirs.client.id })).statusCode).toBe(404);
    expect((await update(task.id, { locationId: other.locationId })).statusCode).toBe(400);
    const theirTask = await newTask({ title: 'Theirs' }, other.admin, other);
    for (const res of [
      await update(theirTask.id, { title: 'Mine now' }),
      await desk.call(api.getTask, { params: { id: theirTask.id } }),
      await desk.call(api.deleteTask, { params: { id: theirTask.id } }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await other.admin.call(api.getTask, { params: { id: theirTask.id } })).json()).toMatchObject({ title: 'Theirs', deletedAt: null });
    expect((await desk.call(api.getTask, { params: { id: task.id } })).json()).toMatchObject({ title: 'Keep me', assignedToId: null, clientId: null });
  });
});

describe('DELETE /api/task/{id}', () => {
  it('sets deletedAt and hides the task; any update brings it back (SPEC §4)', async () => {
    const task = await newTask({ title: 'Send the sympathy card', assignedToId: desk.userId });
    const countNow = async () => ((await desk.call(api.countMyOpenTasks, { query: { locationId: home.locationId } })).json() as { count: number }).count;
    const before = await countNow();
    const res = await desk.call(api.deleteTask, { params: { id: task.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(heard.at(-1)).toMatchObject({ taskId: task.id, change: 'deleted' });
    const gone = (await desk.call(api.getTask, { params: { id: task.id } })).json() as api.Task;
    expect(gone.deletedAt).toEqual(expect.any(String));
    for (const status of ['open', 'all'] as const) expect((await list({ mine: true, status })).items.map((t) => t.id)).not.toContain(task.id);
    expect(await countNow()).toBe(before - 1);
    // deleting again changes nothing
    expect((await desk.call(api.deleteTask, { params: { id: task.id } })).statusCode).toBe(200);
    expect((await desk.call(api.getTask, { params: { id: task.id } })).json().deletedAt).toBe(gone.deletedAt);

    const back = await update(task.id, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ deletedAt: null, title: 'Send the sympathy card' });
    expect(await countNow()).toBe(before);
  });

  it('never stands in the way of deleting what a task names: the link is cleared', async () => {
    const client = await newClient(desk, home.locationId, { firstName: 'Gone', lastName: 'Soon' });
    const patient = await newPatient(desk, client.id, home.speciesId, { name: 'Biscuit' });
    const task = await newTask({ patientId: patient.id });
    const removed = await home.admin.call(api.deletePatient, { params: { id: patient.id } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await desk.call(api.getTask, { params: { id: task.id } })).json()).toMatchObject({ patientId: null, patient: null, clientId: client.id });
    expect((await home.admin.call(api.deleteClient, { params: { id: client.id } })).statusCode).toBe(200);
    expect((await desk.call(api.getTask, { params: { id: task.id } })).json()).toMatchObject({ clientId: null, client: null, deletedAt: null });
  });
});
