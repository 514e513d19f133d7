// The dashboard's reads: aggregates over the tables of the features below, each statement built
// through the tenant kit, so every row it counts is the caller's account's. Days are each row's
// location's, as in the reports: a range's ends become instants per location in SQL, so a day of
// 23 or 25 hours is one day; an invoice's issue date is already its location's day.
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnalyticsPeriod } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { scopedTable, type Scope } from '../../platform/tenant-repository.js';
import { appointments, appointmentStatusChanges } from '../appointments/index.js';
import { clients } from '../clients/index.js';
import { addOns } from '../add-ons/index.js';
import { invoiceItems, invoices } from '../invoices/index.js';
import { locations } from '../locations/index.js';
import { services } from '../services/index.js';

const invoiceRows = scopedTable(invoices);
const locationRows = scopedTable(locations);
const appointmentRows = scopedTable(appointments);
const changeRows = scopedTable(appointmentStatusChanges);
const clientRows = scopedTable(clients);
const lineRows = scopedTable(invoiceItems);
const serviceRows = scopedTable(services);
const addOnRows = scopedTable(addOns);

export type Range = { from: string; to: string; locationId?: string | undefined };

/** The statuses that end aftercare: the ashes are back with the family or spread. */
export const AFTERCARE_DONE = ['Ashes Delivered', 'Ashes Spread'] as const;

/**
 * The period a local date or timestamp falls in (weeks start on Monday, ISO), and its first day as
 * text: grouped by the truncation and formatted once per group, not once per row. The period is
 * written into the statement (one of three words), so the select and the grouping are one
 * expression to PostgreSQL.
 */
function periodOf(period: AnalyticsPeriod, local: SQL): { group: SQL; key: SQL<string> } {
  const group = sql`date_trunc(${sql.raw(`'${period}'`)}, ${local})`;
  return { group, key: sql<string>`to_char(${group}, 'YYYY-MM-DD')` };
}

/** `column` on the wall clock of the location `zone` names. */
const localTime = (column: SQL | typeof appointments.startAt, zone: SQL | typeof locations.timezone = locations.timezone) => sql`(${column} at time zone ${zone})`;

/** The instants of [from, to] (local days, both included) at the row's location (locations joined): its `from` midnight to its midnight after `to`. */
function inLocalDays(column: SQL | typeof appointments.startAt | typeof clients.createdAt, range: Range): SQL {
  return sql`${column} >= (${range.from}::date::timestamp at time zone ${locations.timezone})
    and ${column} < ((${range.to}::date + 1)::timestamp at time zone ${locations.timezone})`;
}

const counted = () => sql<number>`count(*)`.mapWith(Number);
const summed = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

