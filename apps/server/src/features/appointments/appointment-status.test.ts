// Status changes: the usual path through an update (with the history of who changed what), the
// cancel action, patients recorded deceased when a euthanasia is done, and corrections.
import { describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { addDays } from '@willow/contracts';
import { holdTransaction, onPostgres, waitForLockWaiters } from '../../../test/concurrency.js';
import { errorOf, type Client } from '../../../test/harness.js';
import { newClient } from '../../../test/records.js';
import { at, newHousehold, newService } from '../../../test/scheduling-records.js';
import { appointmentsRepository } from './appointments.repository.js';
import {
  assistant,
  book,
  bookingFor,
  ctx,
  desk,
  detail,
  home,
  other,
  service,
  setUpAppointments,
  theirs,
  times,
  nextDay,
  update,
  vet,
  type Provider,
} from './appointments.fixtures.js';

setUpAppointments();

describe('status changes', () => {
  it('walks the cremation path, keeping each change in order with who made it', async () => {
    const { data } = await bookingFor({ status: 'Pending', ...times('07:00', '07:30') });
    const appointment = await book(data);
    const path: [api.AppointmentStatus, Client & { userId: string }][] = [
      ['Confirmed', desk],
      ['Checked In', vet],
      ['Checked Out', vet],
      ['Submitted For Cremation', assistant],
      ['Cremated', desk],
      ['Ashes Spread', desk],
    ];
    for (const [status, who] of path) {
      const res = await update(appointment.id, { status, statusNote: `to ${status}` }, who);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const names = new Map([desk, vet, assistant].map((u) => [u.userId, u === desk ? 'Dana User' : (u as Provider).name]));
    const history = (await detail(appointment.id)).statusHistory;
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.note, h.changedBy?.name])).toEqual([
      [null, 'Pending', null, 'Dana User'],
      ...path.map(([status, who], i) => [i === 0 ? 'Pending' : path[i - 1]![0], status, `to ${status}`, names.get(who.userId)]),
    ]);
    const changedAt = history.map((h) => Date.parse(h.changedAt));
    expect(changedAt).toEqual([...changedAt].sort((x, y) => x - y));
  });

  it('enters the cremation path only with an end-of-life service, and says which service is missing', async () => {
    const wellness = await newService(home.admin, home.locationId, { type: 'Consultation', name: 'Wellness exam' });
    const { data } = await bookingFor({ serviceIds: [wellness.id], ...times('05:00', '05:30') });
    const appointment = await book(data);
    for (const status of ['Checked In', 'Checked Out'] as const) expect((await update(appointment.id, { status }, vet)).statusCode).toBe(200);
    const refused = await update(appointment.id, { status: 'Submitted For Cremation' }, vet);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('status: Submitted For Cremation needs a euthanasia, cremation or aftercare service on the appointment');
    expect((await detail(appointment.id)).status).toBe('Checked Out');
    // Adding the cremation service in the same change is enough.
    const cremation = await newService(home.admin, home.locationId, { type: 'Cremation', name: 'Private cremation' });
    const accepted = await update(appointment.id, { status: 'Submitted For Cremation', serviceIds: [wellness.id, cremation.id] }, vet);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('lets only one of two simultaneous changes from the same status through', async () => {
    const { data } = await bookingFor({ status: 'Pending', ...times('04:00', '04:30') });
    const request = await book(data);
    // On PostgreSQL the two requests run side by side: hold them at the row until both have read it.
    const gate = onPostgres
      ? await holdTransaction(ctx, (tx) => appointmentsRepository.findForUpdate(tx, home, request.id).then(() => undefined))
      : undefined;
    const changes = [update(request.id, { status: 'Confirmed' }), update(request.id, { status: 'Rejected' })];
    if (gate) {
      await waitForLockWaiters(ctx, 2);
      await gate.commit();
    }
    const results = await Promise.all(changes);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const won = (results.find((r) => r.statusCode === 200)!.json() as api.Appointment).status;
    const lost = won === 'Confirmed' ? 'Rejected' : 'Confirmed';
    expect(errorOf(results.find((r) => r.statusCode === 400)!)).toBe(`status: cannot change from ${won} to ${lost}`);
    const got = await detail(request.id);
    expect(got.status).toBe(won);
    expect(got.statusHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'Pending'],
      ['Pending', won],
    ]);
  });

  it('refuses an illegal move naming both statuses, and Cancelled through update', async () => {
    const { data } = await bookingFor({ ...times('06:00', '06:30') });
    const appointment = await book(data);
    const illegal = await update(appointment.id, { status: 'Cremated' });
    expect(illegal.statusCode).toBe(400);
    expect(errorOf(illegal)).toBe('status: cannot change from Confirmed to Cremated');
    const back = await update(appointment.id, { status: 'Pending' });
    expect(errorOf(back)).toBe('status: cannot change from Confirmed to Pending');
    const cancel = await update(appointment.id, { status: 'Cancelled' });
    expect(cancel.statusCode).toBe(400);
    expect(errorOf(cancel)).toBe('status: use Cancel to cancel an appointment');
    const got = await detail(appointment.id);
    expect(got.status).toBe('Confirmed');
    expect(got.statusHistory).toHaveLength(1);
    // The same status again is no change at all.
    expect((await update(appointment.id, { status: 'Confirmed' })).statusCode).toBe(200);
    expect((await detail(appointment.id)).statusHistory).toHaveLength(1);
  });

  it('updates only what is sent, checking the references sent', async () => {
    const day = nextDay();
    const { household, data } = await bookingFor(
      { startAt: at('13:00', day), endAt: at('13:30', day), notes: 'First' },
      { patients: ['Max', 'Bella'] },
    );
    const appointment = await book(data);
    const res = await update(appointment.id, { patientIds: [household.patients[1]!.id], secondaryProviderId: assistant.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      patientIds: [household.patients[1]!.id],
      secondaryProviderId: assistant.userId,
      notes: 'First',
      startAt: at('13:00', day),
      serviceIds: [service.id],
    });
    const cases: [api.AppointmentUpdateInput, string][] = [
      [{ clientId: theirs.client }, 'clientId: unknown client'],
      [{ patientIds: [theirs.patient] }, 'patientIds: unknown patient'],
      [{ serviceIds: [theirs.service.id] }, 'serviceIds: unknown service'],
      [{ primaryProviderId: theirs.vet }, 'primaryProviderId: unknown user'],
      [{ clientId: (await newClient(desk, home.locationId)).id }, 'patientIds: each patient must belong to the client'],
      [{ endAt: at('12:00', day) }, 'endAt: must be after the start'],
      [{ startAt: at('13:00', addDays(day, -2)) }, 'endAt: must be at most 24 hours after the start'],
      [{ status: 'Done' as api.AppointmentStatus }, expect.stringMatching(/^status: Invalid option/) as unknown as string],
    ];
    for (const [patch, message] of cases) {
      const r = await update(appointment.id, patch);
      expect(r.statusCode, JSON.stringify(patch)).toBe(400);
      expect(errorOf(r)).toEqual(message);
    }
    // Another household's client with its own patient together is fine.
    const moved = await newHousehold(desk, home, { lastName: 'Moved' });
    const ok = await update(appointment.id, { clientId: moved.client.id, patientIds: [moved.patients[0]!.id] });
    expect(ok.json()).toMatchObject({ clientId: moved.client.id, client: { lastName: 'Moved' }, patients: [{ name: 'Max' }] });
  });

  it('answers 404 for another account’s appointment', async () => {
    const res = await update(theirs.appointment.id, { notes: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).notes).toBeNull();
  });
});

