import { describe, expect, it } from 'vitest';
import {
  createBody,
  DEFAULT_MINUTES,
  endSetByHand,
  endsOnAnotherDay,
  formKeyOf,
  missingFields,
  nextHour,
  placeErrors,
  requestFields,
  submissionOf,
  updatePatch,
  valuesOfAppointment,
  valuesOfNew,
} from './appointment-form-values';
import type { AppointmentDraft, AppointmentFormValues, SubmissionContext } from './appointment-form-values';
import { END_BEFORE_START } from './appointment-times';
import { appointment, APPOINTMENT_ID, CLIENT_ID, CONSULT_ID, LOCATION_ID, NY, PATIENT_ID, PAW_PRINT_ID, VET_ID } from './test-support';

const OTHER_LOCATION_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000010';
const LA = 'America/Los_Angeles';
const zoneOf = (locationId: string) => (locationId === LOCATION_ID ? NY : LA);

// 09:00–09:30 on a November Monday in New York (EST, UTC-5).
const draft: AppointmentDraft = { locationId: LOCATION_ID, startAt: '2026-11-23T14:00:00.000Z', endAt: '2026-11-23T14:30:00.000Z', primaryProviderId: VET_ID };

/** A filled-in new appointment: Dana at 09:00–09:30 New York time. */
const values = (overrides: Partial<AppointmentFormValues> = {}): AppointmentFormValues => ({
  ...valuesOfNew({ draft, clientId: CLIENT_ID, defaultLocationId: LOCATION_ID }, zoneOf),
  ...overrides,
});
const newContext = (overrides: Partial<SubmissionContext> = {}): SubmissionContext => ({
  initial: null,
  timeZone: NY,
  staged: [],
  pending: null,
  badTimes: false,
  ...overrides,
});

describe('valuesOfAppointment', () => {
  it('reads the appointment’s times in the zone given and turns its nulls into empty fields', () => {
    const v = valuesOfAppointment(appointment({ primaryProviderId: VET_ID, notes: null, address: null }), NY);
    expect(v).toEqual({
      locationId: LOCATION_ID,
      clientId: CLIENT_ID,
      patientIds: [],
      serviceIds: [CONSULT_ID],
      primaryProviderId: VET_ID,
      secondaryProviderId: '',
      times: { date: '2026-11-23', start: '09:00', endDate: '2026-11-23', end: '10:00', length: 60 },
      homeVisit: false,
      address: '',
      notes: '',
      status: 'Confirmed',
      addOns: [],
    });
  });

  it('is a home visit exactly when the appointment has an address', () => {
    const v = valuesOfAppointment(appointment({ address: '12 Elm Street', notes: 'Side door' }), LA);
    expect(v.homeVisit).toBe(true);
    expect(v.address).toBe('12 Elm Street');
    expect(v.notes).toBe('Side door');
    expect(v.times.start).toBe('06:00');
  });
});

describe('valuesOfNew', () => {
  it('takes the draft’s place, times (in that location’s zone) and providers', () => {
    const v = valuesOfNew({ draft: { ...draft, secondaryProviderId: 'second' }, clientId: null, defaultLocationId: OTHER_LOCATION_ID }, zoneOf);
    expect(v.locationId).toBe(LOCATION_ID);
    expect(v.clientId).toBe('');
    expect(v.times).toEqual({ date: '2026-11-23', start: '09:00', endDate: '2026-11-23', end: '09:30', length: 30 });
    expect(v.primaryProviderId).toBe(VET_ID);
    expect(v.secondaryProviderId).toBe('second');
    expect(v).toMatchObject({ patientIds: [], serviceIds: [], homeVisit: false, address: '', notes: '', status: 'Confirmed', addOns: [] });
  });

  it('without a draft starts at the next whole hour at the default location, for the default length', () => {
    const now = Date.parse('2026-11-23T17:20:00.000Z');
    const v = valuesOfNew({ draft: null, clientId: CLIENT_ID, defaultLocationId: OTHER_LOCATION_ID }, zoneOf, now);
    expect(v.locationId).toBe(OTHER_LOCATION_ID);
    expect(v.clientId).toBe(CLIENT_ID);
    // 17:20 UTC is 09:20 in Los Angeles.
    expect(v.times).toEqual({ date: '2026-11-23', start: '10:00', endDate: '2026-11-23', end: '10:30', length: DEFAULT_MINUTES });
    expect(v.primaryProviderId).toBe('');
  });
});