export const analyticsRepository = {
  /**
   * Finalised invoices and credit notes issued in the range, by period of the issue date: their
   * totals (a credit note's negative: revenue as the revenue report counts it, decision 0258) and,
   * credit notes aside, how many invoices and their totals (the average invoice).
   */
  async invoicesByPeriod(
    ex: Executor,
    scope: Scope,
    range: Range,
    period: AnalyticsPeriod,
  ): Promise<{ key: string; revenue: number; invoices: number; invoiceTotal: number }[]> {
    const isInvoice = eq(invoices.kind, 'invoice');
    const p = periodOf(period, sql`${invoices.issuedOn}::timestamp`);
    return invoiceRows
      .select(
        ex,
        scope,
        {
          key: p.key,
          revenue: summed(sql`${invoices.total}`),
          invoices: sql<number>`count(*) filter (where ${isInvoice})`.mapWith(Number),
          invoiceTotal: sql<number>`coalesce(sum(${invoices.total}) filter (where ${isInvoice}), 0)`.mapWith(Number),
        },
        and(
          eq(invoices.status, 'finalised'),
          gte(invoices.issuedOn, range.from),
          lte(invoices.issuedOn, range.to),
          range.locationId ? eq(invoices.locationId, range.locationId) : undefined,
        ),
      )
      .groupBy(p.group);
  },

  /**
   * Revenue by what was sold (service, add-on or item; null: lines without one), the revenue
   * report by service's figures (the lines of finalised invoices and credit notes by issue date):
   * the lines summed first, the names joined to the few sums after, not to every line (0269).
   */
  async revenueBySold(ex: Executor, scope: Scope, range: Range): Promise<{ key: string | null; name: string | null; total: number }[]> {
    const sold = sql`coalesce(${invoiceItems.serviceId}, ${invoiceItems.addOnId}, ${invoiceItems.itemId})`;
    const sums = lineRows
      .select(
        ex,
        scope,
        {
          accountId: invoiceItems.accountId,
          soldId: sql<string | null>`${sold}`.as('sold_id'),
          description: sql<string>`max(${invoiceItems.description})`.as('sold_description'),
          total: sql<number>`sum(${invoiceItems.lineTotal})`.as('sold_total'),
        },
        and(
          eq(invoices.status, 'finalised'),
          gte(invoices.issuedOn, range.from),
          lte(invoices.issuedOn, range.to),
          range.locationId ? eq(invoices.locationId, range.locationId) : undefined,
        ),
      )
      .innerJoin(invoices, invoiceRows.joined(scope, invoiceItems, eq(invoices.id, invoiceItems.invoiceId)))
      .groupBy(invoiceItems.accountId, sold)
      .as('sums');
    return ex
      .select({
        key: sql<string | null>`${sums.soldId}::text`,
        name: sql<string | null>`coalesce(${services.name}, ${addOns.name}, ${sums.description})`,
        total: sql<number>`${sums.total}`.mapWith(Number),
      })
      .from(sums)
      .leftJoin(services, serviceRows.joined(scope, sums, eq(services.id, sums.soldId)))
      .leftJoin(addOns, addOnRows.joined(scope, sums, eq(addOns.id, sums.soldId)));
  },

  /** Appointments starting in the range, by period of their start on their location's clock and by status. */
  async appointmentsByPeriod(ex: Executor, scope: Scope, range: Range, period: AnalyticsPeriod): Promise<{ key: string; status: string; appointments: number }[]> {
    const p = periodOf(period, localTime(appointments.startAt));
    return appointmentRows
      .select(
        ex,
        scope,
        { key: p.key, status: appointments.status, appointments: counted() },
        and(inLocalDays(appointments.startAt, range), range.locationId ? eq(appointments.locationId, range.locationId) : undefined),
      )
      .innerJoin(locations, locationRows.joined(scope, appointments, eq(locations.id, appointments.locationId)))
      .groupBy(p.group, appointments.status);
  },

  /** Clients added in the range (archived ones too: they were new then), by period on their location's clock. */
  async newClientsByPeriod(ex: Executor, scope: Scope, range: Range, period: AnalyticsPeriod): Promise<{ key: string; clients: number }[]> {
    const p = periodOf(period, localTime(sql`${clients.createdAt}`));
    return clientRows
      .select(
        ex,
        scope,
        { key: p.key, clients: counted() },
        and(inLocalDays(clients.createdAt, range), range.locationId ? eq(clients.locationId, range.locationId) : undefined),
      )
      .innerJoin(locations, locationRows.joined(scope, clients, eq(locations.id, clients.locationId)))
      .groupBy(p.group);
  },

  /**
   * Aftercare finished in the range: appointments whose status first became Ashes Delivered or
   * Ashes Spread on a day of the range (their location's), by that period, with the days from the
   * appointment's start to it summed (the service averages them).
   */
  async aftercareByPeriod(ex: Executor, scope: Scope, range: Range, period: AnalyticsPeriod): Promise<{ key: string; finished: number; days: number }[]> {
    const doneAt = sql`min(${appointmentStatusChanges.changedAt})`;
    const done = changeRows
      .select(
        ex,
        scope,
        {
          doneAt: sql<string>`${doneAt}`.as('done_at'),
          startAt: sql<string>`${appointments.startAt}`.as('start_at'),
          zone: sql<string>`${locations.timezone}`.as('zone'),
        },
        and(
          inArray(appointmentStatusChanges.toStatus, [...AFTERCARE_DONE]),
          inLocalDays(sql`${appointmentStatusChanges.changedAt}`, range),
          range.locationId ? eq(appointments.locationId, range.locationId) : undefined,
        ),
      )
      .innerJoin(appointments, appointmentRows.joined(scope, appointmentStatusChanges, eq(appointments.id, appointmentStatusChanges.appointmentId)))
      .innerJoin(locations, locationRows.joined(scope, appointments, eq(locations.id, appointments.locationId)))
      .groupBy(appointments.id, appointments.startAt, locations.timezone)
      .as('done');
    const p = periodOf(period, localTime(sql`${done.doneAt}`, sql`${done.zone}`));
    return ex
      .select({
        key: p.key,
        finished: counted(),
        days: sql<number>`coalesce(sum(extract(epoch from ${done.doneAt} - ${done.startAt})), 0) / 86400.0`.mapWith(Number),
      })
      .from(done)
      .groupBy(p.group);
  },
};
