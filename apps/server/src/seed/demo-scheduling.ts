// The calendar side of the demo: services, what each provider offers, schedule slots and notes,
// add-ons, and appointments in every status at each demo location around the day it runs, so the
// calendar opens on a working week. Everything is written in a handful of multi-row statements
// inside one transaction: the first start of an empty database must stay quick.
import { randomUUID } from 'node:crypto';
import {
  addDays,
  localDate,
  localDateTimeToInstant,
  STATUS_TRANSITIONS,
  visitMinutes,
  weekdayOf,
  type AppointmentStatus,
  type ServiceType,
} from '@willow/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  addOnCategories,
  addOns,
  appointmentAddOns,
  appointments,
  appointmentStatusChanges,
  patients,
  scheduleNotes,
  scheduleSlots,
  services,
  veterinarianServices,
  veterinarianSlotAvailability,
  type AddOnOptionRow,
} from '../db/schema.js';
import { tenantRepository, type Scope } from '../platform/tenant-repository.js';
import { prng } from './names.js';

const patientsTable = tenantRepository(patients);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type ServiceKey =
  | 'wellness'
  | 'sick'
  | 'vaccination'
  | 'spay'
  | 'dental'
  | 'homeVisit'
  | 'euthanasia'
  | 'homeEuthanasia'
  | 'communalCremation'
  | 'privateCremation'
  | 'ashesDelivery'
  | 'nails';

export interface ServiceSpec {
  key: ServiceKey;
  type: ServiceType;
  name: string;
  /** minutes */
  duration: number;
  price: number;
}

/** What a small practice with an end-of-life service offers; the large seed uses it too. */
export const SERVICE_CATALOGUE: readonly ServiceSpec[] = [
  { key: 'wellness', type: 'Consultation', name: 'Wellness exam', duration: 30, price: 68 },
  { key: 'sick', type: 'Consultation', name: 'Sick visit', duration: 30, price: 85 },
  { key: 'vaccination', type: 'Vaccination', name: 'Vaccination visit', duration: 15, price: 45 },
  { key: 'spay', type: 'Surgery', name: 'Spay / neuter', duration: 120, price: 380 },
  { key: 'dental', type: 'Dental', name: 'Dental cleaning', duration: 90, price: 420 },
  { key: 'homeVisit', type: 'Home Visit', name: 'Home visit exam', duration: 60, price: 165 },
  { key: 'euthanasia', type: 'Euthanasia', name: 'In-clinic euthanasia', duration: 45, price: 275 },
  { key: 'homeEuthanasia', type: 'Euthanasia', name: 'Home euthanasia', duration: 90, price: 495 },
  { key: 'communalCremation', type: 'Cremation', name: 'Communal cremation', duration: 15, price: 125 },
  { key: 'privateCremation', type: 'Cremation', name: 'Private cremation', duration: 15, price: 260 },
  { key: 'ashesDelivery', type: 'Aftercare', name: 'Ashes home delivery', duration: 30, price: 60 },
  { key: 'nails', type: 'Other', name: 'Nail trim', duration: 15, price: 22 },
];

/** Prices differ a little between practices; whole dollars either way. */
export const priceAt = (spec: ServiceSpec, factor: number) => Math.round(spec.price * factor);

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
const OPENING = [
  [9 * 60, 12 * 60],
  [13 * 60, 17 * 60],
] as const;

type AddOnKey = 'pawPrint' | 'urn' | 'furClipping';

