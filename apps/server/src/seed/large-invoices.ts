// The large seed's invoices: a finalised invoice for every appointment the work is done on
// (completed, or on through cremation and the ashes' return), its services as lines at the
// catalogue's price, numbered per location in the order of the visits. Set-based: a few
// INSERT … SELECT statements per location, whatever the number of appointments.
import { sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES } from '@willow/contracts';
import type { Db } from '../db/client.js';
import { locationsRepository } from '../features/locations/locations.repository.js';
import type { Scope } from '../platform/tenant-repository.js';

/** Completed and every status after it but the cancelled and rejected (Checked Out waits for its invoice). */
export const INVOICED_STATUSES = APPOINTMENT_STATUSES.slice(APPOINTMENT_STATUSES.indexOf('Completed'), APPOINTMENT_STATUSES.indexOf('Cancelled'));

export async function seedLargeInvoices(db: Db, scope: Scope, log: (msg: string) => void): Promise<void> {
  const t0 = performance.now();
  const statuses = sql.join(
    INVOICED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const accountId = scope.accountId;
  let made = 0;
  for (const location of await locationsRepository.listSorted(db, scope, {})) {
    await db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`
        with base as (select coalesce(max(number), 0) as n from invoices where account_id = ${accountId} and location_id = ${location.id} and kind = 'invoice'),
        todo as (
          select a.*, row_number() over (order by a.start_at, a.id) as k
          from appointments a
          where a.account_id = ${accountId} and a.location_id = ${location.id} and a.status in (${statuses})
            and not exists (select 1 from invoices i where i.account_id = a.account_id and i.appointment_id = a.id)
        )
        insert into invoices (account_id, location_id, client_id, patient_id, appointment_id, kind, number, status, currency, issued_on,
                              subtotal, discount, tax, total, finalised_at, created_at, updated_at)
        select t.account_id, t.location_id, t.client_id, t.patient_ids[1], t.id, 'invoice', (select n from base) + t.k, 'finalised', acc.currency,
               (t.start_at at time zone ${location.timezone})::date, p.total, 0, 0, p.total, t.end_at, t.end_at, t.end_at
        from todo t
        join accounts acc on acc.id = t.account_id
        cross join lateral (
          select coalesce(sum(round(s.price * 100)), 0)::bigint as total
          from unnest(t.service_ids) as x(sid) join services s on s.account_id = t.account_id and s.id = x.sid
        ) p
        returning 1`);
      await tx.execute(sql`
        insert into invoice_items (account_id, invoice_id, position, kind, description, quantity, unit_price, discount_type, discount_value,
                                   tax_rate, provider_id, service_id, gross, line_discount, shared_discount, line_tax, line_total)
        select i.account_id, i.id, (x.ord - 1)::int, 'service', s.name, 1, round(s.price * 100)::int, 'none', 0,
               0, a.primary_provider_id, s.id, round(s.price * 100)::bigint, 0, 0, 0, round(s.price * 100)::bigint
        from invoices i
        join appointments a on a.account_id = i.account_id and a.id = i.appointment_id
        cross join lateral unnest(a.service_ids) with ordinality as x(sid, ord)
        join services s on s.account_id = i.account_id and s.id = x.sid
        where i.account_id = ${accountId} and i.location_id = ${location.id}
          and not exists (select 1 from invoice_items ii where ii.account_id = i.account_id and ii.invoice_id = i.id)`);
      await tx.execute(sql`
        insert into invoice_numbers (account_id, location_id, kind, last_number)
        select ${accountId}, ${location.id}, 'invoice', coalesce(max(number), 0) from invoices
        where account_id = ${accountId} and location_id = ${location.id} and kind = 'invoice'
        on conflict (account_id, location_id, kind) do update set last_number = excluded.last_number`);
      made += (inserted as unknown as { rows?: unknown[]; affectedRows?: number }).rows?.length ?? 0;
    });
    log(`invoices: ${made.toLocaleString('en-US')} (${Math.round((performance.now() - t0) / 1000)} s)`);
  }
  await db.execute(sql`vacuum (analyze) invoices, invoice_items, invoice_numbers`);
  log(`invoices done in ${Math.round((performance.now() - t0) / 1000)} s`);
}
