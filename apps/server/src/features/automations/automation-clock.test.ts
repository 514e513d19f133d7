// The clock's automations, run at fixed instants as the scheduled job would: a household's
// vaccination reminder when one of its three pets dies before it goes, a day's run made once by
// two app processes (two pools on PostgreSQL), 09:00 Europe/London on both sides of the October
// 2026 clock change, an appointment reminder the day before, an unpaid invoice's task, a birthday,
// and a restart between queue and send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { addDays, localDate, SUPPRESSION_REASONS } from '@willow/contracts';
import { insertInvoice } from '../../../test/billing-records.js';
import { newPatient } from '../../../test/records.js';
import { at, newService } from '../../../test/scheduling-records.js';
import { openDatabase, type Database } from '../../db/client.js';
import { AutomationClock } from './automation-clock.service.js';
import { AutomationSender } from './automation-sender.service.js';
import { instantOn } from './automation-times.rules.js';
import { automation, ctx, messagingLocation, emailTemplate, home, household, itemsOf, recordDeath, send, setUpAutomations, smsTemplate, vaccinate } from './automation-firing.fixtures.js';

setUpAutomations();

let second: Database;
beforeAll(async () => {
  second = ctx.database.url ? await openDatabase({ dataDir: '', databaseUrl: ctx.database.url, migrate: false }) : ctx.database;
});
afterAll(async () => {
  if (second && second !== ctx.database) await second.close();
});

const clock = () => ctx.app.container.automationClock;
const iso = (d: Date) => d.toISOString();

describe('a household’s vaccination reminder', () => {
  it('names the three pets due; one dies before it goes: its own reminder is suppressed, the household’s names the two living', async () => {
    const location = await messagingLocation();
    const email = await emailTemplate(undefined, location);
    const text = await smsTemplate('{{ patient.name }} is due: {{ reminder.due }}', location);
    const forHousehold = await automation({ kind: 'email', trigger: 'vaccinationDue', locationId: location, emailTemplateId: email.id, offset: 14, sendTime: '09:00', household: true });
    const perPet = await automation({ kind: 'sms', trigger: 'vaccinationDue', locationId: location, smsTemplateId: text.id, offset: 14, sendTime: '09:00' });
    const { client, pets } = await household(['Bella', 'Max', 'Luna'], { locationId: location });
    for (const [i, pet] of pets.entries()) await vaccinate(pet, `2026-12-${String(8 + i).padStart(2, '0')}`, ['Rabies', 'DHPP', 'Leptospirosis'][i]);

    // 08:59 in New York: not yet; 09:00 (14:00Z in December): the day's run.
    await clock().run(new Date('2026-12-01T13:59:00Z'));
    expect(await itemsOf(forHousehold)).toEqual([]);
    await clock().run(new Date('2026-12-01T14:00:00Z'));
    const [item] = await itemsOf(forHousehold);
    expect(item).toMatchObject({ status: 'scheduled', clientId: client.id, patientIds: pets.map((p) => p.id), occurrenceKey: `client:${client.id}:2026-12-01` });
    expect(iso(item!.dueAt)).toBe('2026-12-01T14:00:00.000Z');
    expect(item!.subject).toBe('Vaccinations due for Bella, Max and Luna');
    expect(item!.body).toContain('Luna: Leptospirosis on 10 December 2026');
    expect((await itemsOf(perPet)).map((i) => i.patientIds[0]).sort()).toEqual(pets.map((p) => p.id).sort());

    await recordDeath(pets[2]!.id);
    const luna = (await itemsOf(perPet)).find((i) => i.patientIds[0] === pets[2]!.id)!;
    expect(luna).toMatchObject({ status: 'suppressed', reason: SUPPRESSION_REASONS.patientDied });
    const [narrowed] = await itemsOf(forHousehold);
    expect(narrowed).toMatchObject({ status: 'scheduled', patientIds: [pets[0]!.id, pets[1]!.id], vaccinationIds: item!.vaccinationIds.slice(0, 2) });
    expect(narrowed!.subject).toBe('Vaccinations due for Bella and Max');
    expect(narrowed!.body).not.toContain('Luna');
    const sent = await send(narrowed!);
    expect(sent.status).toBe('sent');
    expect(sent.item.body).not.toContain('Luna');

    // The next minute and the next day make nothing more: the day's run and each vaccination are taken.
    await clock().run(new Date('2026-12-01T14:01:00Z'));
    await clock().run(new Date('2026-12-02T14:00:00Z'));
    expect(await itemsOf(forHousehold)).toHaveLength(1);
    expect(await itemsOf(perPet)).toHaveLength(3);
  });

  it('is edited by staff, then a pet dies: suppressed, as the edited text may name it', async () => {
    const location = await messagingLocation();
    const email = await emailTemplate(undefined, location);
    const forHousehold = await automation({ kind: 'email', trigger: 'vaccinationDue', locationId: location, emailTemplateId: email.id, offset: 7, sendTime: '09:00', household: true, requiresApproval: true });
    const { pets } = await household(['Ziggy', 'Nala'], { locationId: location });
    for (const pet of pets) await vaccinate(pet, '2026-12-05');
    await clock().run(new Date('2026-12-01T15:00:00Z'));
    const [item] = await itemsOf(forHousehold);
    expect(item!.status).toBe('pending');
    await ctx.app.container.db.transaction(async (tx) => {
      const { automationItemsRepository } = await import('./automation-items.repository.js');
      await automationItemsRepository.set(tx, { accountId: home.accountId }, item!.id, { body: 'Ziggy and Nala, see you soon', editedAt: new Date() });
    });
    await recordDeath(pets[0]!.id);
    expect((await itemsOf(forHousehold))[0]).toMatchObject({ status: 'suppressed', reason: SUPPRESSION_REASONS.editedPetDied });
  });
});

