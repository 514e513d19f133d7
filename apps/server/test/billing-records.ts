// Invoices and estimates for the payments' tests, written straight into the tables: a payment
// needs a finalised invoice of a client (or an estimate) and cares only about its total.
import { randomUUID } from 'node:crypto';
import { estimates, invoices } from '../src/features/invoices/invoices.table.js';
import type { TestContext } from './harness.js';

export async function insertInvoice(
  ctx: TestContext,
  at: { accountId: string; locationId: string; clientId: string },
  opts: { total: number; status?: 'draft' | 'finalised' | 'void'; number?: number | null },
): Promise<string> {
  const id = randomUUID();
  const status = opts.status ?? 'finalised';
  await ctx.database.db.insert(invoices).values({
    id,
    accountId: at.accountId,
    locationId: at.locationId,
    clientId: at.clientId,
    currency: 'USD',
    issuedOn: '2026-11-20',
    status,
    number: status === 'draft' ? null : (opts.number ?? Math.floor(Math.random() * 1e9)),
    subtotal: opts.total,
    total: opts.total,
    finalisedAt: status === 'draft' ? null : new Date(),
  });
  return id;
}

export async function insertEstimate(
  ctx: TestContext,
  at: { accountId: string; locationId: string; clientId: string },
  opts: { highTotal: number; status?: 'open' | 'approved' | 'declined' | 'invoiced' },
): Promise<string> {
  const id = randomUUID();
  await ctx.database.db.insert(estimates).values({
    id,
    accountId: at.accountId,
    locationId: at.locationId,
    clientId: at.clientId,
    currency: 'USD',
    status: opts.status ?? 'open',
    lowTotal: opts.highTotal,
    highTotal: opts.highTotal,
  });
  return id;
}
