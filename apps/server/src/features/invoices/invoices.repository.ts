// The invoices feature's statements: tax codes, estimates, invoices, their lines, the numbering
// per location, what credit notes credit, and what estimates and invoices read alike (the billing
// document kit, decision 0175). The balances, which read payments too, are
// invoice-balances.repository.ts (docs/decisions/0106, 0174).
import { thousandths } from '@willow/contracts';
import { and, asc, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { lockKeys } from '../../db/locks.js';
import { idIn, scopedTable, tenantRepository, type AccountKeyed, type Extras, type ListOptions, type Scope, type TenantRepository } from '../../platform/tenant-repository.js';
import { childTable } from '../../platform/tenant-row-sets.js';
import { clientsRepository, clients } from '../clients/index.js';
import { patientsRepository, patients } from '../patients/index.js';
import { estimateItems, estimates, invoiceItems, invoiceNumbers, invoices, taxCodes } from './invoices.table.js';

export const taxCodesRepository = tenantRepository(taxCodes);
export const estimatesBase = tenantRepository(estimates);
export const estimateItemsTable = childTable(estimateItems, estimateItems.estimateId);
const invoicesBase = tenantRepository(invoices);
export const invoiceItemsTable = childTable(invoiceItems, invoiceItems.invoiceId);
const numbers = scopedTable(invoiceNumbers);
/** A credit note against the invoice of the outer query (named in SQL as `invoices as credit_note`). */
const creditNote = alias(invoices, 'credit_note');
const creditNoteRows = scopedTable(creditNote);

export type TaxCodeRow = typeof taxCodes.$inferSelect;
export type EstimateRow = typeof estimates.$inferSelect;
export type EstimateItemRow = typeof estimateItems.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

const clientRows = clientsRepository;
const patientRowsRepo = patientsRepository;

/** The client's and patient's names of a row of `t`, read beside it. */
export function namesOf(scope: Scope, t: typeof invoices | typeof estimates) {
  return {
    clientName: sql<string>`coalesce(${clientRows.valueFor(scope, t, sql`${clients.firstName} || ' ' || ${clients.lastName}`, eq(clients.id, t.clientId))}, '')`,
    patientName: sql<string | null>`${patientRowsRepo.valueFor(scope, t, patients.name, eq(patients.id, t.patientId))}`,
  };
}

/** The filters every document list has (contracts' DocumentListQuery). */
type DocumentListQuery = { locationId?: string | undefined; clientId?: string | undefined; appointmentId?: string | undefined; status?: string | undefined };

/**
 * What the estimates' and invoices' repositories answer alike (the billing document kit, decision
 * 0175): whether any names a client or patient, the list's shared filters and order, and
 * documents by id with what their lists show beside them.
 */
function documentReads<T extends typeof invoices | typeof estimates>(t: T, base: TenantRepository<T>) {
  return {
    /** Whether a document of any status names the client or the patient: the books keep them (decision 0155). */
    anyFor: (ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string }): Promise<boolean> =>
      base.exists(ex, scope, 'clientId' in of ? eq(t.clientId, of.clientId) : eq(t.patientId, of.patientId)),
    /** The list's filters (the shared ones and its status, with the document's own after them), the newest first. */
    listOf: (q: DocumentListQuery, ...own: (SQL | undefined)[]): ListOptions => ({
      where: and(
        q.locationId ? eq(t.locationId, q.locationId) : undefined,
        q.clientId ? eq(t.clientId, q.clientId) : undefined,
        q.appointmentId ? eq(t.appointmentId, q.appointmentId) : undefined,
        q.status ? eq(t.status, q.status) : undefined,
        ...own,
      ),
      // In the order of the (account, location, created_at) index: a page reads its 50 rows from
      // the index, and what is shown beside them is computed for those rows only.
      orderBy: [desc(t.createdAt), desc(t.id)],
    }),
    /**
     * Documents by id with what the lists show beside them (one statement); the extras are the
     * balance reads' (invoice-balances.repository.ts), which read payments too (decision 0174).
     */
    async withExtras<W>(ex: Executor, scope: Scope, ids: readonly string[], extras: Extras, opts: { lock?: 'update' } = {}): Promise<W[]> {
      if (ids.length === 0) return [];
      return (await base.list(ex, scope, { where: idIn(t.id, [...new Set(ids)]), extras, ...(opts.lock && { lock: opts.lock, orderBy: [t.id] }) })) as W[];
    },
  };
}

