import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@willow/contracts';
import { HttpError } from '../../platform/errors.js';
import {
  acceptsRequest,
  assertCancellable,
  assertServicesAllow,
  assertTimes,
  attachedAddOn,
  checkAddOnValues,
  editableOptions,
  mayClash,
  overlapMessage,
  planCorrection,
  plannedStatus,
  type CatalogueAddOn,
  type Clash,
} from './appointment.rules.js';

/** What a rule refused with: the status and message the caller is answered, or null when it let the call through. */
function refusal(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.status, message: err.message };
  }
}
const refused = (message: string) => ({ status: 400, message });

describe('plannedStatus', () => {
  it('is no change when no status is sent, or the same one again', () => {
    expect(plannedStatus('Confirmed', undefined)).toBeUndefined();
    expect(plannedStatus('Confirmed', 'Confirmed')).toBeUndefined();
    // A final status sent again is no change either, so it is not refused.
    expect(plannedStatus('Cancelled', 'Cancelled')).toBeUndefined();
  });

  it('moves along the usual path', () => {
    expect(plannedStatus('Pending', 'Confirmed')).toBe('Confirmed');
    expect(plannedStatus('Pending', 'Rejected')).toBe('Rejected');
    expect(plannedStatus('Checked Out', 'Submitted For Cremation')).toBe('Submitted For Cremation');
    expect(plannedStatus('Cremated', 'Ashes Spread')).toBe('Ashes Spread');
  });

  it('refuses a move off the path, naming both statuses', () => {
    expect(refusal(() => plannedStatus('Confirmed', 'Cremated'))).toEqual(refused('status: cannot change from Confirmed to Cremated'));
    expect(refusal(() => plannedStatus('Confirmed', 'Pending'))).toEqual(refused('status: cannot change from Confirmed to Pending'));
    expect(refusal(() => plannedStatus('Cancelled', 'Confirmed'))).toEqual(refused('status: cannot change from Cancelled to Confirmed'));
  });

  it('sends cancelling to its own action, whatever the status it comes from', () => {
    for (const from of ['Pending', 'Confirmed', 'Checked In'] as const) {
      expect(refusal(() => plannedStatus(from, 'Cancelled'))).toEqual(refused('status: use Cancel to cancel an appointment'));
    }
  });
});

describe('acceptsRequest', () => {
  it('is a Pending request moving to a status that holds its time', () => {
    expect(acceptsRequest('Pending', 'Confirmed')).toBe(true);
    expect(acceptsRequest('Pending', 'Rejected')).toBe(false);
    expect(acceptsRequest('Pending', undefined)).toBe(false);
    expect(acceptsRequest('Confirmed', 'Checked In')).toBe(false);
  });
});

describe('assertCancellable', () => {
  it('lets Pending and Confirmed be cancelled and nothing else, naming the field', () => {
    expect(refusal(() => assertCancellable('Pending'))).toBeNull();
    expect(refusal(() => assertCancellable('Confirmed'))).toBeNull();
    expect(refusal(() => assertCancellable('Checked In'))).toEqual(refused('status: cannot change from Checked In to Cancelled'));
    expect(refusal(() => assertCancellable('Cancelled'))).toEqual(refused('status: cannot change from Cancelled to Cancelled'));
    expect(refusal(() => assertCancellable('Completed', 'cancelAppointments.ids'))).toEqual(
      refused('cancelAppointments.ids: cannot change from Completed to Cancelled'),
    );
  });
});

describe('assertServicesAllow', () => {
  it('enters the cremation path only with an end-of-life service', () => {
    expect(refusal(() => assertServicesAllow('Checked Out', 'Submitted For Cremation', ['Consultation']))).toEqual(
      refused('status: Submitted For Cremation needs a euthanasia, cremation or aftercare service on the appointment'),
    );
    expect(refusal(() => assertServicesAllow('Checked Out', 'Submitted For Cremation', ['Consultation', 'Cremation']))).toBeNull();
    expect(refusal(() => assertServicesAllow('Checked Out', 'Completed', ['Consultation']))).toBeNull();
    // Already on the path: going on needs nothing more.
    expect(refusal(() => assertServicesAllow('Submitted For Cremation', 'Cremated', []))).toBeNull();
  });
});

