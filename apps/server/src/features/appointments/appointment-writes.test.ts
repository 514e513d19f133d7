// Booking and deleting an appointment: the references it names, add-ons booked with it, its audit
// trail, and a booking meeting a delete of what it refers to.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { holdTransaction, onPostgres, settledFlag, waitForLockWaiters } from '../../../test/concurrency.js';
import { createUser, errorOf } from '../../../test/harness.js';
import { addLocation, newClient } from '../../../test/records.js';
import { at, newAddOn, newHousehold, newService } from '../../../test/scheduling-records.js';
import { clients } from '../clients/clients.table.js';
import { usersRepository } from '../users/users.repository.js';
import { appointmentsRepository } from './appointments.repository.js';
import { appointmentAddOns, appointmentStatusChanges } from './appointments.table.js';
import {
  assistant,
  book,
  bookingFor,
  ctx,
  desk,
  detail,
  home,
  list,
  nextDay,
  other,
  provider,
  service,
  setUpAppointments,
  theirs,
  times,
  update,
  vet,
  vet2,
} from './appointments.fixtures.js';

setUpAppointments();

describe('POST /api/appointment', () => {
  it('creates a Confirmed appointment with its client, patients, services and first history row', async () => {
    const day = nextDay();
    const { household, data } = await bookingFor(
      {
        primaryProviderId: vet.userId,
        secondaryProviderId: assistant.userId,
        startAt: at('10:00', day),
        endAt: at('10:45', day),
        address: '12 Elm Street',
        notes: 'Quiet room please',
      },
      { patients: ['Max', 'Bella'] },
    );
    const created = await book(data);
    expect(created).toMatchObject({
      locationId: home.locationId,
      status: 'Confirmed',
      startAt: at('10:00', day),
      endAt: at('10:45', day),
      clientId: household.client.id,
      client: { id: household.client.id, firstName: 'Cora', lastName: 'Smith', email: null, phone: null },
      patientIds: household.patients.map((p) => p.id),
      patients: [
        { id: household.patients[0]!.id, name: 'Max', speciesName: 'Dog', deceasedOn: null, alerts: [] },
        { id: household.patients[1]!.id, name: 'Bella', speciesName: 'Dog', deceasedOn: null, alerts: [] },
      ],
      serviceIds: [service.id],
      services: [{ id: service.id, name: 'Home euthanasia', type: 'Euthanasia', duration: 30, price: 120 }],
      primaryProviderId: vet.userId,
      secondaryProviderId: assistant.userId,
      address: '12 Elm Street',
      notes: 'Quiet room please',
      cancellationReason: null,
      overlapReason: null,
      source: 'staff',
      requestedTimes: [],
      addOns: [],
    });
    const got = await detail(created.id);
    expect(got.statusHistory).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'Confirmed', note: null, changedBy: { id: desk.userId, name: 'Dana User' } }),
    ]);
    const { statusHistory, ...rest } = got;
    expect(rest).toEqual(created);
    expect(statusHistory).toHaveLength(1);
  });

  it('creates a Pending appointment when asked, and counts it in the pending badge', async () => {
    const { data } = await bookingFor({ status: 'Pending', ...times('08:00', '08:30') });
    const before = (await desk.call(api.countPendingAppointments)).json().count as number;
    const created = await book(data);
    expect(created.status).toBe('Pending');
    expect((await desk.call(api.countPendingAppointments)).json()).toEqual({ count: before + 1 });
  });

  it('answers 400 naming the field', async () => {
    const { data } = await bookingFor();
    const cases: [Partial<Record<keyof api.AppointmentInput, unknown>>, string][] = [
      [{ clientId: undefined }, 'clientId: is required'],
      [{ startAt: 'tomorrow' }, 'startAt: must be a date and time (ISO 8601)'],
      [{ endAt: data.startAt }, 'endAt: must be after the start'],
      [{ endAt: new Date(Date.parse(data.startAt) + 25 * 3_600_000).toISOString() }, 'endAt: must be at most 24 hours after the start'],
      [{ status: 'Checked In' }, 'status: Invalid option: expected one of "Pending"|"Confirmed"'],
      [{ notes: 'x'.repeat(1000) }, 'Message must be less than 1000 characters'],
      [{ patientIds: ['nope'] }, 'patientIds.0: must be a valid id'],
    ];
    for (const [extra, message] of cases) {
      const res = await desk.call(api.createAppointment, { body: { data: { ...data, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await list({ clientId: data.clientId })).items).toEqual([]);
  });

  it('answers 400 "unknown" for another account’s location, client, patient, service or provider', async () => {
    const { data } = await bookingFor(times('11:00', '11:30'));
    const cases: [Partial<api.AppointmentInput>, string][] = [
      [{ locationId: other.locationId }, 'locationId: unknown location'],
      [{ clientId: theirs.client }, 'clientId: unknown client'],
      [{ patientIds: [theirs.patient] }, 'patientIds: unknown patient'],
      [{ serviceIds: [theirs.service.id] }, 'serviceIds: unknown service'],
      [{ primaryProviderId: theirs.vet }, 'primaryProviderId: unknown user'],
      [{ secondaryProviderId: theirs.vet }, 'secondaryProviderId: unknown user'],
      [{ serviceIds: [randomUUID()] }, 'serviceIds: unknown service'],
    ];
    for (const [extra, message] of cases) {
      const res = await desk.call(api.createAppointment, { body: { data: { ...data, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await list({ clientId: data.clientId })).items).toEqual([]);
  });

  it('refuses references that do not fit together', async () => {
    const day = nextDay();
    const branch = await addLocation(ctx, home);
    const { data } = await bookingFor({ startAt: at('12:00', day), endAt: at('12:30', day) });
    const elsewhere = await newClient(desk, branch);
    const otherHousehold = await newHousehold(desk, home, { patients: ['Stray'] });
    const branchService = await newService(home.admin, branch);
    const retired = await newService(home.admin, home.locationId, { name: 'Retired', active: false });
    const inactive = await provider(home, 'appointments.primary_provider', 'Ivan');
    await usersRepository.update(ctx.database.db, home, inactive.userId, { isActive: false });
    const cases: [Partial<api.AppointmentInput>, string][] = [
      [{ clientId: elsewhere.id, patientIds: [] }, 'clientId: this client is not at this location'],
      [{ patientIds: [otherHousehold.patients[0]!.id] }, 'patientIds: each patient must belong to the client'],
      [{ serviceIds: [branchService.id] }, 'serviceIds: this service is not offered at this location'],
      [{ serviceIds: [retired.id] }, 'serviceIds: this service is no longer offered'],
      [{ primaryProviderId: desk.userId }, 'primaryProviderId: this user cannot be a primary provider'],
      [{ primaryProviderId: assistant.userId }, 'primaryProviderId: this user cannot be a primary provider'],
      [{ secondaryProviderId: vet.userId }, 'secondaryProviderId: this user cannot be a secondary provider'],
      [{ primaryProviderId: inactive.userId }, 'primaryProviderId: this user is not active'],
      [{ primaryProviderId: vet.userId, secondaryProviderId: vet.userId }, 'secondaryProviderId: must differ from the primary provider'],
    ];
    for (const [extra, message] of cases) {
      const res = await desk.call(api.createAppointment, { body: { data: { ...data, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await list({ clientId: data.clientId })).items).toEqual([]);
    // The administrator's role holds every account permission, providers' included.
    const adminId = (await home.admin.call(api.getProfile)).json().id as string;
    expect((await desk.call(api.createAppointment, { body: { data: { ...data, primaryProviderId: adminId } } })).statusCode).toBe(201);
  });

  it('attaches add-ons in the same transaction, copying name and price and checking values', async () => {
    const day = nextDay();
    const urn = await newAddOn(home.admin, home.locationId, {
      name: 'Urn',
      price: 89.5,
      options: [
        { name: 'Colour', choices: ['Oak', 'Walnut'] },
        { name: 'Engraving', choices: [] },
      ],
    });
    const { data } = await bookingFor({ startAt: at('13:00', day), endAt: at('13:30', day) });
    const refused: [api.AddOnAttachInput, string][] = [
      [{ addOnId: urn.id, values: { Colour: 'Pink' } }, 'addOns.0.values.Colour: must be one of Oak, Walnut'],
      [{ addOnId: urn.id, values: { Size: 'L' } }, 'addOns.0.values: unknown option "Size"'],
      [{ addOnId: randomUUID() }, 'addOns.0.addOnId: unknown add-on'],
    ];
    for (const [addOn, message] of refused) {
      const res = await desk.call(api.createAppointment, { body: { data: { ...data, addOns: [addOn] } } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await list({ clientId: data.clientId })).items).toEqual([]);

    const created = await book({ ...data, addOns: [{ addOnId: urn.id, values: { colour: 'Oak', Engraving: ' Max 2016–2030 ' } }] });
    expect(created.addOns).toEqual([
      {
        id: expect.any(String),
        appointmentId: created.id,
        addOnId: urn.id,
        name: 'Urn',
        price: 89.5,
        values: { Colour: 'Oak', Engraving: 'Max 2016–2030' },
      },
    ]);
  });
});

describe('DELETE /api/appointment/{id}', () => {
  it('deletes the appointment with its history and add-ons for good, with records.delete, and records it in the audit trail', async () => {
    const addOn = await newAddOn(home.admin, home.locationId);
    const { data } = await bookingFor({ ...times('20:00', '20:30'), addOns: [{ addOnId: addOn.id }] });
    const appointment = await book(data);
    const res = await home.admin.call(api.deleteAppointment, { params: { id: appointment.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await desk.call(api.getAppointment, { params: { id: appointment.id } })).statusCode).toBe(404);
    const db = ctx.database.db;
    expect(await db.$count(appointmentStatusChanges, eq(appointmentStatusChanges.appointmentId, appointment.id))).toBe(0);
    expect(await db.$count(appointmentAddOns, eq(appointmentAddOns.appointmentId, appointment.id))).toBe(0);
    const audit = (
      await home.admin.call(api.listAuditEvents, { query: { entityType: 'appointment', entityId: appointment.id } })
    ).json() as api.AuditEvent[];
    expect(audit.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(audit[1]!.actor?.id).toBe(desk.userId);
    expect((await home.admin.call(api.deleteAppointment, { params: { id: appointment.id } })).statusCode).toBe(404);
  });

  it('refuses staff without records.delete (Front Desk: 403); they cancel instead', async () => {
    const frontDesk = await createUser(ctx, home, [], { role: 'Front Desk' });
    const { data } = await bookingFor(times('22:00', '22:30'));
    const appointment = await book(data);
    const res = await frontDesk.call(api.deleteAppointment, { params: { id: appointment.id } });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(api.MESSAGES.permissionDenied);
    expect(await detail(appointment.id)).toMatchObject({ id: appointment.id, status: 'Confirmed' });
    const cancelled = await frontDesk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Booked twice' } } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('answers 404 for another account’s appointment', async () => {
    expect((await home.admin.call(api.deleteAppointment, { params: { id: theirs.appointment.id } })).statusCode).toBe(404);
    expect((await other.admin.call(api.getAppointment, { params: { id: theirs.appointment.id } })).statusCode).toBe(200);
  });
});

describe('audit trail', () => {
  it('records updates and cancellations with what changed', async () => {
    const day = nextDay();
    const { data } = await bookingFor({ startAt: at('21:00', day), endAt: at('21:30', day) });
    const appointment = await book(data);
    await update(appointment.id, { notes: 'Gate code 1234' });
    await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Weather' } } });
    const audit = (
      await home.admin.call(api.listAuditEvents, { query: { entityType: 'appointment', entityId: appointment.id } })
    ).json() as api.AuditEvent[];
    expect(audit.map((e) => [e.action, Object.keys(e.changes).sort()])).toEqual([
      ['update', ['cancellationReason', 'status']],
      ['update', ['notes']],
      ['create', expect.arrayContaining(['clientId', 'startAt', 'status'])],
    ]);
  });
});

describe.runIf(onPostgres)('a booking meeting a delete', () => {
  it('answers 400 when the client is deleted while the booking is written', async () => {
    const { household, data } = await bookingFor(times('02:00', '02:30'));
    // The delete has removed the client (and, with it, its patients) but not committed yet.
    const deleting = await holdTransaction(ctx, async (tx) => {
      await tx.delete(clients).where(eq(clients.id, household.client.id));
    });
    const booking = desk.call(api.createAppointment, { body: { data } });
    await waitForLockWaiters(ctx, 1, settledFlag(booking));
    await deleting.commit();
    const res = await booking;
    // The booking share-locks the client it names, so it waits for the delete and then finds no client.
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe('clientId: unknown client');
    // The client is gone (a filter naming it answers 404), and no appointment of theirs was written.
    expect((await desk.call(api.listAppointments, { query: { clientId: household.client.id } })).statusCode).toBe(404);
    expect((await list({ limit: 500 })).items.filter((a) => a.clientId === household.client.id)).toEqual([]);
  });

  it('makes a service delete wait for a booking with it and then refuse', async () => {
    const doomed = await newService(home.admin, home.locationId, { name: 'Short-lived' });
    const { data } = await bookingFor({ ...times('03:00', '03:30'), serviceIds: [doomed.id], primaryProviderId: vet2.userId });
    // The booking stops at its overlap lock, after checking its services, until the test lets it go.
    const gate = await holdTransaction(ctx, (tx) => appointmentsRepository.lockKeys(tx, [`appointment-provider:${vet2.userId}`]));
    const booking = desk.call(api.createAppointment, { body: { data } });
    await waitForLockWaiters(ctx, 1, settledFlag(booking));
    const deleting = home.admin.call(api.serviceOps.remove, { params: { id: doomed.id } });
    // The delete either finishes at once (nothing holds it back) or waits for the booking.
    await waitForLockWaiters(ctx, 2, settledFlag(deleting));
    await gate.commit();
    const [booked, deleted] = await Promise.all([booking, deleting]);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(errorOf(deleted)).toBe('This service is used by appointments. Make it inactive instead.');
    expect((await detail(booked.json().id)).services.map((s) => s.id)).toEqual([doomed.id]);
  });
});

// A patient on an appointment has history: deleting them is refused (patient-archive.test.ts).