describe('two app processes', () => {
  it('make each item once when their clocks run the same minute (a process started afresh too)', async () => {
    const location = await messagingLocation();
    const email = await emailTemplate(undefined, location);
    const a = await automation({ kind: 'email', trigger: 'vaccinationDue', locationId: location, emailTemplateId: email.id, offset: 3, sendTime: '08:00', household: true });
    const b = await automation({ kind: 'email', trigger: 'vaccinationDue', locationId: location, emailTemplateId: email.id, offset: 3, sendTime: '08:00' });
    for (const name of ['Otto', 'Ivy']) {
      const { pets } = await household([name, `${name} Jr`], { locationId: location });
      for (const pet of pets) await vaccinate(pet, '2027-01-12');
    }
    const now = new Date('2027-01-10T13:00:00Z');
    const processes = [clock(), new AutomationClock(second.db, ctx.app.container.automationDelivery)];
    await Promise.all(processes.map((p) => p.run(now)));
    await Promise.all(processes.map((p) => p.run(now)));
    await new AutomationClock(ctx.database.db, ctx.app.container.automationDelivery).run(now);
    expect(await itemsOf(a)).toHaveLength(2);
    expect(await itemsOf(b)).toHaveLength(4);
  });
});

describe('09:00 Europe/London across the October 2026 clock change', () => {
  it('is due at 09:00 local: 08:00Z on Saturday (summer time), 09:00Z on Sunday (winter time)', async () => {
    const london = await messagingLocation({ timezone: 'Europe/London' });
    const text = await smsTemplate('{{ reminder.pets }}: {{ reminder.due }}', london);
    const reminder = await automation({ kind: 'sms', trigger: 'vaccinationDue', locationId: london, smsTemplateId: text.id, offset: 0, sendTime: '09:00' });
    const { pets } = await household(['Rosie', 'Alfie'], { locationId: london, phone: '+44 7700 900123' });
    await vaccinate(pets[0]!, '2026-10-24');
    await vaccinate(pets[1]!, '2026-10-25');

    await clock().run(new Date('2026-10-24T07:59:00Z'));
    expect(await itemsOf(reminder)).toEqual([]);
    await clock().run(new Date('2026-10-24T08:00:00Z'));
    expect((await itemsOf(reminder)).map((i) => [i.patientIds[0], iso(i.dueAt)])).toEqual([[pets[0]!.id, '2026-10-24T08:00:00.000Z']]);
    // Sunday 08:30Z is 08:30 in London now: not yet.
    await clock().run(new Date('2026-10-25T08:30:00Z'));
    expect(await itemsOf(reminder)).toHaveLength(1);
    await clock().run(new Date('2026-10-25T09:00:00Z'));
    const due = (await itemsOf(reminder)).map((i) => [i.patientIds[0], iso(i.dueAt)]);
    expect(due).toContainEqual([pets[1]!.id, '2026-10-25T09:00:00.000Z']);
    expect(due).toHaveLength(2);
  });
});