describe('planCorrection', () => {
  const plan = (status: AppointmentStatus, to: AppointmentStatus, cancellationReason: string | null = null) =>
    planCorrection({ status, cancellationReason }, { status: to, reason: 'Mistake' });

  it('corrects only a finished appointment, and to another status', () => {
    expect(refusal(() => plan('Confirmed', 'Pending'))).toEqual(
      refused('status: only a finished appointment is corrected; change the status of this Confirmed one instead'),
    );
    expect(refusal(() => plan('Cancelled', 'Cancelled'))).toEqual(refused('status: the appointment is already Cancelled'));
  });

  it('reopens an appointment coming back from Cancelled or Rejected; leaving Cancelled clears its reason', () => {
    expect(plan('Cancelled', 'Confirmed', 'Owner called')).toEqual({ reopens: true, cancellationReason: null });
    // A rejected request had no cancellation reason to clear: whatever is there stays.
    expect(plan('Rejected', 'Pending', 'kept')).toEqual({ reopens: true, cancellationReason: 'kept' });
    // Still not holding its time: nothing to check for overlaps.
    expect(plan('Rejected', 'Cancelled')).toEqual({ reopens: false, cancellationReason: 'Mistake' });
  });

  it('takes the correction’s reason as the cancellation reason when it cancels, and keeps it otherwise', () => {
    expect(plan('Completed', 'Cancelled')).toEqual({ reopens: false, cancellationReason: 'Mistake' });
    expect(plan('Completed', 'Checked Out', 'kept')).toEqual({ reopens: false, cancellationReason: 'kept' });
  });
});

describe('assertTimes', () => {
  const start = new Date('2030-01-15T10:00:00Z');
  const after = (ms: number) => new Date(start.getTime() + ms);

  it('wants the end after the start and at most 24 hours later', () => {
    expect(refusal(() => assertTimes(start, after(0)))).toEqual(refused('endAt: must be after the start'));
    expect(refusal(() => assertTimes(start, after(-60_000)))).toEqual(refused('endAt: must be after the start'));
    expect(refusal(() => assertTimes(start, after(24 * 3_600_000)))).toBeNull();
    expect(refusal(() => assertTimes(start, after(24 * 3_600_000 + 1)))).toEqual(refused('endAt: must be at most 24 hours after the start'));
  });
});

describe('mayClash', () => {
  const slot = { start: new Date('2030-01-15T15:00:00Z'), end: new Date('2030-01-15T15:30:00Z'), providerIds: ['vet'], patientIds: ['max', 'bella'] };

  it('is another time, or a provider or patient added', () => {
    expect(mayClash(slot, { ...slot })).toBe(false);
    expect(mayClash(slot, { ...slot, start: new Date('2030-01-15T14:45:00Z') })).toBe(true);
    expect(mayClash(slot, { ...slot, end: new Date('2030-01-15T15:45:00Z') })).toBe(true);
    expect(mayClash(slot, { ...slot, providerIds: ['vet', 'nurse'] })).toBe(true);
    expect(mayClash(slot, { ...slot, providerIds: ['nurse'] })).toBe(true);
    expect(mayClash(slot, { ...slot, patientIds: ['max', 'bella', 'rex'] })).toBe(true);
  });

  it('is not someone taken off, or the same people in another order', () => {
    expect(mayClash(slot, { ...slot, providerIds: [] })).toBe(false);
    expect(mayClash(slot, { ...slot, patientIds: ['bella'] })).toBe(false);
    expect(mayClash(slot, { ...slot, patientIds: ['bella', 'max'] })).toBe(false);
  });
});

