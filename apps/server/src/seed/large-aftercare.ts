// The large seed's aftercare (the end-of-life report and the analytics' aftercare turnaround): on
// most euthanasia and cremation appointments not cancelled or rejected, the family's choice of
// cremation type and what becomes of the ashes, and, on those past their visit, the status moves of
// their aftercare as the appointment's history keeps them (checked out, submitted for cremation,
// cremated, the ashes delivered or spread), each at a time that fits the status the appointment
// has now. The same for the same seed: each location's appointments in start order.
import { performance } from 'node:perf_hooks';
import { APPOINTMENT_STATUSES, type AppointmentStatus, type AshesDisposition, type CremationType } from '@willow/contracts';
import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appointments, appointmentStatusChanges } from '../features/appointments/appointments.table.js';
import { locationsRepository } from '../features/locations/locations.repository.js';
import { services } from '../features/services/services.table.js';
import { tenantRepository, type Scope } from '../platform/tenant-repository.js';
import { prng } from './names.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BATCH = 2_000;
/** Families who had chosen by the visit (the rest decide later, or take the body home). */
const CHOSEN = 0.9;
/** What a family chooses after a euthanasia: private most often, then communal. */
const TYPE_WEIGHTS: Record<CremationType, number> = { private: 55, partitioned: 15, communal: 30 };
/** The statuses an appointment passes through after its visit, in order. */
const AFTER_VISIT: readonly AppointmentStatus[] = ['Checked Out', 'Submitted For Cremation', 'Cremated'];

export async function seedLargeAftercare(db: Db, scope: Scope, opts: { seed: number; recordedById: string | null }, log: (msg: string) => void, now = new Date()) {
  const t0 = performance.now();
  const rand = prng(opts.seed * 15_485_863 + 7);
  const weighted = (Object.entries(TYPE_WEIGHTS) as [CremationType, number][]).flatMap(([k, w]) => Array<CremationType>(w).fill(k));
  const appointmentRows = tenantRepository(appointments);
  const changeRows = tenantRepository(appointmentStatusChanges);
  const nowMs = now.getTime() - 60_000;
  let chosen = 0;
  let moves = 0;
  for (const location of await locationsRepository.listSorted(db, scope, {})) {
    const endOfLife = await appointmentRows
      .select(
        db,
        scope,
        { id: appointments.id, status: appointments.status, endAt: appointments.endAt, serviceName: services.name },
        and(eq(appointments.locationId, location.id), notInArray(appointments.status, ['Cancelled', 'Rejected'])),
      )
      .innerJoin(
        services,
        appointmentRows.joined(scope, services, and(eq(services.id, sql`${appointments.serviceIds}[1]`), or(eq(services.type, 'Euthanasia'), eq(services.type, 'Cremation')))),
      )
      .orderBy(asc(appointments.startAt), asc(appointments.id));
    // One update per choice and batch: the choices are few, the rows many.
    const choices = new Map<string, string[]>();
    const choose = (key: string, id: string) => (choices.get(key) ?? choices.set(key, []).get(key)!).push(id);
    const changes: Parameters<typeof changeRows.insertMany>[2][number][] = [];
    for (const a of endOfLife) {
      const [r, kind, ashes, submitted, cremated, returned] = [rand(), rand(), rand(), rand(), rand(), rand()];
      if (r >= CHOSEN) continue;
      // A cremation booked as such is its own type; after a euthanasia the family's choice.
      const type: CremationType = /communal/i.test(a.serviceName) ? 'communal' : /private/i.test(a.serviceName) ? 'private' : weighted[Math.floor(kind * weighted.length)]!;
      // Where the appointment already is says what became of the ashes; before that, what was chosen.
      const disposition: AshesDisposition =
        a.status === 'Ashes Delivered' ? 'returned' : a.status === 'Ashes Spread' ? 'spread' : type === 'communal' ? 'none' : ashes < 0.85 ? 'returned' : 'spread';
      choose(`${type}/${disposition}`, a.id);
      chosen++;
      // The moves that brought it here from its visit's end, each no later than now: cremated 2 to 7
      // days after, the ashes back 7 to 21 days after (the seed's statuses follow the same ages).
      const reached = APPOINTMENT_STATUSES.indexOf(a.status as AppointmentStatus);
      if (reached < APPOINTMENT_STATUSES.indexOf('Checked Out')) continue;
      const end = a.endAt.getTime();
      const at: Partial<Record<AppointmentStatus, number>> = {
        'Checked Out': end,
        Completed: end,
        'Submitted For Cremation': end + (1 + Math.floor(submitted * 20)) * HOUR,
        Cremated: end + 2 * DAY + Math.floor(cremated * 5 * DAY),
      };
      const ashesBack = end + 7 * DAY + Math.floor(returned * 14 * DAY);
      const path = [...AFTER_VISIT.filter((s) => APPOINTMENT_STATUSES.indexOf(s) < reached), a.status as AppointmentStatus];
      let from: string | null = 'Checked In';
      for (const to of path) {
        changes.push({ appointmentId: a.id, fromStatus: from, toStatus: to, changedById: opts.recordedById, changedAt: new Date(Math.min(at[to] ?? ashesBack, nowMs)) });
        from = to;
      }
    }
    await db.transaction(async (tx) => {
      for (const [key, ids] of choices) {
        const [cremationType, ashesDisposition] = key.split('/');
        for (let i = 0; i < ids.length; i += BATCH) {
          await appointmentRows.updateWhere(tx, scope, inArray(appointments.id, ids.slice(i, i + BATCH)), { cremationType, ashesDisposition });
        }
      }
      for (let i = 0; i < changes.length; i += BATCH) await changeRows.insertMany(tx, scope, changes.slice(i, i + BATCH));
    });
    moves += changes.length;
  }
  await db.execute(sql`vacuum (analyze) appointments, appointment_status_changes`);
  log(`aftercare: ${chosen.toLocaleString('en-US')} choices, ${moves.toLocaleString('en-US')} status moves in ${Math.round((performance.now() - t0) / 1000)} s`);
}
