// The script of the demo's visits: which appointments exist around today and the path each took
// through the statuses. Kept apart from demo-scheduling.ts, which only places and writes them, so
// the story can be read (and changed) without the insert code around it.
import { STATUS_TRANSITIONS, type AppointmentStatus } from '@willow/contracts';
import type { ServiceKey } from './demo-services.js';

/** The path an appointment took to reach `target` from the status it was created in. */
export function statusPath(from: AppointmentStatus, target: AppointmentStatus): AppointmentStatus[] {
  const previous = new Map<AppointmentStatus, AppointmentStatus | null>([[from, null]]);
  const queue: AppointmentStatus[] = [from];
  while (queue.length) {
    const s = queue.shift()!;
    if (s === target) break;
    for (const next of STATUS_TRANSITIONS[s]) {
      if (previous.has(next)) continue;
      previous.set(next, s);
      queue.push(next);
    }
  }
  if (!previous.has(target)) throw new Error(`no way from ${from} to ${target}`);
  const path: AppointmentStatus[] = [];
  for (let s: AppointmentStatus | null = target; s; s = previous.get(s) ?? null) path.unshift(s);
  return path;
}

/** Opening hours: mornings and afternoons with a lunch break, in minutes since local midnight. */
export const OPENING = [
  [9 * 60, 12 * 60],
  [13 * 60, 17 * 60],
] as const;

export type AddOnKey = 'pawPrint' | 'urn' | 'furClipping';

export interface Visit {
  /** local days from today; weekends move to the nearest weekday in the same direction */
  day: number;
  /** 'HH:MM' local; moved later in half hours when a provider is busy */
  at: string;
  service: ServiceKey;
  /** services done after the visit (cremation, ashes delivery): on the appointment, no time on the calendar */
  after?: ServiceKey[];
  /** 'today' visits take their status from where they fall against the current time */
  status: AppointmentStatus | 'today';
  secondary?: boolean;
  /** seen by the practice owner, who also treats patients, instead of the practice's vet */
  byOwner?: boolean;
  /** an online request: the other preferred times, as days after the first */
  online?: number[];
  /** created as a phone request and confirmed later */
  viaPending?: boolean;
  twoPets?: boolean;
  /** the location's pet already recorded as deceased (the visit happens on that day) */
  existingDeceased?: boolean;
  /** the pet dies at this visit: recorded as deceased on its day */
  dies?: string;
  reason?: string;
  notes?: string;
  addOns?: { key: AddOnKey; values: Record<string, string> }[];
}

export const VISITS: Visit[] = [
  // the past weeks: finished work and the end-of-life path
  { day: -21, at: '10:00', service: 'wellness', status: 'Completed' },
  { day: -20, at: '14:00', service: 'vaccination', status: 'Completed', twoPets: true },
  { day: -18, at: '09:30', service: 'dental', status: 'Completed', secondary: true },
  {
    day: -16,
    at: '15:00',
    service: 'homeEuthanasia',
    status: 'Ashes Spread',
    after: ['privateCremation'],
    dies: 'Peaceful home euthanasia in the garden, with the whole family.',
    notes: 'Family would like to scatter the ashes at the lake.',
    addOns: [
      { key: 'pawPrint', values: { 'Ink colour': 'Black' } },
      { key: 'furClipping', values: {} },
    ],
  },
  { day: -14, at: '11:00', service: 'sick', status: 'Cancelled', reason: 'Feeling better; the owner will call if it comes back.' },
  {
    day: -12,
    at: '10:30',
    service: 'homeVisit',
    status: 'Rejected',
    online: [1],
    reason: 'Outside our home-visit area; referred to a practice nearer the owner.',
  },
  {
    day: -9,
    at: '13:30',
    service: 'homeEuthanasia',
    status: 'Ashes Delivered',
    after: ['privateCremation', 'ashesDelivery'],
    existingDeceased: true,
    secondary: true,
    notes: 'Quiet room requested for the family afterwards.',
    addOns: [
      { key: 'urn', values: { Material: 'Wood' } },
      { key: 'pawPrint', values: { 'Ink colour': 'Blue' } },
    ],
  },
  { day: -7, at: '09:00', service: 'spay', status: 'Completed', secondary: true },
  {
    day: -6,
    at: '15:30',
    service: 'euthanasia',
    status: 'Cremated',
    after: ['communalCremation'],
    dies: 'Euthanasia in the clinic after a long illness.',
    addOns: [{ key: 'furClipping', values: {} }],
  },
  {
    day: -3,
    at: '11:30',
    service: 'privateCremation',
    status: 'Submitted For Cremation',
    dies: 'Died at home overnight; brought in by the family for private cremation.',
    addOns: [{ key: 'urn', values: { Material: 'Ceramic' } }],
  },
  { day: -2, at: '14:30', service: 'wellness', status: 'Completed', byOwner: true },
  { day: -1, at: '16:00', service: 'vaccination', status: 'Checked Out', notes: 'Waiting on the invoice to be settled.' },
  // today: finished, in the room, and still to come
  { day: 0, at: '09:00', service: 'spay', status: 'today', secondary: true },
  { day: 0, at: '11:00', service: 'vaccination', status: 'today', byOwner: true },
  { day: 0, at: '11:30', service: 'sick', status: 'today', notes: 'Vomiting since yesterday evening.' },
  { day: 0, at: '13:00', service: 'homeVisit', status: 'today' },
  { day: 0, at: '14:30', service: 'dental', status: 'today', secondary: true },
  { day: 0, at: '16:00', service: 'nails', status: 'today', byOwner: true },
  // the weeks ahead
  { day: 1, at: '09:30', service: 'wellness', status: 'Confirmed', byOwner: true },
  {
    day: 1,
    at: '13:00',
    service: 'homeEuthanasia',
    status: 'Confirmed',
    after: ['privateCremation', 'ashesDelivery'],
    viaPending: true,
    notes: 'Gentle sedation first, please. The children want to say goodbye.',
    addOns: [{ key: 'pawPrint', values: { 'Ink colour': 'Red' } }],
  },
  { day: 2, at: '10:00', service: 'spay', status: 'Confirmed', secondary: true },
  { day: 3, at: '15:00', service: 'sick', status: 'Pending', notes: 'Called about limping; to confirm once the owner checks work hours.' },
  { day: 4, at: '11:00', service: 'wellness', status: 'Pending', online: [1, 3] },
  { day: 6, at: '14:00', service: 'homeEuthanasia', status: 'Pending', online: [2], notes: 'Requested online; elderly cat, not eating.' },
  { day: 8, at: '10:30', service: 'vaccination', status: 'Cancelled', reason: 'Owner is travelling; will call to rebook.' },
  { day: 9, at: '09:00', service: 'dental', status: 'Confirmed', secondary: true },
  { day: 12, at: '15:00', service: 'vaccination', status: 'Confirmed', twoPets: true },
  { day: 15, at: '10:00', service: 'wellness', status: 'Confirmed' },
  { day: 20, at: '13:30', service: 'homeVisit', status: 'Confirmed' },
  { day: 22, at: '11:00', service: 'ashesDelivery', status: 'Confirmed', viaPending: true },
];