describe('overlapMessage', () => {
  const zone = 'America/New_York';
  // 10:00–10:30 in New York (EST, UTC−5).
  const clash: Clash = {
    startAt: new Date('2030-01-15T15:00:00Z'),
    endAt: new Date('2030-01-15T15:30:00Z'),
    primaryProviderId: 'vera',
    secondaryProviderId: 'asha',
    primaryName: 'Vera Vet',
    secondaryName: 'Asha Assistant',
    clientFirstName: 'Cora',
    clientLastName: 'Smith',
    patients: [
      { id: 'max', name: 'Max' },
      { id: 'bella', name: 'Bella' },
      { id: 'rex', name: 'Rex' },
    ],
  };
  const sameDay = new Date('2030-01-15T15:15:00Z');

  it('names the shared provider, the time and all the patients with their family name', () => {
    expect(overlapMessage(clash, { start: sameDay, providerIds: ['vera'], patientIds: [] }, zone)).toBe(
      'Overlaps Vera Vet’s appointment 10:00–10:30 with Max, Bella and Rex (Smith). Give a reason to book anyway.',
    );
    expect(overlapMessage({ ...clash, patients: clash.patients.slice(0, 2) }, { start: sameDay, providerIds: ['asha'], patientIds: [] }, zone)).toBe(
      'Overlaps Asha Assistant’s appointment 10:00–10:30 with Max and Bella (Smith). Give a reason to book anyway.',
    );
  });

  it('names the client when the clash has no patients', () => {
    expect(overlapMessage({ ...clash, patients: [] }, { start: sameDay, providerIds: ['vera'], patientIds: [] }, zone)).toBe(
      'Overlaps Vera Vet’s appointment 10:00–10:30 with Cora Smith. Give a reason to book anyway.',
    );
  });

  it('names the shared patients and the clash’s provider when no provider is shared', () => {
    expect(overlapMessage(clash, { start: sameDay, providerIds: ['victor'], patientIds: ['bella', 'rex'] }, zone)).toBe(
      'Overlaps Bella and Rex’s appointment 10:00–10:30 with Vera Vet. Give a reason to book anyway.',
    );
    const secondaryOnly = { ...clash, primaryProviderId: null, primaryName: null };
    expect(overlapMessage(secondaryOnly, { start: sameDay, providerIds: [], patientIds: ['max'] }, zone)).toBe(
      'Overlaps Max’s appointment 10:00–10:30 with Asha Assistant. Give a reason to book anyway.',
    );
    const nobody = { ...clash, primaryProviderId: null, primaryName: null, secondaryProviderId: null, secondaryName: null };
    expect(overlapMessage(nobody, { start: sameDay, providerIds: [], patientIds: ['max'] }, zone)).toBe(
      'Overlaps Max’s appointment 10:00–10:30. Give a reason to book anyway.',
    );
  });

  it('names a shared provider only when their name is known', () => {
    const unnamed = { ...clash, primaryName: null };
    expect(overlapMessage(unnamed, { start: sameDay, providerIds: ['vera'], patientIds: ['max'] }, zone)).toBe(
      'Overlaps Max’s appointment 10:00–10:30 with Asha Assistant. Give a reason to book anyway.',
    );
    // Both shared: the one with a name is named.
    expect(overlapMessage(unnamed, { start: sameDay, providerIds: ['vera', 'asha'], patientIds: ['max'] }, zone)).toBe(
      'Overlaps Asha Assistant’s appointment 10:00–10:30 with Max, Bella and Rex (Smith). Give a reason to book anyway.',
    );
  });

  it('adds the day when the clash starts on another local day, in the location’s zone', () => {
    // 23:00 on Jan 15 in New York is already Jan 16 in UTC, the same UTC day as the booking.
    const late = { ...clash, startAt: new Date('2030-01-16T04:00:00Z'), endAt: new Date('2030-01-16T06:00:00Z') };
    const booking = { start: new Date('2030-01-16T05:30:00Z'), providerIds: ['vera'], patientIds: [] };
    expect(overlapMessage(late, booking, zone)).toBe(
      'Overlaps Vera Vet’s appointment Jan 15 23:00–01:00 with Max, Bella and Rex (Smith). Give a reason to book anyway.',
    );
    // In UTC both are on Jan 16: no day named.
    expect(overlapMessage(late, booking, 'UTC')).toBe(
      'Overlaps Vera Vet’s appointment 04:00–06:00 with Max, Bella and Rex (Smith). Give a reason to book anyway.',
    );
  });
});