describe('the other clock triggers', () => {
  const NY = 'America/New_York';

  it('reminds the day before an appointment at 09:00 local (waiting for approval), and two hours before it', async () => {
    const service = await newService(home.admin, home.locationId, { type: 'Consultation', name: 'Check-up' });
    const text = await smsTemplate('See you tomorrow at {{ appointment.time }}');
    const dayBefore = await automation({ kind: 'sms', trigger: 'appointmentUpcoming', locationId: home.locationId, smsTemplateId: text.id, offset: 1, sendTime: '09:00', requiresApproval: true, serviceIds: [service.id] });
    const twoHours = await automation({ kind: 'sms', trigger: 'appointmentUpcoming', locationId: home.locationId, smsTemplateId: text.id, offset: 2, offsetUnit: 'hours' });
    const { client, pets } = await household(['Milo']);
    const res = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: client.id, patientIds: [pets[0]!.id], serviceIds: [service.id], startAt: at('10:00', '2030-04-02'), endAt: at('10:30', '2030-04-02') } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const appointment = res.json() as api.Appointment;

    const nine = instantOn('2030-04-01', '09:00', NY);
    await clock().run(new Date(nine.getTime() - 10 * 60_000));
    expect(await itemsOf(dayBefore)).toEqual([]);
    await clock().run(nine);
    await clock().run(new Date(nine.getTime() + 60_000));
    const [item] = await itemsOf(dayBefore);
    expect(item).toMatchObject({ status: 'pending', appointmentId: appointment.id, occurrenceKey: `appointment:${appointment.id}:before:${appointment.startAt}` });
    expect([iso(item!.dueAt), iso(item!.appointmentStartAt!)]).toEqual([iso(nine), appointment.startAt]);
    expect(await itemsOf(dayBefore)).toHaveLength(1);

    const start = new Date(appointment.startAt);
    await clock().run(new Date(start.getTime() - 2 * 3_600_000 - 2 * 60_000));
    await clock().run(new Date(start.getTime() - 2 * 3_600_000 - 60_000));
    const early = (await itemsOf(twoHours)).filter((i) => i.appointmentId === appointment.id);
    expect(early.map((i) => iso(i.dueAt))).toEqual([new Date(start.getTime() - 2 * 3_600_000).toISOString()]);
  });

  it('makes a task for an invoice still unpaid 14 days after it was finalised, once; a voided one is left', async () => {
    const task = await automation({ kind: 'task', trigger: 'invoiceUnpaid', locationId: home.locationId, taskTitle: 'Chase the unpaid invoice', taskPriority: 'high', taskDueInDays: 1, assignedRoleId: home.roles['Front Desk']!, offset: 14, sendTime: '08:00' });
    const { client } = await household(['Coco']);
    const at = { accountId: home.accountId, locationId: home.locationId, clientId: client.id };
    const owed = await insertInvoice(ctx, at, { total: 12_000 });
    await insertInvoice(ctx, at, { total: 5_000, status: 'void' });
    const day = addDays(localDate(new Date(), NY), 14);
    await clock().run(instantOn(day, '08:00', NY));
    await clock().run(instantOn(addDays(day, 1), '08:00', NY));
    const items = await itemsOf(task);
    expect(items.map((i) => [i.invoiceId, i.status, i.title, i.reason])).toEqual([[owed, 'scheduled', 'Chase the unpaid invoice', null]]);
    const sent = await send(items[0]!);
    expect(sent.status).toBe('sent');
    expect(sent.item.taskId).toEqual(expect.any(String));
  });

  it('wishes a living pet a happy birthday on the day, once a year; a deceased one only for an automation meant for after a death', async () => {
    const email = await emailTemplate({ subject: 'Happy birthday, {{ patient.name }}!', body: 'From all of us.' });
    const birthday = await automation({ kind: 'email', trigger: 'patientBirthday', locationId: home.locationId, emailTemplateId: email.id, sendTime: '08:00' });
    const { client } = await household([]);
    const [alive, gone] = [
      await newPatient(home.admin, client.id, home.speciesId, { name: 'Pepper', dateOfBirth: '2020-03-15' }),
      await newPatient(home.admin, client.id, home.speciesId, { name: 'Sage', dateOfBirth: '2019-03-15' }),
    ];
    await recordDeath(gone.id);
    await clock().run(instantOn('2027-03-15', '08:00', NY));
    await clock().run(instantOn('2027-03-15', '12:00', NY));
    const items = await itemsOf(birthday);
    expect(items.map((i) => [i.patientIds, i.occurrenceKey, i.subject])).toEqual([[[alive.id], `birthday:${alive.id}:2027`, 'Happy birthday, Pepper!']]);
  });
});

describe('a restart between queue and send', () => {
  it('loses and duplicates nothing: a fresh process’s clock makes nothing again, its sender sends each item once', async () => {
    const location = await messagingLocation();
    const email = await emailTemplate(undefined, location);
    const reminder = await automation({ kind: 'email', trigger: 'vaccinationDue', locationId: location, emailTemplateId: email.id, offset: 2, sendTime: '08:00' });
    const { pets } = await household(['Hazel', 'Olive'], { locationId: location });
    for (const pet of pets) await vaccinate(pet, '2027-02-03');
    const eight = new Date('2027-02-01T13:00:00Z');
    await clock().run(eight);
    expect((await itemsOf(reminder)).map((i) => i.status)).toEqual(['scheduled', 'scheduled']);

    // The process stops before the items go; another starts (its own pool on PostgreSQL).
    const restarted = { clock: new AutomationClock(second.db, ctx.app.container.automationDelivery), sender: new AutomationSender(second.db, ctx.app.container.automationDelivery) };
    await restarted.clock.run(new Date(eight.getTime() + 60_000));
    await restarted.sender.run(() => new Date(eight.getTime() + 2 * 60_000));
    await restarted.sender.run(() => new Date(eight.getTime() + 3 * 60_000));
    const items = await itemsOf(reminder);
    expect(items.map((i) => i.status)).toEqual(['sent', 'sent']);
    expect(new Set(items.map((i) => i.outboxMessageId)).size).toBe(2);
  });
});