/** Finalised credit notes against the invoice, as a positive amount (a part of its balance, and what is left to credit). */
export const creditedSql = (scope: Scope, outer: typeof invoices) =>
  sql<number>`coalesce((select -sum(${creditNote.total}) from ${invoices} as "credit_note" where ${creditNoteRows.joined(scope, outer, and(eq(creditNote.creditedInvoiceId, outer.id), eq(creditNote.status, 'finalised'), eq(creditNote.kind, 'credit_note')))}), 0)`;

/** The same for every invoice of the scope at once, summed in one pass: a derived table (`invoiceId`, `credited`). */
export const creditedByInvoice = (ex: Executor, scope: Scope) =>
  creditNoteRows
    .select(ex, scope, { invoiceId: sql<string>`${creditNote.creditedInvoiceId}`.as('credit_note_invoice_id'), credited: sql<number>`-sum(${creditNote.total})`.as('credited') }, and(eq(creditNote.status, 'finalised'), eq(creditNote.kind, 'credit_note')))
    .groupBy(creditNote.creditedInvoiceId)
    .as('credited_by_invoice');

export type InvoiceListQuery = DocumentListQuery & {
  kind?: string | undefined;
  unpaid?: boolean | 'true' | 'false' | undefined;
};

const invoiceReads = documentReads(invoices, invoicesBase);

