// The reports' reads: read-only aggregates over the tables of the features below (invoices,
// payments, appointments), each statement built through the tenant kit, so every row it sums is
// the caller's account's. Dates are days on the calendar of each row's location (its time zone):
// a range's ends become instants per location in SQL, so a day of 23 or 25 hours is one day.
import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { cursorPages, type Db, type Executor } from '../../db/client.js';
import { scopedTable, type Condition, type Scope } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/index.js';
import { addOns } from '../add-ons/index.js';
import { appointments, appointmentStatusChanges } from '../appointments/index.js';
import { clients } from '../clients/index.js';
import { balanceReads, invoiceItems, invoices } from '../invoices/index.js';
import { locations } from '../locations/index.js';
import { invoicePayments, payments, paymentTypes } from '../payments/index.js';
import { services } from '../services/index.js';
import { users } from '../users/index.js';

const lineRows = scopedTable(invoiceItems);
const invoiceRows = scopedTable(invoices);
const locationRows = scopedTable(locations);
const userRows = scopedTable(users);
const serviceRows = scopedTable(services);
const addOnRows = scopedTable(addOns);
const paymentRows = scopedTable(payments);
const typeRows = scopedTable(paymentTypes);
const appointmentRows = scopedTable(appointments);
const changeRows = scopedTable(appointmentStatusChanges);
const clientRows = scopedTable(clients);

export type Period = 'day' | 'week' | 'month';
export type Range = { from: string; to: string; locationId?: string | undefined };

