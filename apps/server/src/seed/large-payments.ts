// The large seed's payments (the payments-by-type and ageing reports, bench:reports): most finalised
// invoices paid, as the desk records them, one payment row each with its allocation onto the
// invoice. Paid in full at the visit, later, or in two parts; some part-paid; some unpaid, more of
// the recent ones than of the old (what the ageing report has to show). Each across the account's
// payment types by a fixed mix. Balances stay sums over the rows (the invoice's total less its
// allocations), so every report reads them as it reads the desk's. The same for the same seed:
// each location's invoices in number order.
import { performance } from 'node:perf_hooks';
import type { PaymentMethod } from '@willow/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { invoices } from '../features/invoices/invoices.table.js';
import { locationsRepository } from '../features/locations/locations.repository.js';
import { allocationsRepository, paymentsRepository, paymentTypesRepository } from '../features/payments/payments.repository.js';
import { tenantRepository, type Scope } from '../platform/tenant-repository.js';
import { prng } from './names.js';

const DAY = 86_400_000;
const BATCH = 2_000;

/** How a general practice is paid: mostly card; insurers and transfers pay later. */
const METHOD_WEIGHTS: Record<PaymentMethod, number> = { card: 60, cash: 12, cheque: 4, bank_transfer: 10, insurance: 10, account_credit: 2, other: 2 };
const PAYS_LATER: readonly PaymentMethod[] = ['bank_transfer', 'insurance', 'cheque'];

/** The share left unpaid by the invoice's age in days: the recent ones wait more often. */
const unpaidShare = (age: number) => (age <= 30 ? 0.3 : age <= 90 ? 0.1 : 0.03);
const PART_PAID = 0.07;

export interface LargePaymentsOptions {
  seed: number;
  /** who recorded them: the desk's signed-in user */
  recordedById: string | null;
}

export async function seedLargePayments(db: Db, scope: Scope, opts: LargePaymentsOptions, log: (msg: string) => void, now = new Date()): Promise<void> {
  const t0 = performance.now();
  const rand = prng(opts.seed * 104_729 + 31);
  await paymentTypesRepository.ensureDefaults(db, scope);
  const types = (await paymentTypesRepository.list(db, scope, paymentTypesRepository.listOptions())).filter((t) => t.active);
  const weighted = types.flatMap((t) => Array<{ id: string; method: PaymentMethod }>(METHOD_WEIGHTS[t.method as PaymentMethod] ?? 1).fill({ id: t.id, method: t.method as PaymentMethod }));
  const nowMs = now.getTime() - 60_000;
  const today = now.toISOString().slice(0, 10);
  const invoiceRows = tenantRepository(invoices);
  let paymentCount = 0;
  let allocationCount = 0;
  const paid = { full: 0, part: 0, none: 0 };

  for (const location of await locationsRepository.listSorted(db, scope, {})) {
    const open = await invoiceRows
      .select(
        db,
        scope,
        { id: invoices.id, clientId: invoices.clientId, total: invoices.total, issuedOn: invoices.issuedOn, finalisedAt: invoices.finalisedAt },
        and(eq(invoices.locationId, location.id), eq(invoices.kind, 'invoice'), eq(invoices.status, 'finalised'), sql`${invoices.total} > 0`),
      )
      .orderBy(asc(invoices.number));
    const paymentRows: Parameters<typeof paymentsRepository.insertMany>[2][number][] = [];
    const invoiceOf: string[] = [];
    const pay = (invoice: (typeof open)[number], amount: number, at: number, clears: number) => {
      const type = weighted[Math.floor(rand() * weighted.length)]!;
      // An insurer's, a transfer's or a cheque's money arrives some days after it is given.
      const receivedAt = new Date(Math.min(PAYS_LATER.includes(type.method) ? at + clears * DAY : at, nowMs));
      paymentRows.push({
        locationId: location.id,
        clientId: invoice.clientId,
        paymentTypeId: type.id,
        kind: 'payment',
        amount,
        receivedAt,
        createdById: opts.recordedById,
        createdAt: receivedAt,
        updatedAt: receivedAt,
      });
      invoiceOf.push(invoice.id);
    };
    for (const invoice of open) {
      // Four draws per invoice, used or not, so one invoice's choices never shift the next's.
      const [r, share, delay, split] = [rand(), rand(), rand(), rand()];
      const atVisit = (invoice.finalisedAt ?? new Date(`${invoice.issuedOn}T12:00:00Z`)).getTime();
      const later = atVisit + (1 + Math.floor(delay * 45)) * DAY;
      const clears = 3 + Math.floor(delay * 11);
      const age = (Date.parse(today) - Date.parse(invoice.issuedOn)) / DAY;
      const unpaid = unpaidShare(age);
      if (r < unpaid) {
        paid.none++;
        continue;
      }
      if (r < unpaid + PART_PAID) {
        // A part at the desk, in whole units, the rest still owed.
        const part = Math.min(invoice.total - 1, Math.max(1, Math.round((invoice.total * (0.2 + share * 0.6)) / 100) * 100));
        pay(invoice, part, atVisit, clears);
        paid.part++;
        continue;
      }
      paid.full++;
      if (split < 0.1 && invoice.total >= 200) {
        // A deposit at the desk, the rest later.
        const first = Math.round((invoice.total * (0.3 + share * 0.4)) / 100) * 100 || 100;
        pay(invoice, first, atVisit, clears);
        pay(invoice, invoice.total - first, later, clears);
      } else pay(invoice, invoice.total, split < 0.85 ? atVisit : later, clears);
    }
    await db.transaction(async (tx) => {
      for (let i = 0; i < paymentRows.length; i += BATCH) {
        const batch = paymentRows.slice(i, i + BATCH);
        const made = await paymentsRepository.insertMany(tx, scope, batch);
        // Each payment onto its invoice, the whole amount, as the desk allocates it; the rows come
        // back in the order they went in, which the check holds the seed to.
        const allocations = made.map((p, k) => {
          if (p.clientId !== batch[k]!.clientId || p.amount !== batch[k]!.amount) throw new Error('payments came back out of order');
          return { paymentId: p.id, invoiceId: invoiceOf[i + k]!, amount: p.amount, createdAt: p.receivedAt };
        });
        await allocationsRepository.insertMany(tx, scope, allocations);
        allocationCount += allocations.length;
      }
    });
    paymentCount += paymentRows.length;
    log(`payments: ${paymentCount.toLocaleString('en-US')} (${Math.round((performance.now() - t0) / 1000)} s)`);
  }
  await db.execute(sql`vacuum (analyze) payments, payment_allocations`);
  log(
    `payments done in ${Math.round((performance.now() - t0) / 1000)} s: ${paymentCount.toLocaleString('en-US')} payments, ${allocationCount.toLocaleString('en-US')} allocations; ` +
      `invoices paid in full ${paid.full.toLocaleString('en-US')}, part-paid ${paid.part.toLocaleString('en-US')}, unpaid ${paid.none.toLocaleString('en-US')}`,
  );
}