export const invoicesRepository = {
  ...invoicesBase,
  /** invoices and credit notes, of any status (withExtras: with the balance reads' names and balances) */
  anyFor: invoiceReads.anyFor,
  withExtras: invoiceReads.withExtras,

  /** The list's filter and order; `unpaid` keeps the finalised invoices whose `balance` (invoice-balances.repository.ts) is above 0. */
  listOptions(q: InvoiceListQuery, balance: SQL<number>): ListOptions {
    const unpaid = q.unpaid === true || q.unpaid === 'true';
    return invoiceReads.listOf(
      q,
      q.kind ? eq(invoices.kind, q.kind) : undefined,
      unpaid ? and(eq(invoices.status, 'finalised'), eq(invoices.kind, 'invoice'), sql`${balance} > 0`) : undefined,
    );
  },

  /**
   * The first invoice (not void, not a credit note) that bills the appointment, if any. Asked
   * under `lockAppointmentBilling`, so two requests to bill one appointment see each other's.
   */
  async billingAppointment(ex: Executor, scope: Scope, appointmentId: string): Promise<InvoiceRow | undefined> {
    const [row] = await invoicesBase.list(ex, scope, {
      where: and(eq(invoices.appointmentId, appointmentId), eq(invoices.kind, 'invoice'), ne(invoices.status, 'void')),
      orderBy: [asc(invoices.createdAt), asc(invoices.id)],
      limit: 1,
    });
    return row;
  },

  /** Invoices made from one appointment take turns for the rest of the transaction. */
  async lockAppointmentBilling(ex: Executor, scope: Scope, appointmentId: string): Promise<void> {
    await lockKeys(ex, [`invoice-from-appointment:${scope.accountId}:${appointmentId}`]);
  },

  /** What is left to credit of an invoice: its total less its finalised credit notes. */
  async creditLeft(ex: Executor, scope: Scope, invoiceId: string): Promise<number> {
    const [row] = await invoicesBase.select(ex, scope, { left: sql<number>`${invoices.total} - ${creditedSql(scope, invoices)}`.mapWith(Number) }, eq(invoices.id, invoiceId));
    return row?.left ?? 0;
  },

  /**
   * What the finalised credit notes have credited of each invoice line (decision 0131): quantity,
   * amount and discount, as positive figures, in one statement for any number of lines.
   */
  async creditedOfItems(ex: Executor, scope: Scope, itemIds: readonly string[]): Promise<Map<string, { quantity: number; amount: number; discount: number }>> {
    if (itemIds.length === 0) return new Map();
    const rows = await invoiceItemsTable
      .select(ex, scope, {
        itemId: sql<string>`${invoiceItems.creditedItemId}`,
        quantity: sql<number>`sum(${invoiceItems.quantity})`.mapWith(Number),
        amount: sql<number>`-sum(${invoiceItems.lineTotal})`.mapWith(Number),
        discount: sql<number>`-sum(${invoiceItems.lineDiscount} + ${invoiceItems.sharedDiscount})`.mapWith(Number),
      })
      .innerJoin(invoices, invoicesBase.joined(scope, invoiceItems, eq(invoices.id, invoiceItems.invoiceId)))
      .where(
        and(
          invoiceItemsTable.scoped(scope),
          idIn(invoiceItems.creditedItemId, [...new Set(itemIds)]),
          eq(invoices.status, 'finalised'),
          eq(invoices.kind, 'credit_note'),
        ),
      )
      .groupBy(invoiceItems.creditedItemId);
    return new Map(rows.map((r) => [r.itemId, { quantity: r.quantity, amount: r.amount, discount: r.discount }]));
  },

  /** Whether a finalised credit note corrects the invoice. */
  async hasCreditNotes(ex: Executor, scope: Scope, invoiceId: string): Promise<boolean> {
    return invoicesBase.exists(ex, scope, and(eq(invoices.creditedInvoiceId, invoiceId), eq(invoices.status, 'finalised')));
  },

  /**
   * The next number of the location's sequence of this kind: one UPDATE … RETURNING on its row
   * (created on the first), inside the finalising transaction. The row stays locked until it
   * commits, so numbers follow one another; a rollback gives the number back, so there are no gaps.
   */
  async nextNumber(tx: Executor, scope: Scope, locationId: string, kind: string): Promise<number> {
    const where = and(eq(invoiceNumbers.locationId, locationId), eq(invoiceNumbers.kind, kind));
    const take = () => numbers.updateReturning(tx, scope, where, { lastNumber: sql`${invoiceNumbers.lastNumber} + 1` });
    let [row] = await take();
    if (!row) {
      await numbers.insertMany(tx, scope, [{ locationId, kind, lastNumber: 0 }], { ignoreConflicts: true });
      [row] = await take();
    }
    return row!.lastNumber;
  },

  /**
   * What the appointments' invoices (not void, not credit notes; drafts count) bill of each
   * service, add-on and item: one statement for any number of appointments.
   */
  async billedFor(ex: Executor, scope: Scope, appointmentIds: readonly string[]) {
    if (appointmentIds.length === 0) return [];
    return invoiceItemsTable
      .select(ex, scope, {
        appointmentId: sql<string>`${invoices.appointmentId}`,
        serviceId: invoiceItems.serviceId,
        addOnId: invoiceItems.addOnId,
        itemId: invoiceItems.itemId,
        quantity: sql<number>`sum(${invoiceItems.quantity})`.mapWith(Number),
      })
      .innerJoin(invoices, invoicesBase.joined(scope, invoiceItems, eq(invoices.id, invoiceItems.invoiceId)))
      .where(
        and(
          invoiceItemsTable.scoped(scope),
          idIn(invoices.appointmentId, [...new Set(appointmentIds)]),
          ne(invoices.status, 'void'),
          eq(invoices.kind, 'invoice'),
        ),
      )
      .groupBy(invoices.appointmentId, invoiceItems.serviceId, invoiceItems.addOnId, invoiceItems.itemId);
  },

  /**
   * The lines of invoices and credit notes that stock follows (an item line, an add-on line, which
   * may draw items), in their order. Read by the inventory feature when one is finalised or voided.
   */
  async stockLinesOf(ex: Executor, scope: Scope, invoiceIds: readonly string[]): Promise<StockLine[]> {
    if (invoiceIds.length === 0) return [];
    return invoiceItemsTable
      .select(ex, scope, stockLineFields, and(idIn(invoiceItems.invoiceId, [...new Set(invoiceIds)]), or(isNotNull(invoiceItems.itemId), isNotNull(invoiceItems.addOnId))))
      .orderBy(invoiceItems.invoiceId, invoiceItems.position);
  },

  /**
   * What the appointment's other finalised invoices bill that stock follows: their item and
   * add-on lines, each with its quantity less what finalised credit notes credit of it.
   */
  async appointmentStockLines(ex: Executor, scope: Scope, appointmentId: string, exceptInvoiceId: string): Promise<StockLine[]> {
    const ids = (
      await invoicesBase.select(
        ex,
        scope,
        { id: invoices.id },
        and(eq(invoices.appointmentId, appointmentId), eq(invoices.kind, 'invoice'), eq(invoices.status, 'finalised'), ne(invoices.id, exceptInvoiceId)),
      )
    ).map((r) => r.id);
    const lines = await invoicesRepository.stockLinesOf(ex, scope, ids);
    const credited = await invoicesRepository.creditedOfItems(ex, scope, lines.map((l) => l.id));
    return lines.map((l) => ({ ...l, quantity: (thousandths(l.quantity) - thousandths(credited.get(l.id)?.quantity ?? 0)) / 1000 }));
  },

  /** The appointments' draft invoices (where a missed charge is added), the newest first. */
  async draftsFor(ex: Executor, scope: Scope, appointmentIds: readonly string[]): Promise<{ id: string; appointmentId: string | null }[]> {
    if (appointmentIds.length === 0) return [];
    return invoicesBase
      .select(ex, scope, { id: invoices.id, appointmentId: invoices.appointmentId }, and(idIn(invoices.appointmentId, [...new Set(appointmentIds)]), eq(invoices.status, 'draft'), eq(invoices.kind, 'invoice')))
      .orderBy(desc(invoices.createdAt));
  },
};