describe('POST /api/appointment/{id}/cancel', () => {
  it('cancels with the reason, kept on the appointment and in the history', async () => {
    const { data } = await bookingFor({ ...times('17:00', '17:30') });
    const appointment = await book(data);
    const res = await vet.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: ' Owner called ' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', cancellationReason: 'Owner called' });
    const history = (await detail(appointment.id)).statusHistory;
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'Confirmed',
      toStatus: 'Cancelled',
      note: 'Owner called',
      changedBy: { id: vet.userId, name: 'Vera User' },
    });
  });

  it('refuses cancelling from a status that cannot be cancelled, and an empty reason', async () => {
    const { data } = await bookingFor({ ...times('18:00', '18:30') });
    const appointment = await book(data);
    const empty = await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: '  ' } } });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toBe('reason: is required');
    expect((await update(appointment.id, { status: 'Checked In' })).statusCode).toBe(200);
    const checkedIn = await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Too late' } } });
    expect(checkedIn.statusCode).toBe(400);
    expect(errorOf(checkedIn)).toBe('status: cannot change from Checked In to Cancelled');

    const { data: second } = await bookingFor({ ...times('19:00', '19:30') });
    const once = await book(second);
    expect((await desk.call(api.cancelAppointment, { params: { id: once.id }, body: { data: { reason: 'Owner called' } } })).statusCode).toBe(200);
    const twice = await desk.call(api.cancelAppointment, { params: { id: once.id }, body: { data: { reason: 'Again' } } });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice)).toBe('status: cannot change from Cancelled to Cancelled');
    // A final status cannot be left through update either.
    expect(errorOf(await update(once.id, { status: 'Confirmed' }))).toBe('status: cannot change from Cancelled to Confirmed');
  });

  it('answers 404 for another account’s appointment', async () => {
    const res = await desk.call(api.cancelAppointment, { params: { id: theirs.appointment.id }, body: { data: { reason: 'Mine' } } });
    expect(res.statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).status).toBe('Confirmed');
  });
});