/** `to_char` of the period a local date or timestamp falls in: its first day (weeks start on Monday, ISO). */
function periodKey(period: Period, local: SQL): SQL<string> {
  if (period === 'day') return sql<string>`to_char(${local}, 'YYYY-MM-DD')`;
  if (period === 'week') return sql<string>`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
  return sql<string>`to_char(date_trunc('month', ${local}), 'YYYY-MM-DD')`;
}

/** `column` on the wall clock of the row's location (locations joined). */
export const localTime = (column: SQL | typeof appointments.startAt | typeof payments.receivedAt) => sql`(${column} at time zone ${locations.timezone})`;

/**
 * The instants of [from, to] (local days, both included) at the row's location: from its `from`
 * midnight to its midnight after `to`, whatever the day's length.
 */
export function inLocalDays(column: typeof appointments.startAt | typeof payments.receivedAt, range: Range): SQL {
  return sql`${column} >= (${range.from}::date::timestamp at time zone ${locations.timezone})
    and ${column} < ((${range.to}::date + 1)::timestamp at time zone ${locations.timezone})`;
}

const money = (column: SQL | typeof invoiceItems.lineTotal) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const label = (expression: SQL) => sql<string | null>`max(${expression})`;

export type RevenueBy = Period | 'provider' | 'service' | 'location';
export type RevenueSums = { key: string | null; name: string | null; subtotal: number; discount: number; tax: number; total: number };

export type AgeingFilters = { locationId?: string | undefined };
export type AgeingSums = {
  clientId: string;
  clientName: string;
  /** the name as the rows are ordered by it (lower case, as the database lowers it): the files' key with the total and the id */
  sortName: string;
  invoices: number;
  days0to30: number;
  days31to60: number;
  days61to90: number;
  over90: number;
  total: number;
};
export type AgeingTotals = Omit<AgeingSums, 'clientId' | 'clientName' | 'sortName'> & { clients: number };
/** The screen's page (`offset`), or the files' next page after the last row read (`after`; none: the first). */
/** Where a page by key starts: after the row of the page before with these. */
export type AgeingKey = Pick<AgeingSums, 'total' | 'sortName' | 'clientId'>;
export type AgeingPage = { limit: number; offset: number } | { limit: number; after: AgeingKey | null };

/**
 * What finalised invoices still owe (the balance rule of invoice-balances.repository.ts: total
 * less payments, refunds and credit notes), each with its client and its age: days from the due
 * date (the issue date when none) to today on the invoice's location's calendar (decision 0259).
 * Payments and credit notes are summed by invoice in one pass each (`finalisedBalances`): read per
 * invoice, as a list reads its page, they were 5–10 s over the large seed's 234,897 open invoices.
 */
function openInvoices(ex: Executor, scope: Scope, q: AgeingFilters) {
  return balanceReads(invoicePayments)
    .finalisedBalances(
      ex,
      scope,
      {
        accountId: invoices.accountId,
        clientId: invoices.clientId,
        age: sql<number>`((now() at time zone ${locations.timezone})::date - coalesce(${invoices.dueOn}, ${invoices.issuedOn}))`.as('age'),
      },
      q.locationId ? eq(invoices.locationId, q.locationId) : undefined,
    )
    .innerJoin(locations, locationRows.joined(scope, invoices, eq(locations.id, invoices.locationId)))
    .as('open');
}

/** The ageing's figures summed over the owing invoices of `open`: a client's row, or the totals. */
function ageingSums(open: ReturnType<typeof openInvoices>) {
  const owed = (condition: SQL) => sql<number>`coalesce(sum(${open.balance}) filter (where ${condition}), 0)`.mapWith(Number);
  return {
    invoices: sql<number>`count(*)`.mapWith(Number).as('invoices'),
    days0to30: owed(sql`${open.age} <= 30`).as('days0to30'),
    days31to60: owed(sql`${open.age} between 31 and 60`).as('days31to60'),
    days61to90: owed(sql`${open.age} between 61 and 90`).as('days61to90'),
    over90: owed(sql`${open.age} > 90`).as('over90'),
    total: sql<number>`coalesce(sum(${open.balance}), 0)`.mapWith(Number).as('total'),
  };
}

/** Every owing client's row, named, as a derived table (`owing`) to order and cut. */
function owingClients(ex: Executor, scope: Scope, q: AgeingFilters) {
  const open = openInvoices(ex, scope, q);
  const name = sql`${clients.firstName} || ' ' || ${clients.lastName}`;
  return ex
    .select({
      clientId: open.clientId,
      clientName: sql<string>`${name}`.as('client_name'),
      sortName: sql<string>`lower(${name})`.as('sort_name'),
      ...ageingSums(open),
    })
    .from(open)
    .innerJoin(clients, clientRows.joined(scope, open, eq(clients.id, open.clientId)))
    .where(sql`${open.balance} > 0`)
    .groupBy(open.clientId, clients.firstName, clients.lastName)
    .as('owing');
}

/**
 * The owing clients in the report's order: the largest total first, then the name without case,
 * then the id, so no two rows tie; after `after` (a row of the page before) when given.
 */
function ageingInOrder(ex: Executor, scope: Scope, q: AgeingFilters, after: AgeingKey | null) {
  const owing = owingClients(ex, scope, q);
  return ex
    .select({
      clientId: owing.clientId,
      clientName: owing.clientName,
      sortName: owing.sortName,
      invoices: owing.invoices,
      days0to30: owing.days0to30,
      days31to60: owing.days31to60,
      days61to90: owing.days61to90,
      over90: owing.over90,
      total: owing.total,
    })
    .from(owing)
    .where(
      after
        ? sql`(${owing.total} < ${after.total} or (${owing.total} = ${after.total} and (${owing.sortName}, ${owing.clientId}) > (${after.sortName}, ${after.clientId}::uuid)))`
        : undefined,
    )
    .orderBy(desc(owing.total), owing.sortName, owing.clientId)
    .$dynamic();
}

export const reportsRepository = {
  /**
   * The account's currency and whether the filters' ids all name rows of the account, in one
   * statement with no table of its own.
   */
  async preamble(ex: Executor, scope: Scope, filters: Condition | undefined): Promise<{ currency: string; allowed: boolean }> {
    const [row] = await ex
      .select({ currency: accountsRepository.currencyOfSql(scope.accountId), allowed: (filters ?? sql<boolean>`true`).mapWith(Boolean) })
      .from(sql`(select 1) as one`);
    return { currency: row?.currency ?? 'USD', allowed: row?.allowed ?? false };
  },

  /**
   * Revenue: the lines of finalised invoices and credit notes (a credit note's are negative; a
   * void invoice is not finalised) issued in the range, summed by period of the issue date or by
   * provider, service (or add-on, item) or location. A document's figures are its lines' sums
   * (pricing.ts), so every grouping adds up to the same totals (decision 0258).
   */
  async revenue(ex: Executor, scope: Scope, range: Range & { providerId?: string | undefined }, by: RevenueBy): Promise<RevenueSums[]> {
    const soldId = sql`coalesce(${invoiceItems.serviceId}, ${invoiceItems.addOnId}, ${invoiceItems.itemId})`;
    const group: { key: SQL<string | null>; name: SQL<string | null> } =
      by === 'provider'
        ? { key: sql`${invoiceItems.providerId}::text`, name: label(sql`${users.firstName} || ' ' || ${users.lastName}`) }
        : by === 'service'
          ? { key: sql`${soldId}::text`, name: label(sql`coalesce(${services.name}, ${addOns.name}, ${invoiceItems.description})`) }
          : by === 'location'
            ? { key: sql`${invoices.locationId}::text`, name: label(sql`${locations.name}`) }
            : { key: periodKey(by, sql`${invoices.issuedOn}`), name: sql<null>`null` };
    return lineRows
      .select(
        ex,
        scope,
        {
          key: group.key,
          name: group.name,
          subtotal: money(sql`${invoiceItems.gross}`),
          discount: money(sql`${invoiceItems.lineDiscount} + ${invoiceItems.sharedDiscount}`),
          tax: money(sql`${invoiceItems.lineTax}`),
          total: money(invoiceItems.lineTotal),
        },
        and(
          eq(invoices.status, 'finalised'),
          gte(invoices.issuedOn, range.from),
          lte(invoices.issuedOn, range.to),
          range.locationId ? eq(invoices.locationId, range.locationId) : undefined,
          range.providerId ? eq(invoiceItems.providerId, range.providerId) : undefined,
        ),
      )
      .innerJoin(invoices, invoiceRows.joined(scope, invoiceItems, eq(invoices.id, invoiceItems.invoiceId)))
      .innerJoin(locations, locationRows.joined(scope, invoices, eq(locations.id, invoices.locationId)))
      .leftJoin(users, userRows.joined(scope, invoiceItems, eq(users.id, invoiceItems.providerId)))
      .leftJoin(services, serviceRows.joined(scope, invoiceItems, eq(services.id, invoiceItems.serviceId)))
      .leftJoin(addOns, addOnRows.joined(scope, invoiceItems, eq(addOns.id, invoiceItems.addOnId)))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
  },

  /**
   * The owing clients in the report's order (`ageingInOrder`), or a page of them: `offset` for the
   * screen's pages; `after` (the last row of the page before) for the files on the embedded
   * database (decision 0289). Every page sums the open invoices again: a client's total, which
   * orders the rows, is known only once all of their invoices are summed.
   */
  async ageingRows(ex: Executor, scope: Scope, q: AgeingFilters, page?: AgeingPage): Promise<AgeingSums[]> {
    const rows = ageingInOrder(ex, scope, q, page && 'after' in page ? page.after : null);
    if (!page) return rows;
    return 'after' in page ? rows.limit(page.limit) : rows.limit(page.limit).offset(page.offset);
  },

  /**
   * Every owing client in the report's order, `limit` at a time from one statement's cursor (on a
   * PostgreSQL server: `cursorPages`, decision 0289); the rows as `ageingRows` answers them.
   */
  async *ageingByCursor(db: Db, scope: Scope, q: AgeingFilters, limit: number): AsyncGenerator<AgeingSums[]> {
    for await (const rows of cursorPages(db, ageingInOrder(db, scope, q, null), limit)) {
      yield rows.map((r) => ({
        clientId: String(r.client_id),
        clientName: String(r.client_name),
        sortName: String(r.sort_name),
        invoices: Number(r.invoices),
        days0to30: Number(r.days0to30),
        days31to60: Number(r.days31to60),
        days61to90: Number(r.days61to90),
        over90: Number(r.over90),
        total: Number(r.total),
      }));
    }
  },

  /**
   * The sums of every owing client's row and how many rows there are, in a statement of its own:
   * summed by invoice, no row per client held (the same invoices and balances as `ageingRows`).
   */
  async ageingTotals(ex: Executor, scope: Scope, q: AgeingFilters): Promise<AgeingTotals> {
    const open = openInvoices(ex, scope, q);
    const [totals] = await ex
      .select({ clients: sql<number>`count(distinct ${open.clientId})`.mapWith(Number), ...ageingSums(open) })
      .from(open)
      .where(sql`${open.balance} > 0`);
    return totals ?? { clients: 0, invoices: 0, days0to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 };
  },

  /** Payments and refunds received in the range at each location, by payment type (a refund by its own row's type). */
  async paymentsByType(
    ex: Executor,
    scope: Scope,
    range: Range,
  ): Promise<{ paymentTypeId: string | null; name: string | null; method: string | null; payments: number; received: number; refunds: number; refunded: number }[]> {
    const isPayment = eq(payments.kind, 'payment');
    const isRefund = eq(payments.kind, 'refund');
    return paymentRows
      .select(
        ex,
        scope,
        {
          paymentTypeId: payments.paymentTypeId,
          name: label(sql`${paymentTypes.name}`),
          method: label(sql`${paymentTypes.method}`),
          payments: counted(isPayment),
          received: sql<number>`coalesce(sum(${payments.amount}) filter (where ${isPayment}), 0)`.mapWith(Number),
          refunds: counted(isRefund),
          refunded: sql<number>`coalesce(sum(${payments.amount}) filter (where ${isRefund}), 0)`.mapWith(Number),
        },
        and(inLocalDays(payments.receivedAt, range), range.locationId ? eq(payments.locationId, range.locationId) : undefined),
      )
      .innerJoin(locations, locationRows.joined(scope, payments, eq(locations.id, payments.locationId)))
      .leftJoin(paymentTypes, typeRows.joined(scope, payments, eq(paymentTypes.id, payments.paymentTypeId)))
      .groupBy(payments.paymentTypeId)
      .orderBy(sql`min(${paymentTypes.position})`, sql`2`);
  },

  /**
   * Appointments starting in the range at each location, by status or by period of their start on
   * the location's clock. A cancellation made at or after the start is a no-show (decision 0259).
   */
  async appointments(
    ex: Executor,
    scope: Scope,
    range: Range & { providerId?: string | undefined },
    by: 'status' | Period,
  ): Promise<{ key: string; appointments: number; noShows: number; cancellations: number }[]> {
    const cancelled = eq(appointments.status, 'Cancelled');
    const lateCancel = changeRows.existsFor(scope, appointments,
      and(
        eq(appointmentStatusChanges.appointmentId, appointments.id),
        eq(appointmentStatusChanges.toStatus, 'Cancelled'),
        gte(appointmentStatusChanges.changedAt, appointments.startAt),
      ),
    );
    const key = by === 'status' ? sql<string>`${appointments.status}` : periodKey(by, localTime(appointments.startAt));
    return appointmentRows
      .select(
        ex,
        scope,
        {
          key,
          appointments: sql<number>`count(*)`.mapWith(Number),
          noShows: sql<number>`coalesce(sum(case when ${cancelled} and ${lateCancel} then 1 else 0 end), 0)`.mapWith(Number),
          cancellations: sql<number>`coalesce(sum(case when ${cancelled} and not ${lateCancel} then 1 else 0 end), 0)`.mapWith(Number),
        },
        and(
          inLocalDays(appointments.startAt, range),
          range.locationId ? eq(appointments.locationId, range.locationId) : undefined,
          range.providerId ? or(eq(appointments.primaryProviderId, range.providerId), eq(appointments.secondaryProviderId, range.providerId)) : undefined,
        ),
      )
      .innerJoin(locations, locationRows.joined(scope, appointments, eq(locations.id, appointments.locationId)))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
  },
};
