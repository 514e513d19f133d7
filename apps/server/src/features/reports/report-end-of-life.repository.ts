// The end-of-life volume's read (decision 0265): the appointments starting in the range (days on
// their location's calendar) whose family chose a cremation, not cancelled or rejected, summed by
// cremation type and location, with each one's turnaround: the days on the location's calendar
// from its start to the first move into the status that ends its aftercare.
import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scopedTable, type Scope } from '../../platform/tenant-repository.js';
import { appointments, appointmentStatusChanges } from '../appointments/index.js';
import { locations } from '../locations/index.js';
import { inLocalDays, type Range } from './reports.repository.js';

const appointmentRows = scopedTable(appointments);
const changeRows = scopedTable(appointmentStatusChanges);
const locationRows = scopedTable(locations);

export type EndOfLifeSums = {
  cremationType: string;
  locationId: string;
  cremations: number;
  finished: number;
  turnaroundDays: number;
  longestDays: number | null;
};

export const endOfLifeRepository = {
  async volume(ex: Executor, scope: Scope, range: Range): Promise<EndOfLifeSums[]> {
    // Aftercare ends when the ashes are delivered or spread; with no ashes to come back, when cremated.
    const ended = changeRows.valueFor<Date | null>(
      scope,
      appointments,
      sql`min(${appointmentStatusChanges.changedAt})`,
      and(
        eq(appointmentStatusChanges.appointmentId, appointments.id),
        or(
          inArray(appointmentStatusChanges.toStatus, ['Ashes Delivered', 'Ashes Spread']),
          and(eq(appointments.ashesDisposition, 'none'), eq(appointmentStatusChanges.toStatus, 'Cremated')),
        ),
      ),
    );
    const day = (instant: unknown) => sql`(${instant} at time zone ${locations.timezone})::date`;
    const each = appointmentRows
      .select(
        ex,
        scope,
        {
          cremationType: sql<string>`${appointments.cremationType}`.as('cremation_type'),
          locationId: sql<string>`${appointments.locationId}`.as('location_id'),
          // null while aftercare is under way
          days: sql<number | null>`${day(ended)} - ${day(appointments.startAt)}`.as('days'),
        },
        and(
          isNotNull(appointments.cremationType),
          notInArray(appointments.status, ['Cancelled', 'Rejected']),
          inLocalDays(appointments.startAt, range),
          range.locationId ? eq(appointments.locationId, range.locationId) : undefined,
        ),
      )
      .innerJoin(locations, locationRows.joined(scope, appointments, eq(locations.id, appointments.locationId)))
      .as('each');
    // A status set before the visit's day (a correction) is a turnaround of 0 days, never fewer;
    // `greatest` skips a null, so the finished are picked out first.
    const ofFinished = (aggregate: 'sum' | 'max') => sql`${sql.raw(aggregate)}(greatest(${each.days}, 0)) filter (where ${each.days} is not null)`;
    return ex
      .select({
        cremationType: each.cremationType,
        locationId: each.locationId,
        cremations: sql<number>`count(*)`.mapWith(Number),
        finished: sql<number>`count(${each.days})`.mapWith(Number),
        turnaroundDays: sql<number>`coalesce(${ofFinished('sum')}, 0)`.mapWith(Number),
        longestDays: sql<number | null>`${ofFinished('max')}`.mapWith(Number),
      })
      .from(each)
      .groupBy(each.cremationType, each.locationId);
  },
};
