// The calendar side of the demo: services, what each provider offers, schedule slots and notes,
// add-ons, and appointments in every status at each demo location around the day it runs, so the
// calendar opens on a working week. Everything is written in a handful of multi-row statements
// inside one transaction: the first start of an empty database must stay quick.
import { randomUUID } from 'node:crypto';
import {
  addDays,
  localDate,
  localDateTimeToInstant,
  visitMinutes,
  weekdayOf,
  type AppointmentStatus,
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
import { priceAt, SERVICE_CATALOGUE, type ServiceKey, type ServiceSpec } from './demo-services.js';
import { OPENING, statusPath, VISITS, type AddOnKey, type Visit } from './demo-visits.js';

const patientsTable = tenantRepository(patients);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
