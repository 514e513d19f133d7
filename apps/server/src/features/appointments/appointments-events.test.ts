// appointment.statusChanged: told once per appointment whose status changes, by every path that
// changes one (the usual path, the cancel action, a correction, a patient's death), inside the
// change's transaction, so a refusal undoes the change.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { errorOf } from '../../../test/harness.js';
import { conflict } from '../../platform/errors.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { book, bookingFor, ctx, desk, detail, home, setUpAppointments, times, update, vet } from './appointments.fixtures.js';

setUpAppointments();

type Changed = DomainEvents['appointment.statusChanged'];
const seen: Changed[] = [];
const created: DomainEvents['appointment.created'][] = [];
const died: DomainEvents['patient.died'][] = [];
/** The appointments whose next status change the test subscriber refuses. */
const refused = new Set<string>();
const REFUSAL = 'Not while the test says no';

beforeAll(() => {
  ctx.app.container.events.on('appointment.statusChanged', 'test', async (_tx, _caller, event) => {
    if (refused.has(event.appointmentId)) throw conflict(REFUSAL);
    seen.push(event);
  });
  ctx.app.container.events.on('appointment.created', 'test', async (_tx, _caller, event) => void created.push(event));
  ctx.app.container.events.on('patient.died', 'test', async (_tx, _caller, event) => void died.push(event));
});
beforeEach(() => {
  seen.length = 0;
  created.length = 0;
  died.length = 0;
});

const of = (id: string) => seen.filter((e) => e.appointmentId === id);

describe('appointment.statusChanged', () => {
  it('tells a change along the usual path, the cancel action and a correction, each with from and to; booking is no change', async () => {
    const { household, data } = await bookingFor({ status: 'Pending', ...times('07:00', '07:30') });
    const appointment = await book(data);
    expect(of(appointment.id)).toEqual([]);

    expect((await update(appointment.id, { status: 'Confirmed', statusNote: 'Called' })).statusCode).toBe(200);
    // A change that keeps the status is not told.
    expect((await update(appointment.id, { notes: 'Bring the records' })).statusCode).toBe(200);
    expect(of(appointment.id)).toEqual([
      {
        appointmentId: appointment.id,
        locationId: home.locationId,
        clientId: household.client.id,
        patientIds: household.patients.map((p) => p.id),
        serviceIds: data.serviceIds,
        startAt: new Date(data.startAt),
        from: 'Pending',
        to: 'Confirmed',
        correction: false,
        changedById: desk.userId,
        changedAt: expect.any(Date),
      },
    ]);

    const cancelled = await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Owner called' } } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(of(appointment.id).at(-1)).toMatchObject({ from: 'Confirmed', to: 'Cancelled', correction: false, changedById: desk.userId });

    const corrected = await vet.call(api.correctAppointmentStatus, { params: { id: appointment.id }, body: { data: { status: 'Confirmed', reason: 'Cancelled by mistake' } } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(of(appointment.id).at(-1)).toMatchObject({ from: 'Cancelled', to: 'Confirmed', correction: true, changedById: vet.userId });
    expect(of(appointment.id)).toHaveLength(3);
  });

  it('tells each appointment a patient’s death cancels, once', async () => {
    const { household, data } = await bookingFor({ ...times('08:00', '08:30') });
    const [first, second] = [await book(data), await book({ ...data, ...times('09:00', '09:30') })];
    const pet = household.patients[0]!;
    const res = await home.admin.call(api.setPatientDeceased, {
      params: { id: pet.id },
      body: { data: { deceasedOn: '2025-01-02', cancelAppointments: { ids: [first.id, second.id], reason: 'Patient deceased' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    // In the order they were locked (by id), each once.
    const told = seen.map((e) => [e.appointmentId, e.from, e.to, e.patientIds]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const expected = [first.id, second.id].sort().map((id) => [id, 'Confirmed', 'Cancelled', [pet.id]]);
    expect(told).toEqual(expected);
  });

  it('runs in the change’s transaction: a subscriber’s refusal undoes the change and its history', async () => {
    const { data } = await bookingFor({ status: 'Pending', ...times('10:00', '10:30') });
    const appointment = await book(data);
    refused.add(appointment.id);
    try {
      const res = await update(appointment.id, { status: 'Confirmed' });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toBe(REFUSAL);
      const cancel = await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Owner called' } } });
      expect(cancel.statusCode).toBe(409);
    } finally {
      refused.delete(appointment.id);
    }
    const kept = await detail(appointment.id);
    expect(kept.status).toBe('Pending');
    expect(kept.statusHistory.map((h) => h.toStatus)).toEqual(['Pending']);
    expect(of(appointment.id)).toEqual([]);
  });
});

describe('appointment.created', () => {
  it('tells a staff booking once, with what a subscriber needs (its status is its first, no change)', async () => {
    const { household, data } = await bookingFor({ status: 'Pending', ...times('07:00', '07:30') });
    const appointment = await book(data);
    expect(created.filter((e) => e.appointmentId === appointment.id)).toEqual([
      {
        appointmentId: appointment.id,
        locationId: home.locationId,
        clientId: household.client.id,
        patientIds: household.patients.map((p) => p.id),
        serviceIds: data.serviceIds,
        startAt: new Date(data.startAt),
        status: 'Pending',
        source: 'staff',
        createdById: desk.userId,
        createdAt: expect.any(Date),
      },
    ]);
    expect(of(appointment.id)).toEqual([]);
    expect((await update(appointment.id, { status: 'Confirmed' })).statusCode).toBe(200);
    expect(created.filter((e) => e.appointmentId === appointment.id)).toHaveLength(1);
  });
});

describe('patient.died from a euthanasia done', () => {
  it('tells each patient it marks deceased, once, with the date and nothing to cancel', async () => {
    const { household, data } = await bookingFor({ ...times('10:00', '10:30') }, { patients: ['Max', 'Bella'] });
    const appointment = await book(data);
    for (const status of ['Checked In', 'Checked Out'] as const) expect((await update(appointment.id, { status }, vet)).statusCode).toBe(200);
    const [max] = household.patients;
    expect((await update(appointment.id, { status: 'Completed', deceasedPatientIds: [max!.id] }, vet)).statusCode).toBe(200);
    expect(died).toEqual([{ patientId: max!.id, deceasedOn: data.startAt.slice(0, 10), cancelAppointments: null }]);
    // Going on along the cremation path marks no one again.
    expect((await update(appointment.id, { status: 'Submitted For Cremation', deceasedPatientIds: [] }, vet)).statusCode).toBe(200);
    expect(died).toHaveLength(1);
  });
});