interface Visit {
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

const VISITS: Visit[] = [
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

export interface DemoPractice {
  locationId: string;
  timezone: string;
  seed: number;
  /** prices relative to the catalogue */
  priceFactor: number;
  /** services only this practice offers */
  extraServices?: ServiceSpec[];
  /** the primary provider (offers most services) and, where there is one, the secondary */
  vetId: string;
  /** the owner, who signs in first and, as a primary provider, starts with only their own appointments shown */
  ownerId: string;
  assistantId: string | null;
  /** who answers the phone and moves appointments along at the desk */
  deskId: string;
  notes: { day: number; provider?: 'vet' | 'assistant'; text: string }[];
  clients: { id: string; address: string | null }[];
}

interface Placed {
  visit: Visit;
  startAt: Date;
  endAt: Date;
  primary: string | null;
  secondary: string | null;
  patientIds: string[];
  clientId: string;
  serviceIds: string[];
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Weekend days move to the weekday on the same side of today. */
function weekdayDate(today: string, offset: number): string {
  let date = addDays(today, offset);
  if (offset === 0) return date;
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, offset > 0 ? 1 : -1);
  return date;
}

export async function seedSchedulingDemo(db: Db, scope: Scope, practices: DemoPractice[], now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // Providers' busy times across practices: a provider working at two locations is one person.
    const busy = new Map<string, [number, number][]>();
    const isFree = (who: string | null, s: number, e: number) => !who || !(busy.get(who) ?? []).some(([bs, be]) => s < be && bs < e);
    const hold = (who: string | null, s: number, e: number) => {
      if (who) busy.set(who, [...(busy.get(who) ?? []), [s, e]]);
    };

    const serviceRows: (typeof services.$inferInsert)[] = [];
    const offerRows: (typeof veterinarianServices.$inferInsert)[] = [];
    const slotRows: (typeof scheduleSlots.$inferInsert)[] = [];
    const availabilityRows: (typeof veterinarianSlotAvailability.$inferInsert)[] = [];
    const noteRows: (typeof scheduleNotes.$inferInsert)[] = [];
    const categoryRows: (typeof addOnCategories.$inferInsert)[] = [];
    const addOnRows: (typeof addOns.$inferInsert & { id: string; key: AddOnKey })[] = [];
    const appointmentRows: (typeof appointments.$inferInsert)[] = [];
    const historyRows: (typeof appointmentStatusChanges.$inferInsert)[] = [];
    const attachedRows: (typeof appointmentAddOns.$inferInsert)[] = [];
    const deaths: { id: string; deceasedOn: string; deceasedNote: string }[] = [];

    const petRows = await patientsTable
      .select(
        tx,
        scope,
        { id: patients.id, clientId: patients.clientId, locationId: patients.locationId, deceasedOn: patients.deceasedOn },
        inArray(
          patients.locationId,
          practices.map((p) => p.locationId),
        ),
      )
      .orderBy(patients.createdAt, patients.id);

    for (const practice of practices) {
      const { locationId, timezone: tz } = practice;
      const rand = prng(practice.seed * 7919);
      const today = localDate(now, tz);
      const at = (date: string, minutes: number) => localDateTimeToInstant(date, minutes, tz);

      // ---- services and who offers them ----
      const catalogue = [...SERVICE_CATALOGUE, ...(practice.extraServices ?? [])];
      const serviceId = new Map<ServiceKey, { id: string; spec: ServiceSpec }>();
      for (const spec of catalogue) {
        const id = randomUUID();
        serviceRows.push({
          id,
          accountId: scope.accountId,
          locationId,
          type: spec.type,
          name: spec.name,
          duration: spec.duration,
          price: priceAt(spec, practice.priceFactor),
        });
        if (!serviceId.has(spec.key)) serviceId.set(spec.key, { id, spec });
        // The vet does the clinical work; cremations and nail trims are the desk's and the assistant's.
        if (!['communalCremation', 'privateCremation', 'nails'].includes(spec.key))
          offerRows.push({ accountId: scope.accountId, veterinarianId: practice.vetId, serviceId: id });
        if (practice.assistantId && ['vaccination', 'nails', 'dental', 'communalCremation', 'privateCremation', 'ashesDelivery'].includes(spec.key))
          offerRows.push({ accountId: scope.accountId, veterinarianId: practice.assistantId, serviceId: id });
        if (['wellness', 'vaccination', 'nails'].includes(spec.key))
          offerRows.push({ accountId: scope.accountId, veterinarianId: practice.ownerId, serviceId: id });
      }
      const svc = (key: ServiceKey) => serviceId.get(key)!;

      // ---- slots: this week and the four after it, mornings and afternoons as weekly series ----
      const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
      const series = [
        {
          id: randomUUID(),
          weekdays: [1, 2, 3, 4, 5],
          from: OPENING[0][0],
          to: OPENING[0][1],
          serviceIds: [] as string[],
          capacity: practice.assistantId ? 2 : 1,
        },
        ...(practice.assistantId
          ? [
              { id: randomUUID(), weekdays: [1, 3, 5], from: OPENING[1][0], to: OPENING[1][1], serviceIds: [] as string[], capacity: 2 },
              // Tuesday and Thursday afternoons are kept for visits at home and end-of-life care.
              {
                id: randomUUID(),
                weekdays: [2, 4],
                from: OPENING[1][0],
                to: OPENING[1][1],
                serviceIds: [svc('homeVisit').id, svc('homeEuthanasia').id],
                capacity: 1,
              },
            ]
          : [{ id: randomUUID(), weekdays: [1, 2, 3, 4, 5], from: OPENING[1][0], to: OPENING[1][1], serviceIds: [] as string[], capacity: 1 }]),
      ];
      for (const s of series) {
        for (let week = 0; week < 5; week++) {
          for (const weekday of s.weekdays) {
            const date = addDays(monday, week * 7 + weekday - 1);
            slotRows.push({
              accountId: scope.accountId,
              locationId,
              startAt: at(date, s.from),
              endAt: at(date, s.to),
              serviceIds: s.serviceIds,
              capacity: s.capacity,
              seriesId: s.id,
              createdById: practice.deskId,
              createdAt: new Date(now.getTime() - 14 * DAY),
              updatedAt: new Date(now.getTime() - 14 * DAY),
            });
          }
        }
      }
      // The providers have said which of the next few slots they can take.
      for (let d = 0, taken = 0; taken < 5; d++) {
        const date = addDays(today, d);
        if (weekdayOf(date) === 0 || weekdayOf(date) === 6) continue;
        taken++;
        availabilityRows.push({
          accountId: scope.accountId,
          veterinarianId: practice.vetId,
          startAt: at(date, practice.assistantId ? OPENING[0][0] : OPENING[1][0]),
        });
        if (practice.assistantId && taken <= 3)
          availabilityRows.push({ accountId: scope.accountId, veterinarianId: practice.assistantId, startAt: at(date, OPENING[1][0]) });
      }

      for (const n of practice.notes) {
        noteRows.push({
          accountId: scope.accountId,
          locationId,
          date: weekdayDate(today, n.day),
          providerId: n.provider === 'vet' ? practice.vetId : n.provider === 'assistant' ? practice.assistantId : null,
          text: n.text,
          createdById: practice.deskId,
        });
      }

      // ---- add-ons ----
      const keepsakes = randomUUID();
      const urns = randomUUID();
      categoryRows.push(
        {
          id: keepsakes,
          accountId: scope.accountId,
          locationId,
          name: 'Memorial keepsakes',
          description: 'Keepsakes made on the day, for the family to take home.',
        },
        { id: urns, accountId: scope.accountId, locationId, name: 'Urns', description: 'Returned with the ashes after a private cremation.' },
      );
      const addOn = (key: AddOnKey, categoryId: string, name: string, price: number, options: AddOnOptionRow[], description: string | null = null) =>
        addOnRows.push({
          id: randomUUID(),
          key,
          accountId: scope.accountId,
          locationId,
          categoryId,
          name,
          description,
          price: Math.round(price * practice.priceFactor),
          options,
        });
      addOn('pawPrint', keepsakes, 'Paw print', 45, [{ name: 'Ink colour', choices: ['Black', 'Blue', 'Red'] }], 'An ink print of a paw on a card.');
      addOn('furClipping', keepsakes, 'Fur clipping', 15, [], 'A lock of fur in a small envelope.');
      addOn('urn', urns, 'Urn', 95, [{ name: 'Material', choices: ['Wood', 'Ceramic'] }]);
      const addOnOf = (key: AddOnKey) => addOnRows.find((a) => a.locationId === locationId && a.key === key)!;

      // ---- appointments ----
      const here = petRows.filter((p) => p.locationId === locationId);
      const living = here.filter((p) => !p.deceasedOn);
      // a deterministic shuffle, so each visit sees another pet
      for (let i = living.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [living[i], living[j]] = [living[j]!, living[i]!];
      }
      let cursor = 0;
      const nextPet = () => living[cursor++ % living.length]!;
      const address = new Map(practice.clients.map((c) => [c.id, c.address]));
      const placed: Placed[] = [];

      for (const visit of VISITS) {
        const { spec } = svc(visit.service);
        const services = [visit.service, ...(visit.after ?? [])].map(svc);
        // The calendar holds the visit only (docs/decisions/0027); an appointment of after-visit
        // services alone (a body brought in, ashes handed over) holds its handover time.
        const length = visitMinutes(services.map((x) => x.spec)) || spec.duration;
        let patientIds: string[];
        let clientId: string;
        let date: string;
        if (visit.existingDeceased && here.some((p) => p.deceasedOn)) {
          const pet = here.find((p) => p.deceasedOn)!;
          patientIds = [pet.id];
          clientId = pet.clientId;
          date = pet.deceasedOn!;
        } else {
          date = weekdayDate(today, visit.day);
          const pet = nextPet();
          clientId = pet.clientId;
          patientIds = [pet.id];
          if (visit.twoPets) {
            const sibling = living.find((p) => p.clientId === pet.clientId && p.id !== pet.id);
            if (sibling) patientIds.push(sibling.id);
          }
          if (visit.dies) {
            deaths.push({ id: pet.id, deceasedOn: date, deceasedNote: visit.dies });
            living.splice(living.indexOf(pet), 1);
          }
        }
        const holdsTime = visit.status !== 'Cancelled' && visit.status !== 'Rejected';
        // Online requests are not assigned yet (a rejected one never was).
        const primary = visit.online ? null : visit.byOwner ? practice.ownerId : practice.vetId;
        const secondary = visit.secondary ? practice.assistantId : null;
        // Later in half hours until both providers are free, within opening hours.
        let minutes = minutesOf(visit.at);
        for (;;) {
          const fits = OPENING.some(([from, to]) => minutes >= from && minutes + length <= to);
          const s = at(date, minutes).getTime();
          const e = s + length * MINUTE;
          if (fits && (!holdsTime || (isFree(primary, s, e) && isFree(secondary, s, e)))) break;
          minutes += 30;
          if (minutes >= OPENING[1][1]) {
            date = weekdayDate(date, visit.day < 0 ? -1 : 1);
            minutes = OPENING[0][0];
          }
        }
        const startAt = at(date, minutes);
        const endAt = new Date(startAt.getTime() + length * MINUTE);
        if (holdsTime) {
          hold(primary, startAt.getTime(), endAt.getTime());
          hold(secondary, startAt.getTime(), endAt.getTime());
        }
        placed.push({ visit, startAt, endAt, primary, secondary, patientIds, clientId, serviceIds: services.map((x) => x.id) });
      }

      // Today's visits: done before now, one in the room, the rest to come.
      // A visit pushed to another day by a busy provider is simply Confirmed there.
      const todays = placed
        .filter((p) => p.visit.status === 'today' && localDate(p.startAt, tz) === today)
        .sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
      let current = todays.findIndex((p) => p.endAt > now);
      if (current < 0) current = todays.length - 1;
      const todayStatus = (i: number): AppointmentStatus =>
        i < current - 1
          ? 'Completed'
          : i === current - 1
            ? 'Checked Out'
            : i === current
              ? 'Checked In'
              : i === todays.length - 1 && i > current + 1
                ? 'Pending'
                : 'Confirmed';

      for (const p of placed) {
        const { visit, startAt, endAt } = p;
        const target = visit.status !== 'today' ? visit.status : todays.includes(p) ? todayStatus(todays.indexOf(p)) : 'Confirmed';
        const id = randomUUID();
        const online = Boolean(visit.online);
        const first: AppointmentStatus = online || visit.viaPending || target === 'Pending' || target === 'Rejected' ? 'Pending' : 'Confirmed';
        const path = statusPath(first, target);
        // Booked a few days ahead (online requests two days ahead), never after now.
        const lead = online ? 2 * DAY : (3 + Math.floor(rand() * 8)) * DAY;
        const createdAt = new Date(Math.min(startAt.getTime() - lead, now.getTime() - (30 + Math.floor(rand() * 600)) * MINUTE));
        const desk = practice.deskId;
        const when: Partial<Record<AppointmentStatus, [number, string | null]>> = {
          Confirmed: [createdAt.getTime() + 2 * HOUR, desk],
          'Checked In': [startAt.getTime() - 10 * MINUTE, desk],
          'Checked Out': [endAt.getTime() + 5 * MINUTE, practice.vetId],
          Completed: [endAt.getTime() + 20 * MINUTE, practice.vetId],
          'Submitted For Cremation': [endAt.getTime() + 3 * HOUR, practice.vetId],
          Cremated: [endAt.getTime() + 2 * DAY, practice.vetId],
          'Ashes Delivered': [endAt.getTime() + 6 * DAY, desk],
          'Ashes Spread': [endAt.getTime() + 8 * DAY, practice.vetId],
          Cancelled: [Math.min(createdAt.getTime() + DAY, startAt.getTime() - 2 * HOUR), desk],
          Rejected: [createdAt.getTime() + 3 * HOUR, practice.vetId],
        };
        let previous = createdAt.getTime();
        const changes = path.map((status, i) => {
          const [planned, by] = i === 0 ? [createdAt.getTime(), online ? null : desk] : when[status]!;
          // In order, and none after now even when the visit itself is later today.
          const t = Math.max(previous + (i === 0 ? 0 : MINUTE), Math.min(planned, now.getTime() - (path.length - i) * MINUTE));
          previous = t;
          const note = status === 'Cancelled' || status === 'Rejected' ? (visit.reason ?? null) : null;
          return { status, at: new Date(t), by, note };
        });
        changes.forEach((c, i) =>
          historyRows.push({
            accountId: scope.accountId,
            appointmentId: id,
            fromStatus: i === 0 ? null : path[i - 1]!,
            toStatus: c.status,
            note: c.note,
            changedById: c.by,
            changedAt: c.at,
          }),
        );
        const requestedTimes = online
          ? [startAt, ...visit.online!.map((d) => new Date(startAt.getTime() + d * DAY))].map((t) => t.toISOString())
          : [];
        const { spec } = svc(visit.service);
        appointmentRows.push({
          id,
          accountId: scope.accountId,
          locationId,
          clientId: p.clientId,
          patientIds: p.patientIds,
          serviceIds: p.serviceIds,
          primaryProviderId: p.primary,
          secondaryProviderId: p.secondary,
          startAt,
          endAt,
          status: target,
          address: spec.type === 'Home Visit' || visit.service === 'homeEuthanasia' ? (address.get(p.clientId) ?? null) : null,
          notes: visit.notes ?? null,
          cancellationReason: target === 'Cancelled' ? (visit.reason ?? null) : null,
          source: online ? 'online' : 'staff',
          requestedTimes,
          createdById: online ? null : desk,
          createdAt,
          updatedAt: changes.at(-1)!.at,
        });
        for (const a of visit.addOns ?? []) {
          const item = addOnOf(a.key);
          attachedRows.push({
            accountId: scope.accountId,
            appointmentId: id,
            addOnId: item.id,
            name: item.name,
            price: item.price,
            values: a.values,
            createdAt,
          });
        }
      }
    }

    await tx.insert(services).values(serviceRows);
    await tx.insert(veterinarianServices).values(offerRows);
    await tx.insert(scheduleSlots).values(slotRows);
    await tx.insert(veterinarianSlotAvailability).values(availabilityRows);
    await tx.insert(scheduleNotes).values(noteRows);
    await tx.insert(addOnCategories).values(categoryRows);
    await tx.insert(addOns).values(addOnRows.map(({ key: _key, ...row }) => row));
    await tx.insert(appointments).values(appointmentRows);
    await tx.insert(appointmentStatusChanges).values(historyRows);
    await tx.insert(appointmentAddOns).values(attachedRows);
    for (const d of deaths) {
      await patientsTable.updateWhere(tx, scope, eq(patients.id, d.id), { deceasedOn: d.deceasedOn, deceasedNote: d.deceasedNote });
    }
  });
}
