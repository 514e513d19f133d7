import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SERVICE_TYPES } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { idIn, instantIn, sameAccount, scopedTable, tenantRepository, type AccountKeyed, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { linkTable } from '../../platform/tenant-row-sets.js';
import { userLocations, users } from '../users/index.js';
import { services, veterinarianServices, veterinarianSlotAvailability } from './services.table.js';

const base = tenantRepository(services);
const providerServices = linkTable(veterinarianServices, veterinarianServices.veterinarianId, veterinarianServices.serviceId);
const slotAvailability = scopedTable(veterinarianSlotAvailability);
export type ServiceRow = typeof services.$inferSelect;

/** Services are listed by type in SERVICE_TYPES order, then by name. */
const typeRank = sql`case ${services.type} ${sql.join(
  SERVICE_TYPES.map((t, i) => sql`when ${t} then ${sql.raw(String(i))}`),
  sql` `,
)} else ${sql.raw(String(SERVICE_TYPES.length))} end`;
export const serviceOrder = [asc(typeRank), asc(sql`lower(${services.name})`), asc(services.id)];

export function serviceListOptions(q: { locationId?: string | undefined; onlyActive?: boolean | undefined }): ListOptions {
  return {
    where: and(q.locationId ? eq(services.locationId, q.locationId) : undefined, q.onlyActive ? eq(services.active, true) : undefined),
    orderBy: serviceOrder,
  };
}

export const servicesRepository = {
  ...base,

  /**
   * Locks the service row until the transaction ends (false when it is gone). A delete takes it
   * before looking for appointments: appointments being written share-lock the services they
   * name, so the delete waits for them and then sees them.
   */
  async lockForUpdate(ex: Executor, scope: Scope, id: string): Promise<boolean> {
    return (await base.findById(ex, scope, id, { lock: 'update' })) !== undefined;
  },

  /**
   * The services an appointment is about to name, share-locked until the transaction ends: nothing
   * in the database ties an appointment's id array to the services, so a service delete (which
   * locks its row for update) waits for the appointment and then sees it, or goes first and is
   * not found here.
   */
  lockShared: (ex: Executor, scope: Scope, ids: readonly string[]): Promise<ServiceRow[]> => base.findByIds(ex, scope, ids, { lock: 'share' }),

  /** The services a location offers, by name (the public booking page). */
  async activeAt(ex: Executor, scope: Scope, locationId: string): Promise<ServiceRow[]> {
    return base.list(ex, scope, {
      where: and(eq(services.locationId, locationId), eq(services.active, true)),
      orderBy: [asc(sql`lower(${services.name})`), asc(services.id)],
    });
  },

  /** Whether every id names a service of the account at `locationId`. */
  async allAtLocation(ex: Executor, scope: Scope, locationId: string, ids: readonly string[]): Promise<boolean> {
    return base.allExist(ex, scope, ids, eq(services.locationId, locationId));
  },
};

/** What providers offer: services per provider, and the slot start times they are available for. */
export const availabilityRepository = {
  async addService(ex: Executor, scope: Scope, veterinarianId: string, serviceId: string): Promise<void> {
    await providerServices.add(ex, scope, veterinarianId, serviceId);
  },

  async removeService(ex: Executor, scope: Scope, veterinarianId: string, serviceId: string): Promise<void> {
    await providerServices.remove(ex, scope, veterinarianId, serviceId);
  },

  async addSlotTime(ex: Executor, scope: Scope, veterinarianId: string, startAt: Date): Promise<void> {
    await slotAvailability.insertMany(ex, scope, [{ veterinarianId, startAt }], { ignoreConflicts: true });
  },

  /** Every provider available at every one of these start times (a new series with its providers). */
  async addSlotTimes(ex: Executor, scope: Scope, veterinarianIds: readonly string[], startTimes: readonly Date[]): Promise<void> {
    const rows = veterinarianIds.flatMap((veterinarianId) => startTimes.map((startAt) => ({ veterinarianId, startAt })));
    // A year of daily slots for twenty providers is 7,300 rows: in parts, each statement stays under PostgreSQL's 65,535 bound values.
    for (let i = 0; i < rows.length; i += 5000) {
      await slotAvailability.insertMany(ex, scope, rows.slice(i, i + 5000), { ignoreConflicts: true });
    }
  },

  /** The providers available at `from` become available at `to` as well. */
  async copySlotTime(ex: Executor, scope: Scope, from: Date, to: Date): Promise<void> {
    await slotAvailability.insertFrom(
      ex,
      slotAvailability.select(
        ex,
        scope,
        {
          accountId: veterinarianSlotAvailability.accountId,
          veterinarianId: veterinarianSlotAvailability.veterinarianId,
          startAt: sql<Date>`${to.toISOString()}::timestamptz`.as('start_at'),
        },
        eq(veterinarianSlotAvailability.startAt, from),
      ),
    );
  },

  /** Nobody is available at these start times any more (no slot starts then). */
  async removeSlotTimes(ex: Executor, scope: Scope, startTimes: readonly Date[]): Promise<void> {
    if (startTimes.length === 0) return;
    await slotAvailability.removeWhere(ex, scope, instantIn(veterinarianSlotAvailability.startAt, [...startTimes]));
  },

  async removeSlotTime(ex: Executor, scope: Scope, veterinarianId: string, startAt: Date): Promise<void> {
    await slotAvailability.removeWhere(
      ex,
      scope,
      and(eq(veterinarianSlotAvailability.veterinarianId, veterinarianId), eq(veterinarianSlotAvailability.startAt, startAt)),
    );
  },

  /** The services each provider offers, in service-list order (optionally only those of one location). */
  async servicesOf(
    ex: Executor,
    scope: Scope,
    veterinarianIds: readonly string[],
    opts: { serviceIds?: readonly string[] } = {},
  ): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(veterinarianIds.map((id) => [id, []]));
    if (veterinarianIds.length === 0 || opts.serviceIds?.length === 0) return result;
    const rows = await providerServices
      .select(
        ex,
        scope,
        { veterinarianId: veterinarianServices.veterinarianId, serviceId: veterinarianServices.serviceId },
        and(
          idIn(veterinarianServices.veterinarianId, [...new Set(veterinarianIds)]),
          opts.serviceIds ? idIn(veterinarianServices.serviceId, [...new Set(opts.serviceIds)]) : undefined,
        ),
      )
      .innerJoin(services, providerServices.joined(scope, services, eq(services.id, veterinarianServices.serviceId)))
      .orderBy(...serviceOrder);
    for (const r of rows) result.get(r.veterinarianId)?.push(r.serviceId);
    return result;
  },

  /** One provider's slot start times from `since` on, earliest first. */
  async slotTimesOf(ex: Executor, scope: Scope, veterinarianId: string, since: Date): Promise<Date[]> {
    const rows = await slotAvailability
      .select(
        ex,
        scope,
        { startAt: veterinarianSlotAvailability.startAt },
        and(eq(veterinarianSlotAvailability.veterinarianId, veterinarianId), gte(veterinarianSlotAvailability.startAt, since)),
      )
      .orderBy(asc(veterinarianSlotAvailability.startAt));
    return rows.map((r) => r.startAt);
  },

  /**
   * Who is available at each of these start times at these locations: providers available at the
   * time who are active users assigned to the location, by name. One statement however many slots
   * ask (joined with the users feature's tables: it saves a round trip on every schedule week).
   */
  async atStartTimes(
    ex: Executor,
    scope: Scope,
    startTimes: readonly Date[],
    locationIds: readonly string[],
  ): Promise<{ veterinarianId: string; startAt: Date; locationId: string }[]> {
    if (startTimes.length === 0 || locationIds.length === 0) return [];
    const unique = [...new Map(startTimes.map((t) => [t.getTime(), t])).values()];
    return slotAvailability
      .select(
        ex,
        scope,
        { veterinarianId: veterinarianSlotAvailability.veterinarianId, startAt: veterinarianSlotAvailability.startAt, locationId: userLocations.locationId },
        and(instantIn(veterinarianSlotAvailability.startAt, unique), eq(users.isActive, true), idIn(userLocations.locationId, [...new Set(locationIds)])),
      )
      .innerJoin(users, slotAvailability.joined(scope, users, eq(users.id, veterinarianSlotAvailability.veterinarianId)))
      .innerJoin(userLocations, slotAvailability.joined(scope, userLocations, eq(userLocations.userId, veterinarianSlotAvailability.veterinarianId)))
      .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id), asc(veterinarianSlotAvailability.startAt));
  },

  /**
   * Who is available at a slot's start, as `atStartTimes` answers, for each row of a list of
   * slots, read in the list's own statement (a correlated subquery on the slot's account, start
   * and location): the schedule week is then its slots' statement and its notes', whatever it holds.
   */
  providersAtSql(scope: Scope, slot: AccountKeyed, startAt: PgColumn, locationId: PgColumn): SQL<string[]> {
    return sql<string[]>`array(select ${veterinarianSlotAvailability.veterinarianId} from ${veterinarianSlotAvailability} inner join ${users} on ${slotAvailability.joined(scope, users,
      eq(users.id, veterinarianSlotAvailability.veterinarianId),
    )} inner join ${userLocations} on ${slotAvailability.joined(scope, userLocations,
      and(eq(userLocations.userId, veterinarianSlotAvailability.veterinarianId), eq(userLocations.locationId, locationId)),
    )} where ${sameAccount(scope, veterinarianSlotAvailability, slot, and(eq(veterinarianSlotAvailability.startAt, startAt), eq(users.isActive, true)))} order by lower(${users.firstName}), lower(${users.lastName}), ${users.id})`;
  },
};
