// Invoices and credit notes (docs/decisions/0105): drafts written with their lines in one
// transaction and priced by the contracts' pricing function; finalising takes the location's next
// number without gaps; a finalised invoice changes only by a void or a credit note.
// Security-critical: every id in a request (header and lines) is read in the caller's account.
import {
  existingInvoiceLabel,
  INVOICE_MESSAGES,
  thousandths,
  type ClientBalance,
  type CreditNoteInput,
  type Invoice,
  type InvoiceInput,
  type InvoiceItem,
  type InvoiceListQuery,
  type InvoiceSummary,
  type PaymentState,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import { keepTheBooks } from './keep-the-books.subscriptions.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/index.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { findPdfTemplate } from '../templates/index.js';
import {
  accountCurrency,
  BillingDocumentService,
  checkParties,
  DOCUMENT_RULES,
  documentCrud,
  lineAnswer,
  loadDocuments,
  locationToday,
  partiesAfter,
  placeOf,
  pricingChanged,
  termsAnswer,
} from './invoice-documents.service.js';
import { checkLines, invoiceItemRows, priceLines, storedLine, totalsOf, type CheckedLine, type InvoiceInventory, type LineInput } from './invoice-lines.js';
import { balanceReads, type BalanceReads, type InvoiceExtras, type InvoicePayments, type InvoiceWithExtras } from './invoice-balances.repository.js';
import { estimatesBase, invoiceItemsTable, invoicesRepository, type InvoiceItemRow, type InvoiceRow } from './invoices.repository.js';
import type { invoices } from './invoices.table.js';
import { appointmentDraft } from './invoice-from-appointment.js';

type Input = z.output<typeof InvoiceInput>;
type Patch = Partial<Input>;
type Query = z.output<typeof InvoiceListQuery>;

export const INVOICE_RULES = {
  ...DOCUMENT_RULES,
  pdfTemplateElsewhere: 'pdfTemplateId: must be a PDF template of the same location',
  voidDraft: 'A draft invoice is deleted, not voided',
  voidWithCredits: 'This invoice has credit notes. It cannot be voided.',
  deleteWithPayments: 'This invoice holds payments. Move or refund them before deleting it.',
  creditNoteFixed: 'A credit note stays with the client and location of its invoice',
  unknownItem: 'itemIds: not lines of this invoice',
  creditLineRequired: 'is required: a credit note’s line credits a line of its invoice',
  creditLineElsewhere: 'not a line of the credited invoice',
  creditLineOnInvoice: 'only a credit note’s line credits a line',
} as const;

async function checkPdfTemplate(ex: Executor, scope: Scope, pdfTemplateId: string | null, locationId: string): Promise<void> {
  if (!pdfTemplateId) return;
  const pdf = await findPdfTemplate(ex, scope, pdfTemplateId);
  if (!pdf) throw notFound('pdfTemplateId: unknown PDF template');
  if (pdf.locationId !== locationId) throw badRequest(INVOICE_RULES.pdfTemplateElsewhere);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toItem(r: InvoiceItemRow): InvoiceItem {
  return {
    ...lineAnswer(r),
    gross: r.gross,
    lineDiscount: r.lineDiscount,
    sharedDiscount: r.sharedDiscount,
    tax: r.lineTax,
    total: r.lineTotal,
    creditedItemId: r.creditedItemId,
  };
}

/**
 * A list's row as answered: one object literal. Not `{...partiesAnswer(r), …}`: V8 builds an object
 * spread followed by more keys on a slow path, and on the invoice list (50 rows) that spread was
 * the server's largest cost after the sockets (decision 0238).
 */
export function toSummary(r: InvoiceWithExtras): InvoiceSummary {
  return {
    id: r.id,
    locationId: r.locationId,
    clientId: r.clientId,
    clientName: r.clientName,
    patientId: r.patientId,
    patientName: r.patientName,
    appointmentId: r.appointmentId,
    estimateId: r.estimateId,
    kind: r.kind as InvoiceSummary['kind'],
    creditedInvoiceId: r.creditedInvoiceId,
    number: r.number,
    status: r.status as InvoiceSummary['status'],
    currency: r.currency,
    issuedOn: r.issuedOn,
    dueOn: r.dueOn,
    subtotal: r.subtotal,
    discount: r.discount,
    tax: r.tax,
    total: r.total,
    paid: r.paid,
    credited: r.credited,
    balance: r.balance,
    paymentState: r.paymentState as PaymentState,
    finalisedAt: iso(r.finalisedAt),
    voidedAt: iso(r.voidedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Invoices with their names, balances and lines: two statements for any number. */
export const toInvoices = (balances: BalanceReads, ex: Executor, scope: Scope, rows: readonly { id: string }[]): Promise<Invoice[]> =>
  loadDocuments(ex, scope, rows, { withExtras: balances.withExtras, lines: invoiceItemsTable }, (r, lines) => ({
    ...toSummary(r),
    ...termsAnswer(r),
    pdfTemplateId: r.pdfTemplateId,
    voidReason: r.voidReason,
    items: lines.map(toItem),
  }));

const signOf = (header: { kind: string }): 1 | -1 => (header.kind === 'credit_note' ? -1 : 1);

/** What finalising tells its subscribers: the numbered row as written (nothing read back). */
function finalised(row: InvoiceRow): DomainEvents['invoice.finalised'] {
  return {
    invoiceId: row.id,
    kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice',
    creditedInvoiceId: row.creditedInvoiceId,
    number: row.number!,
    locationId: row.locationId,
    clientId: row.clientId,
    patientId: row.patientId,
    appointmentId: row.appointmentId,
    total: row.total,
    currency: row.currency,
    dueOn: row.dueOn,
    finalisedById: row.finalisedById!,
    finalisedAt: row.finalisedAt!,
  };
}

/** What a credit note's check reads of each of its lines (sent or stored). */
type CreditRow = { creditedItemId: string | null; quantity: number; lineTotal: number };

/**
 * A credit note cannot credit more than is left of its invoice, nor of any one line of it
 * (decision 0131): each of its lines names the invoice line it credits, and what the finalised
 * credit notes and this one credit of that line stays within its quantity and its total. Checked
 * on every write of a draft and again when it is finalised, with the invoice held FOR UPDATE.
 */
async function assertCreditFits(ex: Executor, scope: Scope, creditNote: { creditedInvoiceId: string | null }, rows: readonly CreditRow[]): Promise<void> {
  if (!creditNote.creditedInvoiceId) return;
  const invoiceId = creditNote.creditedInvoiceId;
  const lines = new Map(((await invoiceItemsTable.of(ex, scope, [invoiceId])).get(invoiceId) ?? []).map((l) => [l.id, l]));
  const asked = new Map<string, { quantity: number; amount: number }>();
  rows.forEach((row, n) => {
    if (!row.creditedItemId) throw badRequest(`invoiceItems.${n}.creditedItemId: ${INVOICE_RULES.creditLineRequired}`);
    if (!lines.has(row.creditedItemId)) throw badRequest(`invoiceItems.${n}.creditedItemId: ${INVOICE_RULES.creditLineElsewhere}`);
    const sum = asked.get(row.creditedItemId) ?? { quantity: 0, amount: 0 };
    asked.set(row.creditedItemId, { quantity: sum.quantity + thousandths(row.quantity), amount: sum.amount - row.lineTotal });
  });
  const done = await invoicesRepository.creditedOfItems(ex, scope, [...asked.keys()]);
  for (const [id, sum] of asked) {
    const line = lines.get(id)!;
    const before = done.get(id) ?? { quantity: 0, amount: 0 };
    // Quantities in thousandths: integers, so 0.1 + 0.2 credits exactly 0.3.
    if (thousandths(before.quantity) + sum.quantity > thousandths(line.quantity) || before.amount + sum.amount > line.lineTotal)
      throw conflict(INVOICE_MESSAGES.lineCreditExceeds(line.description));
  }
  // Within every line is within the invoice; kept for credit notes made before lines were named.
  const total = rows.reduce((a, r) => a + r.lineTotal, 0);
  if (-total > (await invoicesRepository.creditLeft(ex, scope, invoiceId))) throw conflict(INVOICE_MESSAGES.creditExceeds);
}

/**
 * The copy of an invoice line that credits what is left of it: all of it when nothing was
 * credited yet (its discount as it came out on the invoice, so it is exactly the line's negative,
 * 0108), else the quantity left with the discount left, a cent more discount at a time should a
 * rounding of tax price it above the amount left. Null when nothing is left.
 */
function creditCopy(line: InvoiceItemRow, done: { quantity: number; amount: number; discount: number } | undefined): CheckedLine | null {
  const copy = { ...storedLine(line), creditedItemId: line.id, discountType: 'amount' as const, discountValue: line.lineDiscount + line.sharedDiscount };
  if (!done) return copy;
  const quantity = (thousandths(line.quantity) - thousandths(done.quantity)) / 1000;
  const amountLeft = line.lineTotal - done.amount;
  if (quantity <= 0 || amountLeft <= 0) return null;
  const rest = { ...copy, quantity, discountValue: Math.max(copy.discountValue - done.discount, 0) };
  const priced = () => priceLines([rest], { discountType: 'none', discountValue: 0 }).lines[0]!;
  rest.discountValue = Math.min(rest.discountValue, priced().gross);
  while (priced().total > amountLeft && rest.discountValue < priced().gross) rest.discountValue += 1;
  return rest;
}

export class InvoicesService extends BillingDocumentService<typeof invoices, Invoice, Input, Patch, Query, InvoiceSummary, LineInput, InvoiceExtras> {
  /** the balances, on what the payments feature offers (decision 0174) */
  private readonly balances: BalanceReads;

  constructor(
    db: Db,
    audit: AuditService,
    /** a finalised invoice or credit note is told to the subscribers of 'invoice.finalised', a voided one to 'invoice.voided' */
    private readonly events: DomainEventBus,
    payments: InvoicePayments,
    /** the inventory items lines name, and what appointments used of them (the inventory feature's) */
    private readonly inventory: InvoiceInventory,
  ) {
    const balances = balanceReads(payments);
    super(db, audit, {
      entityType: 'invoice',
      ...documentCrud({
        repository: invoicesRepository,
        extras: balances.invoiceExtras,
        listOptions: balances.listOptions,
        toEntities: (ex, scope, rows) => toInvoices(balances, ex, scope, rows),
        toSummary,
      }),
      prepareCreate: async (ex, caller, input) => {
        await checkParties(ex, caller, input);
        await checkPdfTemplate(ex, caller, input.pdfTemplateId, input.locationId);
        return {
          ...input,
          issuedOn: input.issuedOn ?? (await locationToday(ex, caller, input.locationId)),
          currency: await accountCurrency(ex, caller),
          kind: 'invoice',
          status: 'draft',
          createdById: caller.userId,
        };
      },
      preparePatch: async (ex, scope, input, existing) => {
        if (existing.status !== 'draft') throw conflict(INVOICE_MESSAGES.notDraft);
        if (existing.kind === 'credit_note' && ((input.clientId && input.clientId !== existing.clientId) || (input.locationId && input.locationId !== existing.locationId)))
          throw badRequest(INVOICE_RULES.creditNoteFixed);
        await checkParties(ex, scope, partiesAfter(input, existing), existing);
        const pdfTemplateId = input.pdfTemplateId !== undefined ? input.pdfTemplateId : existing.pdfTemplateId;
        const locationId = input.locationId ?? existing.locationId;
        if (pdfTemplateId !== existing.pdfTemplateId || locationId !== existing.locationId) await checkPdfTemplate(ex, scope, pdfTemplateId, locationId);
        return input;
      },
      // A new discount or location prices (and checks) the lines again when they were not sent with it.
      afterUpdate: async (ex, scope, before, after) => {
        if (!pricingChanged(before, after)) return;
        const lines = (await invoiceItemsTable.of(ex, scope, [after.id])).get(after.id) ?? [];
        await this.writeLines(ex, scope, after, await checkLines(ex, scope, 'invoiceItems', lines.map(storedLine), after.locationId, inventory.lineItems));
      },
      beforeRemove: async (ex, scope, existing) => {
        if (existing.status !== 'draft') throw conflict(INVOICE_MESSAGES.cannotDelete);
        if (await payments.anyAllocatedTo(ex, scope, { invoiceId: existing.id })) throw conflict(INVOICE_RULES.deleteWithPayments);
        // The estimate it was made from may become an invoice again.
        if (existing.estimateId) await estimatesBase.update(ex, scope, existing.estimateId, { status: 'approved' });
      },
      items: {
        table: invoiceItemsTable,
        prepare: async (ex, scope, items, header) => {
          const lines = await checkLines(ex, scope, 'invoiceItems', items, header.locationId, inventory.lineItems);
          const rows = invoiceItemRows(lines, header, signOf(header));
          if (header.kind === 'credit_note') await assertCreditFits(ex, scope, header, rows);
          else {
            const n = rows.findIndex((r) => r.creditedItemId);
            if (n >= 0) throw badRequest(`invoiceItems.${n}.creditedItemId: ${INVOICE_RULES.creditLineOnInvoice}`);
          }
          return rows;
        },
        afterWrite: async (ex, scope, header, items) => (await invoicesRepository.update(ex, scope, header.id, totalsOf(items)))!,
      },
    });
    this.balances = balances;
    keepTheBooks(events);
  }

  /** The lines become `lines`, priced with the header's discount, and the header's totals follow. */
  private async writeLines(ex: Executor, scope: Scope, header: InvoiceRow, lines: Awaited<ReturnType<typeof checkLines>>): Promise<void> {
    const rows = invoiceItemRows(lines, header, signOf(header));
    if (header.kind === 'credit_note') await assertCreditFits(ex, scope, header, rows);
    await invoiceItemsTable.replace(ex, scope, header.id, rows);
    await invoicesRepository.update(ex, scope, header.id, totalsOf(rows));
  }

  /** Finalising: at least one line, the next number of its location and kind; a credit note still fits its invoice. */
  async finalise(auth: AuthContext, id: string): Promise<Invoice> {
    return this.transition(
      auth,
      id,
      async (tx, row) => {
        if (row.status !== 'draft') throw conflict(INVOICE_MESSAGES.notDraft);
        const lines = (await invoiceItemsTable.of(tx, auth, [id])).get(id) ?? [];
        if (lines.length === 0) throw badRequest(INVOICE_MESSAGES.emptyInvoice);
        if (row.creditedInvoiceId) {
          // The invoice it corrects is held while this one is numbered: two credit notes finalised at once are checked in turn.
          const credited = await invoicesRepository.findById(tx, auth, row.creditedInvoiceId, { lock: 'update' });
          if (!credited || credited.status !== 'finalised') throw conflict(INVOICE_MESSAGES.creditNoteOfDraft);
          await assertCreditFits(tx, auth, row, lines);
        }
        const number = await invoicesRepository.nextNumber(tx, auth, row.locationId, row.kind);
        return { status: 'finalised', number, finalisedAt: new Date(), finalisedById: auth.userId };
      },
      async (tx, row) => {
        await this.events.publish(tx, auth, 'invoice.finalised', finalised(row));
      },
    );
  }

  async void(auth: AuthContext, id: string, reason: string): Promise<Invoice> {
    return this.transition(
      auth,
      id,
      async (tx, row) => {
        if (row.status === 'void') throw conflict(INVOICE_MESSAGES.alreadyVoid);
        if (row.status === 'draft') throw conflict(INVOICE_RULES.voidDraft);
        if (await this.balances.payments.anyAllocatedTo(tx, auth, { invoiceId: id })) throw conflict(INVOICE_MESSAGES.voidWithPayments);
        if (await invoicesRepository.hasCreditNotes(tx, auth, id)) throw conflict(INVOICE_RULES.voidWithCredits);
        return { status: 'void', voidedAt: new Date(), voidReason: reason };
      },
      async (tx, row) => {
        await this.events.publish(tx, auth, 'invoice.voided', {
          invoiceId: row.id,
          kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice',
          locationId: row.locationId,
          clientId: row.clientId,
          appointmentId: row.appointmentId,
          reason,
          voidedAt: row.voidedAt!,
        });
      },
    );
  }

  /**
   * A draft credit note of a finalised invoice: the chosen lines (all by default) copied with
   * their discounts as they came out on the invoice (its share of the invoice discount included),
   * so each credited line is exactly the negative of the invoice's.
   */
  async createCreditNote(auth: AuthContext, invoiceId: string, input: z.output<typeof CreditNoteInput>): Promise<Invoice> {
    return this.write(async (tx) => {
      const invoice = await invoicesRepository.findById(tx, auth, invoiceId, { lock: 'share' });
      if (!invoice) throw notFound();
      if (invoice.status !== 'finalised' || invoice.kind !== 'invoice') throw conflict(INVOICE_MESSAGES.creditNoteOfDraft);
      const all = (await invoiceItemsTable.of(tx, auth, [invoiceId])).get(invoiceId) ?? [];
      const chosen = input.itemIds ? all.filter((i) => input.itemIds!.includes(i.id)) : all;
      if (input.itemIds && chosen.length !== new Set(input.itemIds).size) throw badRequest(INVOICE_RULES.unknownItem);
      // What is left of each line: a line credited in full is refused when named, passed over otherwise.
      const done = await invoicesRepository.creditedOfItems(tx, auth, chosen.map((i) => i.id));
      const lines = chosen.flatMap((i) => {
        const copy = creditCopy(i, done.get(i.id));
        if (!copy && input.itemIds) throw conflict(INVOICE_MESSAGES.lineCreditExceeds(i.description));
        return copy ? [copy] : [];
      });
      if (lines.length === 0) throw conflict(INVOICE_MESSAGES.nothingLeftToCredit);
      const rows = invoiceItemRows(lines, { discountType: 'none', discountValue: 0 }, -1);
      const header = await invoicesRepository.insert(tx, auth, {
        ...placeOf(invoice),
        kind: 'credit_note',
        creditedInvoiceId: invoice.id,
        status: 'draft',
        currency: invoice.currency,
        issuedOn: await locationToday(tx, auth, invoice.locationId),
        notes: input.reason,
        pdfTemplateId: invoice.pdfTemplateId,
        createdById: auth.userId,
        ...totalsOf(rows),
      });
      await assertCreditFits(tx, auth, header, rows);
      await invoiceItemsTable.replace(tx, auth, header.id, rows);
      await this.audit.record(tx, auth, [{ entityType: 'invoice', entityId: header.id, action: 'create', after: header }]);
      return (await toInvoices(this.balances, tx, auth, [header]))[0]!;
    });
  }

  /**
   * A draft invoice from an appointment: each of its services and add-ons a line, priced from the
   * catalogue and the appointment. An appointment an invoice already bills (a draft included: a
   * closed dialog leaves one) gets a second only when `again` says so; else 409 naming the first.
   */
  async fromAppointment(auth: AuthContext, appointmentId: string, again = false): Promise<Invoice> {
    return this.write(async (tx) => {
      const appointment = await appointmentsRepository.findById(tx, auth, appointmentId);
      if (!appointment) throw notFound();
      // Two clicks (or two desks) at once: the second waits here and then sees the first's invoice.
      await invoicesRepository.lockAppointmentBilling(tx, auth, appointment.id);
      const existing = again ? undefined : await invoicesRepository.billingAppointment(tx, auth, appointment.id);
      if (existing) throw conflict(INVOICE_MESSAGES.alreadyBilled(existingInvoiceLabel({ kind: 'invoice', number: existing.number })));
      return this.createIn(tx, auth, ...(await appointmentDraft(tx, auth, appointment, this.inventory.itemUse)));
    });
  }

  /** What a client owes, holds as credit and has paid as deposits (one statement). */
  async clientBalance(auth: AuthContext, clientId: string): Promise<ClientBalance> {
    if (!(await clientsRepository.findById(this.db, auth, clientId))) throw notFound();
    const [figures, currency] = [await this.balances.clientBalance(this.db, auth, clientId), await accountCurrency(this.db, auth)];
    return { clientId, currency, ...figures };
  }
}