/** A line stock follows: the item it names, or the add-on (whose draws are inventory's), and the line it credits (a credit note's). */
export type StockLine = { id: string; invoiceId: string; position: number; itemId: string | null; addOnId: string | null; quantity: number; creditedItemId: string | null };
const stockLineFields = {
  id: invoiceItems.id,
  invoiceId: invoiceItems.invoiceId,
  position: invoiceItems.position,
  itemId: invoiceItems.itemId,
  addOnId: invoiceItems.addOnId,
  quantity: invoiceItems.quantity,
  creditedItemId: invoiceItems.creditedItemId,
};

const estimateReads = documentReads(estimates, estimatesBase);

export const estimatesRepository = {
  ...estimatesBase,
  anyFor: estimateReads.anyFor,
  withExtras: estimateReads.withExtras,
  listOptions: (q: DocumentListQuery): ListOptions => estimateReads.listOf(q),


  /** An open estimate becomes approved; answers whether it was open (one conditional update). */
  async approveIfOpen(ex: Executor, scope: Scope, id: string, method: 'in_person' | 'form', by: string | null, at: Date): Promise<boolean> {
    const n = await estimatesBase.updateWhere(ex, scope, and(eq(estimates.id, id), eq(estimates.status, 'open')), {
      status: 'approved',
      approvalMethod: method,
      approvedAt: at,
      approvedById: by,
    });
    return n > 0;
  },
};

export const taxCodeListOptions = (q: { locationId?: string | undefined }): ListOptions => ({
  where: q.locationId ? eq(taxCodes.locationId, q.locationId) : undefined,
  orderBy: [asc(sql`lower(${taxCodes.name})`), asc(taxCodes.id)],
});

/** Whether a tax code is on any line (a used tax code is made inactive, not deleted). */
/** Whether a line of an invoice, credit note or estimate names the service or the add-on (decision 0155). */
export async function catalogueOnLines(ex: Executor, scope: Scope, of: { serviceId: string } | { addOnId: string }): Promise<boolean> {
  const [onInvoice, onEstimate] =
    'serviceId' in of ? [eq(invoiceItems.serviceId, of.serviceId), eq(estimateItems.serviceId, of.serviceId)] : [eq(invoiceItems.addOnId, of.addOnId), eq(estimateItems.addOnId, of.addOnId)];
  return (await invoiceItemsTable.exists(ex, scope, onInvoice)) || estimateItemsTable.exists(ex, scope, onEstimate);
}

/** Whether a line of an invoice, credit note or estimate names the inventory item (inventory keeps such an item: archived, not deleted). */
export async function linesNameItem(ex: Executor, scope: Scope, itemId: string): Promise<boolean> {
  return (await invoiceItemsTable.exists(ex, scope, eq(invoiceItems.itemId, itemId))) || estimateItemsTable.exists(ex, scope, eq(estimateItems.itemId, itemId));
}

export async function taxCodeInUse(ex: Executor, scope: Scope, id: string): Promise<boolean> {
  return (await invoiceItemsTable.exists(ex, scope, eq(invoiceItems.taxCodeId, id))) || estimateItemsTable.exists(ex, scope, eq(estimateItems.taxCodeId, id));
}

export type { AccountKeyed };