describe('a euthanasia appointment done', () => {
  const getPatient = async (id: string) => (await desk.call(api.getPatient, { params: { id } })).json() as api.PatientWithClient;
  async function walk(id: string, last: api.AppointmentUpdateInput) {
    for (const status of ['Checked In', 'Checked Out'] as const) expect((await update(id, { status }, vet)).statusCode).toBe(200);
    return update(id, last, vet);
  }

  it('marks the patients chosen deceased on the appointment’s local date, in the history of each', async () => {
    const day = nextDay();
    // 23:30 in New York is already the next day in UTC: the date is the location's.
    const { household, data } = await bookingFor({ startAt: at('23:00', day), endAt: at('23:30', day) }, { patients: ['Max', 'Bella'] });
    const appointment = await book(data);
    const [max, bella] = household.patients;
    const res = await walk(appointment.id, { status: 'Completed', deceasedPatientIds: [max!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getPatient(max!.id)).deceasedOn).toBe(day);
    expect((await getPatient(bella!.id)).deceasedOn).toBeNull();
    const audit = (await home.admin.call(api.listAuditEvents, { query: { entityType: 'patient', entityId: max!.id } })).json() as api.AuditEvent[];
    expect(audit[0]).toMatchObject({ action: 'update', changes: { deceasedOn: expect.anything() } });
    // Going on into the cremation path offers the other one again; [] leaves everyone as they are.
    expect((await update(appointment.id, { status: 'Submitted For Cremation', deceasedPatientIds: [] }, vet)).statusCode).toBe(200);
    expect((await getPatient(bella!.id)).deceasedOn).toBeNull();
  });

  it('marks all of them when the change does not say, and leaves one already deceased as it was', async () => {
    const day = nextDay();
    const { household, data } = await bookingFor({ startAt: at('10:00', day), endAt: at('10:30', day) }, { patients: ['Max', 'Bella'] });
    const appointment = await book(data);
    const [max, bella] = household.patients;
    await desk.call(api.setPatientDeceased, { params: { id: bella!.id }, body: { data: { deceasedOn: '2025-01-02', note: 'At home' } } });
    expect((await walk(appointment.id, { status: 'Submitted For Cremation' })).statusCode).toBe(200);
    expect((await getPatient(max!.id)).deceasedOn).toBe(day);
    expect(await getPatient(bella!.id)).toMatchObject({ deceasedOn: '2025-01-02', deceasedNote: 'At home' });
  });

  it('marks nobody for another kind of visit, and refuses a patient not on the appointment with nothing changed', async () => {
    const wellness = await newService(home.admin, home.locationId, { type: 'Consultation', name: 'Check-up' });
    const { household, data } = await bookingFor({ serviceIds: [wellness.id], ...times('10:00', '10:30') });
    const visit = await book(data);
    expect((await walk(visit.id, { status: 'Completed' })).statusCode).toBe(200);
    expect((await getPatient(household.patients[0]!.id)).deceasedOn).toBeNull();

    const { household: second, data: euthanasia } = await bookingFor({ ...times('11:00', '11:30') });
    const appointment = await book(euthanasia);
    const refused = await walk(appointment.id, { status: 'Completed', deceasedPatientIds: [household.patients[0]!.id] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('deceasedPatientIds: each patient must be on the appointment');
    // One transaction: the status stays too.
    expect((await detail(appointment.id)).status).toBe('Checked Out');
    expect((await getPatient(second.patients[0]!.id)).deceasedOn).toBeNull();
  });
});

describe('POST /api/appointment/{id}/correct', () => {
  const correct = (id: string, data: api.CorrectStatusInput, caller: Client = vet) =>
    caller.call(api.correctAppointmentStatus, { params: { id }, body: { data } });

  it('moves a finished appointment to another status, kept in the history as a correction with its reason', async () => {
    const { data } = await bookingFor({ ...times('08:00', '08:30') });
    const appointment = await book(data);
    for (const status of ['Checked In', 'Checked Out', 'Completed'] as const)
      expect((await update(appointment.id, { status }, vet)).statusCode).toBe(200);
    const res = await correct(appointment.id, { status: 'Checked Out', reason: ' Completed by mistake ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('Checked Out');
    const last = (await detail(appointment.id)).statusHistory.at(-1);
    expect(last).toMatchObject({
      fromStatus: 'Completed',
      toStatus: 'Checked Out',
      note: 'Completed by mistake',
      correction: true,
      changedBy: { id: vet.userId },
    });
    // The usual path goes on from there, and ordinary changes are not corrections.
    expect((await update(appointment.id, { status: 'Completed' }, vet)).statusCode).toBe(200);
    expect((await detail(appointment.id)).statusHistory.at(-1)).toMatchObject({ toStatus: 'Completed', correction: false });
  });

  it('brings a cancelled appointment back, clearing the reason, and asks about a clash with what was booked since', async () => {
    const day = nextDay();
    const { data } = await bookingFor({ startAt: at('09:00', day), endAt: at('09:30', day), primaryProviderId: vet.userId });
    const appointment = await book(data);
    await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Owner called' } } });
    const { data: other } = await bookingFor(
      { startAt: at('09:00', day), endAt: at('09:30', day), primaryProviderId: vet.userId },
      { lastName: 'Later' },
    );
    await book(other);
    const clash = await correct(appointment.id, { status: 'Confirmed', reason: 'Owner called back' }, home.admin);
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toMatch(/^Overlaps Vera User’s appointment 09:00–09:30/);
    const res = await correct(appointment.id, { status: 'Confirmed', reason: 'Owner called back', overlapReason: 'Two rooms' }, home.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Confirmed', cancellationReason: null, overlapReason: 'Two rooms' });
  });

  it('answers 400 without a reason, for an unfinished appointment, the same status, or cremation without the service', async () => {
    const { data } = await bookingFor({ ...times('12:00', '12:30') });
    const appointment = await book(data);
    const unfinished = await correct(appointment.id, { status: 'Pending', reason: 'Mistake' });
    expect(unfinished.statusCode).toBe(400);
    expect(errorOf(unfinished)).toBe('status: only a finished appointment is corrected; change the status of this Confirmed one instead');
    await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Owner called' } } });
    const cases: [api.CorrectStatusInput, string][] = [
      [{ status: 'Confirmed', reason: '  ' }, 'reason: is required'],
      [{ status: 'Cancelled', reason: 'Again' }, 'status: the appointment is already Cancelled'],
    ];
    for (const [input, message] of cases) {
      const r = await correct(appointment.id, input);
      expect(r.statusCode).toBe(400);
      expect(errorOf(r)).toBe(message);
    }
    const wellness = await newService(home.admin, home.locationId, { type: 'Consultation', name: 'Recheck' });
    const { data: visitData } = await bookingFor({ serviceIds: [wellness.id], ...times('13:00', '13:30') });
    const visit = await book(visitData);
    await desk.call(api.cancelAppointment, { params: { id: visit.id }, body: { data: { reason: 'Owner called' } } });
    const cremated = await correct(visit.id, { status: 'Cremated', reason: 'Wrong one' });
    expect(errorOf(cremated)).toBe('status: Cremated needs a euthanasia, cremation or aftercare service on the appointment');
    expect((await detail(visit.id)).status).toBe('Cancelled');
  });

  it('answers 403 with what is needed to those who may not correct', async () => {
    const { data } = await bookingFor({ ...times('14:00', '14:30') });
    const appointment = await book(data);
    await desk.call(api.cancelAppointment, { params: { id: appointment.id }, body: { data: { reason: 'Owner called' } } });
    for (const caller of [desk, assistant]) {
      const res = await correct(appointment.id, { status: 'Confirmed', reason: 'Mistake' }, caller);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(api.CORRECT_STATUS_DENIED);
    }
    expect((await detail(appointment.id)).status).toBe('Cancelled');
  });

  it('answers 404 for another account’s appointment', async () => {
    const res = await correct(theirs.appointment.id, { status: 'Cancelled', reason: 'Mine' }, home.admin);
    expect(res.statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).status).toBe('Confirmed');
  });
});