describe('nextHour', () => {
  it('is the following whole hour, also when now is one', () => {
    expect(nextHour(Date.parse('2026-11-23T14:20:00Z')).toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(nextHour(Date.parse('2026-11-23T14:00:00Z')).toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(nextHour(Date.parse('2026-11-23T23:59:59Z')).toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });
});

describe('formKeyOf', () => {
  it('is the appointment’s id when editing', () => {
    expect(formKeyOf(APPOINTMENT_ID, draft, CLIENT_ID)).toBe(APPOINTMENT_ID);
  });

  it('changes with the draft’s place, times and providers and with the client, and with nothing else', () => {
    const key = formKeyOf(null, draft, CLIENT_ID);
    expect(formKeyOf(null, { ...draft }, CLIENT_ID)).toBe(key);
    expect(formKeyOf(null, { ...draft, lengthChosen: true }, CLIENT_ID)).toBe(key);
    expect(formKeyOf(null, { ...draft, startAt: '2026-11-23T15:00:00.000Z' }, CLIENT_ID)).not.toBe(key);
    expect(formKeyOf(null, { ...draft, secondaryProviderId: 'second' }, CLIENT_ID)).not.toBe(key);
    expect(formKeyOf(null, draft, null)).not.toBe(key);
    expect(formKeyOf(null, null, null)).toBe('new|||');
    expect(formKeyOf(null, null, CLIENT_ID, 'rex')).not.toBe(formKeyOf(null, null, CLIENT_ID));
  });
});

describe('endSetByHand', () => {
  it('for a new appointment, is whether the length was dragged on the calendar', () => {
    expect(endSetByHand(null, { ...draft, lengthChosen: true })).toBe(true);
    expect(endSetByHand(null, draft)).toBe(false);
    expect(endSetByHand(null, null)).toBe(false);
  });

  it('for an existing one, is whether its length differs from its visit services’ minutes', () => {
    // The fixture: 60 minutes with a 60-minute consultation.
    expect(endSetByHand(appointment(), null)).toBe(false);
    expect(endSetByHand(appointment({ endAt: '2026-11-23T15:30:00.000Z' }), null)).toBe(true);
    // Services after the visit take no calendar time.
    const cremation = { id: 'c', name: 'Cremation', type: 'Cremation', duration: 90, price: 1 };
    expect(endSetByHand(appointment({ services: [...appointment().services, cremation] }), null)).toBe(false);
  });
});

describe('requestFields', () => {
  it('sends the times as instants of the location’s zone and empty choices as null', () => {
    expect(requestFields(values({ notes: '   ' }), NY)).toEqual({
      clientId: CLIENT_ID,
      patientIds: [],
      serviceIds: [],
      primaryProviderId: VET_ID,
      secondaryProviderId: null,
      startAt: '2026-11-23T14:00:00.000Z',
      endAt: '2026-11-23T14:30:00.000Z',
      address: null,
      notes: null,
    });
  });

  it('sends the address only for a home visit, and empty instants while a time is missing', () => {
    expect(requestFields(values({ address: '12 Elm Street' }), NY).address).toBeNull();
    expect(requestFields(values({ homeVisit: true, address: '12 Elm Street' }), NY).address).toBe('12 Elm Street');
    const partial = requestFields(values({ times: { date: '2026-11-23', start: '', endDate: '2026-11-23', end: '09:30', length: null } }), NY);
    expect(partial.startAt).toBe('');
    expect(partial.endAt).toBe('2026-11-23T14:30:00.000Z');
  });
});

describe('createBody', () => {
  it('adds the location, the status and the add-ons to the fields', () => {
    const addOns = [{ addOnId: PAW_PRINT_ID, values: { 'Ink colour': 'Blue' } }];
    expect(createBody(values({ status: 'Pending' }), NY, addOns)).toEqual({
      ...requestFields(values(), NY),
      locationId: LOCATION_ID,
      status: 'Pending',
      addOns,
    });
  });
});

describe('updatePatch', () => {
  const before = requestFields(values(), NY);

  it('holds only the fields that changed', () => {
    const now = requestFields(values({ patientIds: [PATIENT_ID], notes: 'Side door' }), NY);
    expect(updatePatch(now, before, [])).toEqual({ patientIds: [PATIENT_ID], notes: 'Side door' });
    expect(updatePatch(before, before, [])).toEqual({});
  });

  it('compares lists by their contents and takes add-ons along when there are any', () => {
    const same = { ...before, patientIds: [...before.patientIds] };
    const addOns = [{ addOnId: PAW_PRINT_ID, values: {} }];
    expect(updatePatch(same, before, addOns)).toEqual({ addOns });
  });
});

describe('missingFields', () => {
  it('finds nothing missing in a filled-in form', () => {
    expect(missingFields(values())).toEqual({});
  });

  it('names the client, the date, the times and a home visit’s address when they are empty', () => {
    const empty = values({ clientId: '', homeVisit: true, address: '  ', times: { date: '', start: '', endDate: '', end: '', length: null } });
    expect(missingFields(empty)).toEqual({ clientId: 'is required', date: 'is required', start: 'is required', end: 'is required', address: 'is required' });
  });

  it('says a date still being typed is not a whole date', () => {
    expect(missingFields(values({ times: { ...values().times, date: '0202-11-23' } })).date).toBe('must be a whole date');
  });
});

describe('placeErrors', () => {
  it('moves errors on the instants under the Start and End fields, unless those have their own', () => {
    expect(placeErrors({ startAt: 'is invalid', endAt: 'must be after the start', clientId: 'is required' })).toEqual({
      start: 'is invalid',
      end: 'must be after the start',
      clientId: 'is required',
    });
    expect(placeErrors({ endAt: 'must be after the start', end: 'is required' })).toEqual({ end: 'is required' });
    expect(placeErrors({ startAt: 'is invalid', start: 'is required' })).toEqual({ start: 'is required' });
  });
});

describe('endsOnAnotherDay', () => {
  it('is true only for a whole date with a different end date', () => {
    const t = values().times;
    expect(endsOnAnotherDay(t)).toBe(false);
    expect(endsOnAnotherDay({ ...t, endDate: '2026-11-24' })).toBe(true);
    expect(endsOnAnotherDay({ ...t, endDate: '' })).toBe(false);
    // A date being typed passes through such years; the end date waits for it.
    expect(endsOnAnotherDay({ ...t, date: '0002-11-23' })).toBe(false);
  });
});

describe('submissionOf a new appointment', () => {
  it('creates with the add-ons listed and the one still being chosen', () => {
    const staged = [{ key: 1, addOnId: PAW_PRINT_ID, name: 'Paw print', price: 45, values: { 'Ink colour': 'Blue' } }];
    const pending = { addOnId: PAW_PRINT_ID, values: {} };
    expect(submissionOf(values(), newContext({ staged, pending }))).toEqual({
      kind: 'create',
      body: createBody(values(), NY, [
        { addOnId: PAW_PRINT_ID, values: { 'Ink colour': 'Blue' } },
        { addOnId: PAW_PRINT_ID, values: {} },
      ]),
    });
  });

  it('puts the missing fields and the contract’s errors under the fields', () => {
    const result = submissionOf(values({ clientId: '' }), newContext());
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.errors.clientId).toBe('is required');
  });

  it('stops at an end before the start without asking the contract', () => {
    const times = { ...values().times, end: '08:00' };
    expect(submissionOf(values({ times, clientId: '' }), newContext())).toEqual({
      kind: 'invalid',
      errors: { clientId: 'is required', end: END_BEFORE_START },
    });
  });

  it('stops while a time field holds text that is not a time, even when the rest is fine', () => {
    expect(submissionOf(values(), newContext({ badTimes: true }))).toEqual({ kind: 'invalid', errors: {} });
  });
});

describe('submissionOf an edit', () => {
  const initial = valuesOfAppointment(appointment(), NY);
  const editContext = (overrides: Partial<SubmissionContext> = {}) =>
    newContext({ initial: { id: APPOINTMENT_ID, values: initial, timeZone: NY }, ...overrides });

  it('is unchanged when nothing was changed or chosen', () => {
    expect(submissionOf(initial, editContext())).toEqual({ kind: 'unchanged' });
  });

  it('updates the appointment with the changed fields only', () => {
    const moved = { ...initial, times: { ...initial.times, start: '10:00', end: '11:00' } };
    expect(submissionOf(moved, editContext())).toEqual({
      kind: 'update',
      id: APPOINTMENT_ID,
      patch: { startAt: '2026-11-23T15:00:00.000Z', endAt: '2026-11-23T16:00:00.000Z' },
    });
  });

  it('updates with the add-ons alone when only they were chosen', () => {
    expect(submissionOf(initial, editContext({ pending: { addOnId: PAW_PRINT_ID, values: { Engraving: 'Rex' } } }))).toEqual({
      kind: 'update',
      id: APPOINTMENT_ID,
      patch: { addOns: [{ addOnId: PAW_PRINT_ID, values: { Engraving: 'Rex' } }] },
    });
  });

  it('reports a field the person emptied', () => {
    expect(submissionOf({ ...initial, clientId: '' }, editContext())).toMatchObject({ kind: 'invalid', errors: { clientId: 'is required' } });
  });
});
