// What happens in the practice fires automations in its own transaction: a sympathy card once
// however many times the death is recorded, a booking and each status reached (cremation ones
// included, forDeceased ones despite the death), and a STOP that silences every text, queued
// before it or after.
import { beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { addDays, localDate, SUPPRESSION_REASONS } from '@willow/contracts';
import { at, newService } from '../../../test/scheduling-records.js';
import { communicationsRepository, toE164 } from '../communications/index.js';
import { instantOn } from './automation-times.rules.js';
import { automation, ctx, emailTemplate, home, household, itemsOf, recordDeath, send, setUpAutomations, smsTemplate } from './automation-firing.fixtures.js';

setUpAutomations();

const NY = 'America/New_York';
let service: api.Service;
beforeAll(async () => {
  service = await newService(home.admin, home.locationId);
});

async function book(clientId: string, patientIds: string[], day: string, serviceIds = [service.id], status: api.AppointmentStatus = 'Confirmed') {
  const res = await home.admin.call(api.createAppointment, {
    body: { data: { locationId: home.locationId, clientId, patientIds, serviceIds, status, startAt: at('10:00', day), endAt: at('10:30', day) } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Appointment;
}
async function walk(id: string, statuses: api.AppointmentStatus[]) {
  for (const status of statuses) {
    const res = await home.admin.call(api.updateAppointment, { params: { id }, body: { data: { status } } });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('a death', () => {
  it('fires the sympathy card once, 3 local days later at 10:00, even when the death is recorded twice', async () => {
    const card = await emailTemplate({ subject: 'Thinking of you', body: 'Dear {{ client.firstName }}, we are so sorry about {{ patient.name }}.' });
    const sympathy = await automation({ kind: 'email', trigger: 'patientDied', emailTemplateId: card.id, offset: 3, sendTime: '10:00', forDeceased: true });
    const { pets } = await household(['Rex']);
    await recordDeath(pets[0]!.id, '2026-11-20');
    await recordDeath(pets[0]!.id, '2026-11-21');
    const items = await itemsOf(sympathy);
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({ status: 'scheduled', reason: null, occurrenceKey: `patient:${pets[0]!.id}:died`, patientIds: [pets[0]!.id] });
    expect(item!.body).toContain('we are so sorry about Rex');
    expect(item!.dueAt.toISOString()).toBe(instantOn(addDays(localDate(item!.createdAt, NY), 3), '10:00', NY).toISOString());
    // The card goes even though Rex has died: it is meant for after a death.
    expect((await send(item!)).status).toBe('sent');
  });

  it('suppresses what waits about the pet (not what is meant for after a death), with the reason', async () => {
    const text = await smsTemplate('Hi {{ client.firstName }}, {{ patient.name }} is booked in.');
    const booked = await automation({ kind: 'sms', trigger: 'appointmentCreated', smsTemplateId: text.id, offset: 2, offsetUnit: 'days', sendTime: '09:00' });
    const card = await emailTemplate({ subject: 'For {{ patient.name }}', body: 'With sympathy.' });
    const kept = await automation({ kind: 'email', trigger: 'appointmentCreated', emailTemplateId: card.id, offset: 2, forDeceased: true });
    const { client, pets } = await household(['Pip']);
    await book(client.id, [pets[0]!.id], '2030-03-06');
    expect((await itemsOf(booked))[0]).toMatchObject({ status: 'scheduled' });
    await recordDeath(pets[0]!.id);
    expect((await itemsOf(booked))[0]).toMatchObject({ status: 'suppressed', reason: SUPPRESSION_REASONS.patientDied });
    expect((await itemsOf(kept)).find((i) => i.clientId === client.id)).toMatchObject({ status: 'scheduled', reason: null });
  });
});

describe('appointments', () => {
  it('fires on a booking for its services only, and on each status reached, cremation ones included', async () => {
    const other = await newService(home.admin, home.locationId, { type: 'Consultation', name: 'Check-up' });
    const note = await emailTemplate({ subject: 'Booked', body: '{{ patient.name }} on {{ appointment.date }}' });
    const onBooking = await automation({ kind: 'email', trigger: 'appointmentCreated', emailTemplateId: note.id, serviceIds: [other.id] });
    const ashes = await emailTemplate({ subject: 'Aftercare', body: 'Thinking of you and {{ patient.name }}.' });
    const aftercare = await automation({ kind: 'email', trigger: 'appointmentStatusChanged', status: 'Ashes Delivered', emailTemplateId: ashes.id, offset: 7, sendTime: '10:00', forDeceased: true });
    const ready = await smsTemplate('{{ patient.name }}’s ashes are ready.');
    const notForDeceased = await automation({ kind: 'sms', trigger: 'appointmentStatusChanged', status: 'Cremated', smsTemplateId: ready.id });

    const { client, pets } = await household(['Bella']);
    const euthanasia = await book(client.id, [pets[0]!.id], '2030-03-07');
    const checkUp = await book(client.id, [pets[0]!.id], '2030-03-08', [other.id]);
    expect((await itemsOf(onBooking)).map((i) => i.appointmentId)).toEqual([checkUp.id]);
    expect((await itemsOf(onBooking))[0]!.appointmentStartAt?.toISOString()).toBe(checkUp.startAt);

    // Completed marks Bella deceased; the cremation path goes on.
    await walk(euthanasia.id, ['Checked In', 'Checked Out', 'Completed', 'Submitted For Cremation', 'Cremated', 'Ashes Delivered']);
    const [cremated] = await itemsOf(notForDeceased);
    expect(cremated).toMatchObject({ occurrenceKey: `appointment:${euthanasia.id}:Cremated`, status: 'suppressed', reason: SUPPRESSION_REASONS.patientDied });
    const [delivered] = await itemsOf(aftercare);
    expect(delivered).toMatchObject({ occurrenceKey: `appointment:${euthanasia.id}:Ashes Delivered`, status: 'scheduled', appointmentId: euthanasia.id });
    expect(delivered!.body).toContain('Thinking of you and Bella.');
    // The check-up booked for her is left with nothing to remind: the death suppressed it.
    expect((await itemsOf(onBooking))[0]).toMatchObject({ status: 'suppressed', reason: SUPPRESSION_REASONS.patientDied });
  });
});

describe('a STOP', () => {
  it('suppresses every text: those queued after it at once, those queued before it when they go; email is not a text', async () => {
    const text = await smsTemplate();
    const onBooking = await automation({ kind: 'sms', trigger: 'appointmentCreated', smsTemplateId: text.id, offset: 1, offsetUnit: 'hours' });
    const onConfirm = await automation({ kind: 'sms', trigger: 'appointmentStatusChanged', status: 'Confirmed', smsTemplateId: text.id, requiresApproval: true });
    const mail = await emailTemplate({ subject: 'Booked', body: 'See you soon.' });
    const byEmail = await automation({ kind: 'email', trigger: 'appointmentCreated', emailTemplateId: mail.id });

    const { client, pets } = await household(['Max'], { phone: '+1 212 555 0199' });
    const before = await book(client.id, [pets[0]!.id], '2030-03-09');
    const queuedBefore = (await itemsOf(onBooking)).find((i) => i.appointmentId === before.id)!;
    expect(queuedBefore.status).toBe('scheduled');

    const db = ctx.database.db;
    await communicationsRepository.recordConsent(db, { accountId: home.accountId }, { locationId: home.locationId, phone: toE164('+1 212 555 0199'), clientId: client.id, optedOut: true, keyword: 'STOP' });

    const after = await book(client.id, [pets[0]!.id], '2030-03-10', [service.id], 'Pending');
    await walk(after.id, ['Confirmed']);
    const stopped = { status: 'suppressed', reason: SUPPRESSION_REASONS.clientOptedOut };
    expect((await itemsOf(onBooking)).find((i) => i.appointmentId === after.id)).toMatchObject(stopped);
    expect((await itemsOf(onConfirm)).find((i) => i.appointmentId === after.id)).toMatchObject(stopped);
    const sent = await send(queuedBefore);
    expect(sent).toMatchObject({ status: 'suppressed', reason: SUPPRESSION_REASONS.clientOptedOut });
    expect((await itemsOf(byEmail)).filter((i) => i.clientId === client.id).map((i) => i.status)).toEqual(['scheduled', 'scheduled']);
  });
});
