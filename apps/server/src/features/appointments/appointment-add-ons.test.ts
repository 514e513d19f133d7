// Add-ons on an appointment one at a time, and attached with a change in its transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { errorOf } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { newAddOn } from '../../../test/scheduling-records.js';
import { book, bookingFor, ctx, desk, detail, home, other, setUpAppointments, theirs, times, update } from './appointments.fixtures.js';

setUpAppointments();

describe('add-ons on an appointment', () => {
  let appointment: api.Appointment;
  let urn: api.AddOn;
  beforeAll(async () => {
    urn = await newAddOn(home.admin, home.locationId, {
      name: 'Urn',
      price: 90,
      options: [
        { name: 'Colour', choices: ['Oak', 'Walnut'] },
        { name: 'Engraving', choices: [] },
      ],
    });
    const { data } = await bookingFor({ ...times('05:00', '05:30') });
    appointment = await book(data);
  });

  it('attaches, changes the values of and removes an add-on', async () => {
    const res = await desk.call(api.createAppointmentAddOn, {
      body: { data: { appointmentId: appointment.id, addOnId: urn.id, values: { Colour: 'Oak' } } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const attached = res.json() as api.AppointmentAddOn;
    expect(attached).toEqual({
      id: expect.any(String),
      appointmentId: appointment.id,
      addOnId: urn.id,
      name: 'Urn',
      price: 90,
      values: { Colour: 'Oak' },
    });

    // Later catalogue changes leave the attached copy as it was.
    expect((await home.admin.call(api.addOnOps.update, { params: { id: urn.id }, body: { data: { price: 120 } } })).statusCode).toBe(200);
    const changed = await desk.call(api.updateAppointmentAddOn, {
      params: { id: attached.id },
      body: { data: { values: { Colour: 'Walnut', Engraving: 'Max' } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ...attached, values: { Colour: 'Walnut', Engraving: 'Max' } });
    expect((await detail(appointment.id)).addOns).toEqual([{ ...attached, values: { Colour: 'Walnut', Engraving: 'Max' } }]);

    const removed = await desk.call(api.deleteAppointmentAddOn, { params: { id: attached.id } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await detail(appointment.id)).addOns).toEqual([]);
    expect((await desk.call(api.deleteAppointmentAddOn, { params: { id: attached.id } })).statusCode).toBe(404);
  });

  it('checks values against the add-on’s options', async () => {
    const attached = (
      await desk.call(api.createAppointmentAddOn, { body: { data: { appointmentId: appointment.id, addOnId: urn.id } } })
    ).json() as api.AppointmentAddOn;
    expect(attached.values).toEqual({});
    const cases: [Record<string, string>, string][] = [
      [{ Colour: 'Pink' }, 'values.Colour: must be one of Oak, Walnut'],
      [{ Size: 'Large' }, 'values: unknown option "Size"'],
      [{ Engraving: 'x'.repeat(201) }, 'values.Engraving: must be at most 200 characters'],
    ];
    for (const [values, message] of cases) {
      const res = await desk.call(api.updateAppointmentAddOn, { params: { id: attached.id }, body: { data: { values } } });
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(errorOf(res)).toBe(message);
      const create = await desk.call(api.createAppointmentAddOn, { body: { data: { appointmentId: appointment.id, addOnId: urn.id, values } } });
      expect(create.statusCode).toBe(400);
    }
    expect((await detail(appointment.id)).addOns.find((a) => a.id === attached.id)?.values).toEqual({});
  });

  it('refuses an add-on of another location or account, or no longer offered', async () => {
    const branch = await addLocation(ctx, home);
    const branchAddOn = await newAddOn(home.admin, branch);
    const retired = await newAddOn(home.admin, home.locationId, { name: 'Old', active: false });
    const theirAddOn = await newAddOn(other.admin, other.locationId);
    const cases: [string, string][] = [
      [branchAddOn.id, 'addOnId: this add-on is not offered at this location'],
      [retired.id, 'addOnId: this add-on is no longer offered'],
      [theirAddOn.id, 'addOnId: unknown add-on'],
    ];
    for (const [addOnId, message] of cases) {
      const res = await desk.call(api.createAppointmentAddOn, { body: { data: { appointmentId: appointment.id, addOnId } } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('attaches add-ons with an update, in its transaction: a refused add-on leaves the appointment as it was', async () => {
    const { data } = await bookingFor({ ...times('07:00', '07:30') });
    const booked = await book(data);
    const branch = await addLocation(ctx, home);
    const branchAddOn = await newAddOn(home.admin, branch);
    const theirAddOn = await newAddOn(other.admin, other.locationId);
    const refused: [api.AddOnAttachInput, string][] = [
      [{ addOnId: urn.id, values: { Colour: 'Pink' } }, 'addOns.1.values.Colour: must be one of Oak, Walnut'],
      [{ addOnId: branchAddOn.id }, 'addOns.1.addOnId: this add-on is not offered at this location'],
      [{ addOnId: theirAddOn.id }, 'addOns.1.addOnId: unknown add-on'],
    ];
    for (const [bad, message] of refused) {
      const res = await update(booked.id, { notes: 'Changed', ...times('08:00', '08:30'), addOns: [{ addOnId: urn.id }, bad] });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const unchanged = await detail(booked.id);
    expect([unchanged.notes, unchanged.startAt, unchanged.addOns]).toEqual([null, booked.startAt, []]);

    const res = await update(booked.id, {
      notes: 'Changed',
      addOns: [
        { addOnId: urn.id, values: { colour: 'Oak' } },
        { addOnId: urn.id, values: { Engraving: 'Max' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as api.Appointment;
    expect(saved.notes).toBe('Changed');
    expect(saved.addOns.map((a) => [a.name, a.values])).toEqual(
      expect.arrayContaining([
        ['Urn', { Colour: 'Oak' }],
        ['Urn', { Engraving: 'Max' }],
      ]),
    );
    expect(saved.addOns).toHaveLength(2);
    // Only add-ons: attached to what is there, which stays.
    const more = await update(booked.id, { addOns: [{ addOnId: urn.id }] });
    expect(more.statusCode, more.body).toBe(200);
    expect((await detail(booked.id)).addOns).toHaveLength(3);
    // Another account's appointment is not found, whatever is attached.
    expect((await update(theirs.appointment.id, { addOns: [{ addOnId: urn.id }] })).statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).addOns.every((a) => a.addOnId !== urn.id)).toBe(true);
  });

  it('answers 404 across accounts', async () => {
    const theirAddOn = await newAddOn(other.admin, other.locationId);
    const onTheirs = await desk.call(api.createAppointmentAddOn, { body: { data: { appointmentId: theirs.appointment.id, addOnId: urn.id } } });
    expect(onTheirs.statusCode).toBe(404);
    const attached = (
      await other.admin.call(api.createAppointmentAddOn, {
        body: { data: { appointmentId: theirs.appointment.id, addOnId: theirAddOn.id } },
      })
    ).json() as api.AppointmentAddOn;
    expect((await desk.call(api.updateAppointmentAddOn, { params: { id: attached.id }, body: { data: { values: {} } } })).statusCode).toBe(404);
    expect((await desk.call(api.deleteAppointmentAddOn, { params: { id: attached.id } })).statusCode).toBe(404);
    expect((await detail(theirs.appointment.id, other.admin)).addOns).toHaveLength(1);
  });
});