describe('add-on values', () => {
  const options = [
    { name: 'Colour', choices: ['Oak', 'Walnut'] },
    { name: 'Engraving', choices: [] },
  ];
  const urn: CatalogueAddOn = { id: 'urn', locationId: 'home', active: true, name: 'Urn', price: 89.5, options };

  it('keys values by the option as the add-on spells it, trimmed, leaving empty ones unset', () => {
    expect(checkAddOnValues(options, { colour: 'Oak', Engraving: ' Max 2016–2030 ' }, 'values')).toEqual({ Colour: 'Oak', Engraving: 'Max 2016–2030' });
    expect(checkAddOnValues(options, { Colour: 'Walnut', Engraving: '   ' }, 'values')).toEqual({ Colour: 'Walnut' });
    expect(checkAddOnValues(options, {}, 'values')).toEqual({});
  });

  it('prefers the option spelled exactly over one matching whatever the case', () => {
    const both = [
      { name: 'size', choices: ['s'] },
      { name: 'Size', choices: ['L'] },
    ];
    expect(checkAddOnValues(both, { Size: 'L' }, 'values')).toEqual({ Size: 'L' });
    expect(checkAddOnValues(both, { SIZE: 's' }, 'values')).toEqual({ size: 's' });
  });

  it('refuses an unknown option and a value that is not one of the choices, naming the field', () => {
    expect(refusal(() => checkAddOnValues(options, { Size: 'L' }, 'values'))).toEqual(refused('values: unknown option "Size"'));
    expect(refusal(() => checkAddOnValues(options, { colour: 'Pink' }, 'addOns.0.values'))).toEqual(
      refused('addOns.0.values.Colour: must be one of Oak, Walnut'),
    );
    // A choice is matched as written.
    expect(refusal(() => checkAddOnValues(options, { Colour: 'oak' }, 'values'))).toEqual(refused('values.Colour: must be one of Oak, Walnut'));
  });

  it('stores the catalogue’s name and price with the checked values', () => {
    expect(attachedAddOn(urn, 'home', { colour: 'Oak' }, 'addOns.0.')).toEqual({ addOnId: 'urn', name: 'Urn', price: 89.5, values: { Colour: 'Oak' } });
    expect(attachedAddOn({ ...urn, price: 0 }, 'home', {}, '')).toEqual({ addOnId: 'urn', name: 'Urn', price: 0, values: {} });
  });

  it('attaches only an add-on of the appointment’s location that is still offered', () => {
    expect(refusal(() => attachedAddOn(undefined, 'home', {}, 'addOns.1.'))).toEqual(refused('addOns.1.addOnId: unknown add-on'));
    expect(refusal(() => attachedAddOn(urn, 'branch', {}, ''))).toEqual(refused('addOnId: this add-on is not offered at this location'));
    expect(refusal(() => attachedAddOn({ ...urn, active: false }, 'home', {}, ''))).toEqual(refused('addOnId: this add-on is no longer offered'));
    expect(refusal(() => attachedAddOn(urn, 'home', { Colour: 'Pink' }, 'addOns.1.'))).toEqual(refused('addOns.1.values.Colour: must be one of Oak, Walnut'));
  });

  it('lets an attached add-on’s values name its catalogue options, or only those filled in once the entry is gone', () => {
    expect(editableOptions({ options }, { Colour: 'Oak' })).toBe(options);
    const orphan = editableOptions(undefined, { Engraving: 'Max' });
    expect(orphan).toEqual([{ name: 'Engraving', choices: [] }]);
    expect(checkAddOnValues(orphan, { Engraving: 'Bella' }, 'values')).toEqual({ Engraving: 'Bella' });
    expect(refusal(() => checkAddOnValues(orphan, { Colour: 'Oak' }, 'values'))).toEqual(refused('values: unknown option "Colour"'));
  });
});
