import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../../test/harness.js';
import { insertInvoice } from '../../../test/billing-records.js';
import { newClient, newPatient } from '../../../test/records.js';
import { communicationsRepository, toE164 } from '../communications/index.js';
import type { AutomationDelivery, SuppressionReason } from './automation-delivery.service.js';
import { automationItemsRepository, type ItemRow, type NewItemRow } from './automation-items.repository.js';
import { AutomationSender } from './automation-sender.service.js';
import { canMessage, itemNow, newAutomation, newItem } from './automations.fixtures.js';
import { automationsRepository, type AutomationRow } from './automations.repository.js';

let ctx: TestContext;
let home: TestAccount;
let delivery: AutomationDelivery;
let email: AutomationRow;
let sms: AutomationRow;
let household: AutomationRow;
let owner: api.Client;
let pets: api.Patient[];
beforeAll(async () => {
  ctx = await createTestApp();
  home = await createAccount(ctx);
  await canMessage(ctx, home);
  delivery = ctx.app.container.automationDelivery;
  email = await newAutomation(ctx, home, 'email', { trigger: 'appointmentUpcoming', offset: 24, offsetUnit: 'hours' });
  sms = await newAutomation(ctx, home, 'sms', { trigger: 'appointmentCreated' });
  household = await newAutomation(ctx, home, 'sms', { trigger: 'vaccinationDue', offset: 7, sendTime: '09:00', household: true });
  owner = await newClient(home.admin, home.locationId, { firstName: 'Cora', lastName: 'Smith', email: 'cora@example.com', phone: '+1 530 555 0102' });
  pets = [];
  for (const name of ['Bella', 'Max', 'Luna']) pets.push(await newPatient(home.admin, owner.id, home.speciesId, { name }));
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const check = async (item: ItemRow, automation: AutomationRow) =>
  delivery.check(db(), home, item, (await automationsRepository.findById(db(), home, automation.id))!);
const died = async (patientId: string) => {
  const res = await home.admin.call(api.setPatientDeceased, { params: { id: patientId }, body: { data: { deceasedOn: '2026-11-20' } } });
  expect(res.statusCode, res.body).toBe(200);
};
async function household3(names = ['Ada', 'Bo', 'Cy']) {
  const client = await newClient(home.admin, home.locationId, { firstName: 'Hal', lastName: 'Home', phone: '+1 530 555 0199' });
  const animals = [];
  for (const name of names) animals.push(await newPatient(home.admin, client.id, home.speciesId, { name }));
  const vaccinations = [];
  for (const [i, p] of animals.entries()) {
    const res = await home.admin.call(api.vaccinationOps.create!, {
      body: { data: { patientId: p.id, vaccine: ['Rabies', 'DHPP', 'Lepto'][i], givenOn: '2025-12-01', nextDueOn: `2026-12-0${i + 3}` } },
    });
    expect(res.statusCode, res.body).toBe(201);
    vaccinations.push(res.json() as api.Vaccination);
  }
  const item: Partial<NewItemRow> = {
    clientId: client.id,
    patientIds: animals.map((p) => p.id),
    vaccinationIds: vaccinations.map((v) => v.id),
    vaccinationDueOns: vaccinations.map((v) => v.nextDueOn!),
    status: 'scheduled',
  };
  return { client, animals, vaccinations, item };
}
async function appointment(startHour = 10) {
  const startAt = new Date(Date.UTC(2031, 2, 5, startHour)).toISOString();
  const res = await home.admin.call(api.createAppointment, {
    body: { data: { locationId: home.locationId, clientId: owner.id, patientIds: [pets[0]!.id], startAt, endAt: new Date(Date.parse(startAt) + 1_800_000).toISOString() } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, startAt: new Date(startAt) };
}

describe('check: the conditions again when an item goes', () => {
  it('finds nothing against an item that may go', async () => {
    const a = await appointment(8);
    expect(await check(await newItem(ctx, home, email, { clientId: owner.id, patientIds: [pets[0]!.id], appointmentId: a.id, appointmentStartAt: a.startAt }), email)).toBeNull();
  });

  it('says why, for each reason', async () => {
    const cases: [SuppressionReason, () => Promise<[ItemRow, AutomationRow]>][] = [
      ['automationPaused', async () => {
        const paused = await newAutomation(ctx, home, 'email', { active: false });
        return [await newItem(ctx, home, paused, { clientId: owner.id }), paused];
      }],
      ['automationDeleted', async () => {
        const gone = await newAutomation(ctx, home, 'email');
        await automationsRepository.update(db(), home, gone.id, { deletedAt: new Date() });
        return [await newItem(ctx, home, gone, { clientId: owner.id }), gone];
      }],
      ['clientArchived', async () => {
        const c = await newClient(home.admin, home.locationId, { email: 'gone@example.com' });
        expect((await home.admin.call(api.archiveClient, { params: { id: c.id } })).statusCode).toBe(200);
        return [await newItem(ctx, home, email, { clientId: c.id }), email];
      }],
      ['patientRecordGone', async () => [await newItem(ctx, home, sms, { clientId: owner.id, patientIds: [randomUUID()] }), sms]],
      ['patientDied', async () => {
        const c = await newClient(home.admin, home.locationId, { phone: '+1 530 555 0111' });
        const p = await newPatient(home.admin, c.id, home.speciesId, { name: 'Old Tom' });
        await died(p.id);
        return [await newItem(ctx, home, sms, { clientId: c.id, patientIds: [p.id] }), sms];
      }],
      ['noEmail', async () => [await newItem(ctx, home, email, { clientId: (await newClient(home.admin, home.locationId)).id }), email]],
      ['noPhone', async () => [await newItem(ctx, home, sms, { clientId: (await newClient(home.admin, home.locationId)).id }), sms]],
      ['clientOptedOut', async () => {
        const c = await newClient(home.admin, home.locationId, { phone: '+1 530 555 0177' });
        await communicationsRepository.recordConsent(db(), home, { locationId: home.locationId, phone: toE164(c.phone!), clientId: c.id, optedOut: true, keyword: 'STOP' });
        return [await newItem(ctx, home, sms, { clientId: c.id }), sms];
      }],
      ['appointmentGone', async () => [await newItem(ctx, home, sms, { clientId: owner.id, appointmentId: null }), sms]],
      ['appointmentCancelled', async () => {
        const a = await appointment(12);
        const res = await home.admin.call(api.cancelAppointment, { params: { id: a.id }, body: { data: { reason: 'Owner called' } } });
        expect(res.statusCode, res.body).toBe(200);
        return [await newItem(ctx, home, email, { clientId: owner.id, appointmentId: a.id, appointmentStartAt: a.startAt }), email];
      }],
      ['appointmentMoved', async () => {
        const a = await appointment(14);
        return [await newItem(ctx, home, email, { clientId: owner.id, appointmentId: a.id, appointmentStartAt: new Date(a.startAt.getTime() - 3_600_000) }), email];
      }],
      ['appointmentConfirmed', async () => {
        const awaiting = await newAutomation(ctx, home, 'sms', { trigger: 'appointmentStatusChanged', status: 'Pending' });
        const a = await appointment(16);
        expect((await home.admin.call(api.updateAppointment, { params: { id: a.id }, body: { data: { status: 'Confirmed' } } })).statusCode).toBe(200);
        return [await newItem(ctx, home, awaiting, { clientId: owner.id, appointmentId: a.id }), awaiting];
      }],
      ['invoicePaid', async () => {
        const unpaid = await newAutomation(ctx, home, 'email', { trigger: 'invoiceUnpaid', offset: 30, sendTime: '10:00' });
        const invoiceId = await insertInvoice(ctx, { accountId: home.accountId, locationId: home.locationId, clientId: owner.id }, { total: 0 });
        return [await newItem(ctx, home, unpaid, { clientId: owner.id, invoiceId }), unpaid];
      }],
      ['invoiceVoided', async () => {
        const unpaid = await newAutomation(ctx, home, 'email', { trigger: 'invoiceUnpaid', offset: 30, sendTime: '10:00' });
        const invoiceId = await insertInvoice(ctx, { accountId: home.accountId, locationId: home.locationId, clientId: owner.id }, { total: 5000, status: 'void' });
        return [await newItem(ctx, home, unpaid, { clientId: owner.id, invoiceId }), unpaid];
      }],
      ['vaccinationGiven', async () => {
        const h = await household3(['Dot']);
        // the due date it was queued for has changed
        return [await newItem(ctx, home, household, { ...h.item, vaccinationDueOns: ['2026-11-01'] }), household];
      }],
      ['vaccinationGiven', async () => {
        const h = await household3(['Eve']);
        // the next dose was given since
        await home.admin.call(api.vaccinationOps.create!, { body: { data: { patientId: h.animals[0]!.id, vaccine: 'rabies', givenOn: '2026-11-25', nextDueOn: '2027-11-25' } } });
        return [await newItem(ctx, home, household, h.item), household];
      }],
      ['allPatientsDied', async () => {
        const h = await household3(['Fig', 'Gus']);
        for (const p of h.animals) await died(p.id);
        return [await newItem(ctx, home, household, h.item), household];
      }],
      ['editedPetDied', async () => {
        const h = await household3(['Hap', 'Ivy']);
        await died(h.animals[0]!.id);
        return [await newItem(ctx, home, household, { ...h.item, editedAt: new Date() }), household];
      }],
    ];
    for (const [reason, make] of cases) {
      const [item, automation] = await make();
      expect(await check(item, automation), reason).toBe(reason);
    }
  });

  it("lets an automation meant for after a death go about a pet that died", async () => {
    const sympathy = await newAutomation(ctx, home, 'email', { trigger: 'formSubmitted', forDeceased: true });
    const c = await newClient(home.admin, home.locationId, { email: 'grief@example.com' });
    const p = await newPatient(home.admin, c.id, home.speciesId, { name: 'Pip' });
    await died(p.id);
    expect(await check(await newItem(ctx, home, sympathy, { clientId: c.id, patientIds: [p.id] }), sympathy)).toBeNull();
  });
});

describe('deliver: a household reminder', () => {
  it('leaves out a pet that died and names only the living in the text', async () => {
    const h = await household3(['Bella', 'Max', 'Luna']);
    await died(h.animals[1]!.id);
    const item = await newItem(ctx, home, household, h.item);
    const result = await ctx.database.db.transaction((tx) => delivery.deliver(tx, home, item, null));
    expect(result.status).toBe('sent');
    expect(result.item).toMatchObject({ patientIds: [h.animals[0]!.id, h.animals[2]!.id], vaccinationIds: [h.vaccinations[0]!.id, h.vaccinations[2]!.id] });
    const message = await communicationsRepository.findById(db(), home, result.item.outboxMessageId!);
    expect(message?.body).toBe('Hi Hal, Bella and Luna are due: Bella: Rabies on 3 December 2026; Luna: Lepto on 5 December 2026');
  });
});

describe('the sender', () => {
  const dueItems = async (t: TestAccount, automation: AutomationRow, clientId: string, n: number) => {
    const items = [];
    for (let i = 0; i < n; i++) items.push(await newItem(ctx, t, automation, { clientId, status: 'scheduled', dueAt: new Date(Date.now() - 1000) }));
    return items;
  };
  const messagesOf = (t: TestAccount) => communicationsRepository.count(ctx.database.db, t);

  it('sends each due item once, with two senders racing; the waiting and the future stay', async () => {
    const t = await createAccount(ctx);
    await canMessage(ctx, t);
    const auto = await newAutomation(ctx, t, 'email');
    const c = await newClient(t.admin, t.locationId, { firstName: 'Rae', email: 'rae@example.com' });
    const items = await dueItems(t, auto, c.id, 6);
    const pending = await newItem(ctx, t, auto, { clientId: c.id, dueAt: new Date(Date.now() - 1000) });
    const future = await newItem(ctx, t, auto, { clientId: c.id, status: 'scheduled', dueAt: new Date(Date.now() + 3_600_000) });
    const [a, b] = [new AutomationSender(db(), delivery, { batch: 2 }), new AutomationSender(db(), delivery, { batch: 2 })];
    await Promise.all([a.run(), b.run()]);
    const after = await Promise.all(items.map((i) => itemNow(ctx, t, i.id)));
    expect(after.map((i) => i.status)).toEqual(items.map(() => 'sent'));
    expect(new Set(after.map((i) => i.outboxMessageId)).size).toBe(items.length);
    expect(await messagesOf(t)).toBe(items.length);
    expect(after[0]).toMatchObject({ sentById: null, claimedUntil: null, toAddress: 'rae@example.com' });
    expect((await itemNow(ctx, t, pending.id)).status).toBe('pending');
    expect((await itemNow(ctx, t, future.id)).status).toBe('scheduled');
    // nothing left: another run sends nothing
    await a.run();
    expect(await messagesOf(t)).toBe(items.length);
  });

  it('loses and duplicates nothing when a sender stops between its claim and the send', async () => {
    const t = await createAccount(ctx);
    await canMessage(ctx, t);
    const auto = await newAutomation(ctx, t, 'email');
    const c = await newClient(t.admin, t.locationId, { email: 'sam@example.com' });
    const items = await dueItems(t, auto, c.id, 3);
    const leaseMs = 60_000;
    // the first sender claims, then its process ends before it sends
    const gone = new AutomationSender(db(), delivery, { leaseMs });
    const claimed = (await gone.claim(new Date(), 50)).filter((r) => r.accountId === t.accountId);
    expect(claimed).toHaveLength(3);
    // while the lease holds, another sender leaves them
    const next = new AutomationSender(db(), delivery, { leaseMs });
    await next.run();
    expect(await messagesOf(t)).toBe(0);
    // a send that dies mid-transaction leaves nothing behind
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await delivery.deliver(tx, t, (await automationItemsRepository.findById(tx, t, items[0]!.id, { lock: 'update' }))!, null);
        throw new Error('the process ended');
      }),
    ).rejects.toThrow('the process ended');
    expect(await messagesOf(t)).toBe(0);
    expect((await itemNow(ctx, t, items[0]!.id)).status).toBe('scheduled');
    // once the lease has ended, another takes them and sends each once
    await next.run(() => new Date(Date.now() + leaseMs + 1000));
    expect(await messagesOf(t)).toBe(3);
    // the first comes back: what it held is no longer its own
    for (const row of claimed) expect(await gone.sendOne(row)).toBeUndefined();
    expect(await messagesOf(t)).toBe(3);
  });

  it('suppresses at send time what may no longer go', async () => {
    const t = await createAccount(ctx);
    await canMessage(ctx, t);
    const auto = await newAutomation(ctx, t, 'sms');
    const c = await newClient(t.admin, t.locationId, { phone: '+1 530 555 0123' });
    await communicationsRepository.recordConsent(db(), t, { locationId: t.locationId, phone: toE164(c.phone!), clientId: c.id, optedOut: true, keyword: 'STOP' });
    const [item] = await dueItems(t, auto, c.id, 1);
    await new AutomationSender(db(), delivery).run();
    expect(await itemNow(ctx, t, item!.id)).toMatchObject({ status: 'suppressed', reason: api.SUPPRESSION_REASONS.clientOptedOut, outboxMessageId: null });
    expect(await messagesOf(t)).toBe(0);
  });
});

describe('insertItems and claim', () => {
  it('makes one item per automation, target and occurrence, and takes a claim once', async () => {
    const row: NewItemRow = { kind: 'sms', automationId: sms.id, locationId: home.locationId, trigger: 'appointmentCreated', occurrenceKey: `appointment:${randomUUID()}`, status: 'scheduled', dueAt: new Date() };
    expect(await automationItemsRepository.insertItems(db(), home, [row])).toHaveLength(1);
    expect(await automationItemsRepository.insertItems(db(), home, [row, { ...row, occurrenceKey: `${row.occurrenceKey}:2` }])).toHaveLength(1);
    expect(await automationItemsRepository.claim(db(), home, sms.id, ['run:a', 'run:b'])).toEqual(['run:a', 'run:b']);
    expect(await automationItemsRepository.claim(db(), home, sms.id, ['run:b', 'run:c', 'run:c'])).toEqual(['run:c']);
  });
});

describe('the firing\'s look-ups', () => {
  it('finds the live, active automations of a trigger at a location, in one account or across accounts', async () => {
    const t = await createAccount(ctx);
    await canMessage(ctx, t);
    const everywhere = await newAutomation(ctx, t, 'email', { trigger: 'patientBirthday', sendTime: '09:00' });
    const here = await newAutomation(ctx, t, 'task', { trigger: 'patientBirthday', sendTime: '09:00', locationId: t.locationId });
    await newAutomation(ctx, t, 'sms', { trigger: 'patientBirthday', sendTime: '09:00', active: false });
    const gone = await newAutomation(ctx, t, 'sms', { trigger: 'patientBirthday', sendTime: '09:00' });
    await automationsRepository.update(db(), t, gone.id, { deletedAt: new Date() });
    const found = await automationsRepository.activeFor(db(), t, 'patientBirthday', t.locationId);
    expect(found.map((a) => a.id).sort()).toEqual([everywhere.id, here.id].sort());
    const across = (await automationsRepository.activeAcrossAccounts(db(), ['patientBirthday'])).filter((a) => a.accountId === t.accountId);
    expect(across.map((a) => a.id).sort()).toEqual([everywhere.id, here.id].sort());
  });
});
