// Estimates: a low and a high total (each line's quantity and high quantity, priced by the
// contracts' pricing function); the client approves one in person or by a consent form; an
// approved estimate becomes a draft invoice once (a unique index on invoices.estimate_id), and the
// deposits taken on it move to that invoice in the same transaction.
// Security-critical: every id in a request (header and lines) is read in the caller's account.
import { ESTIMATE_MESSAGES, type Estimate, type EstimateInput, type EstimateItem, type EstimateListQuery, type EstimateSummary, type Invoice } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import {
  accountCurrency,
  BillingDocumentService,
  checkParties,
  documentCrud,
  keepPartiesOf,
  lineAnswer,
  loadDocuments,
  locationToday,
  partiesAfter,
  placeOf,
  pricingChanged,
  termsAnswer,
} from './invoice-documents.service.js';
import { checkLines, estimateTotals, invoiceItemRows, lineColumns, storedLine, totalsOf, type EstimateLineInput, type LineItems } from './invoice-lines.js';
import { balanceReads, type BalanceReads, type EstimateExtras, type EstimateWithExtras, type InvoicePayments } from './invoice-balances.repository.js';
import { estimateItemsTable, estimatesRepository, invoiceItemsTable, invoicesRepository, type EstimateItemRow } from './invoices.repository.js';
import type { estimates } from './invoices.table.js';
import { toInvoices } from './invoices.service.js';

type Input = z.output<typeof EstimateInput>;
type Patch = Partial<Input>;
type Query = z.output<typeof EstimateListQuery>;

export const ESTIMATE_RULES = {
  deleteWithDeposits: 'This estimate holds deposits. Move or refund them before deleting it.',
  /** deposits refunded since: the payments and refunds still say where they went (decision 0155) */
  deleteWithPaymentHistory: 'This estimate has deposits on record (refunded since), which the books keep. Decline it instead of deleting it.',
  deleteWithCardRequest: 'A card payment was asked for this estimate, which the books keep. Decline it instead of deleting it.',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toItem = (r: EstimateItemRow): EstimateItem => ({ ...lineAnswer(r), highQuantity: r.highQuantity });

/** A list's row as answered: one object literal, not a spread of `partiesAnswer` (as invoices' toSummary, decision 0238). */
function toSummary(r: EstimateWithExtras): EstimateSummary {
  return {
    id: r.id,
    locationId: r.locationId,
    clientId: r.clientId,
    clientName: r.clientName,
    patientId: r.patientId,
    patientName: r.patientName,
    appointmentId: r.appointmentId,
    status: r.status as EstimateSummary['status'],
    currency: r.currency,
    lowTotal: r.lowTotal,
    highTotal: r.highTotal,
    deposit: r.deposit,
    validUntil: r.validUntil,
    approvalMethod: r.approvalMethod as EstimateSummary['approvalMethod'],
    approvedAt: iso(r.approvedAt),
    invoiceId: r.invoiceId,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Estimates with their names, deposits and lines: two statements for any number. */
const toEstimates = (balances: BalanceReads, ex: Executor, scope: Scope, rows: readonly { id: string }[]): Promise<Estimate[]> =>
  loadDocuments(ex, scope, rows, { withExtras: balances.estimatesWithExtras, lines: estimateItemsTable }, (r, lines) => ({
    ...toSummary(r),
    ...termsAnswer(r),
    items: lines.map(toItem),
  }));

const withHigh = (r: EstimateItemRow) => ({ ...storedLine(r), highQuantity: r.highQuantity });

export class EstimatesService extends BillingDocumentService<typeof estimates, Estimate, Input, Patch, Query, EstimateSummary, EstimateLineInput, EstimateExtras> {
  /** the deposits and the invoices' balances, on what the payments feature offers (decision 0174) */
  private readonly balances: BalanceReads;
  private readonly lineItems: LineItems;

  /** `lineItems`: the inventory items lines name (the inventory feature's, handed in by the container) */
  constructor(db: Db, audit: AuditService, events: DomainEventBus, payments: InvoicePayments, lineItems: LineItems) {
    const balances = balanceReads(payments);
    super(db, audit, {
      entityType: 'estimate',
      ...documentCrud({
        repository: estimatesRepository,
        extras: balances.estimateExtras,
        listOptions: estimatesRepository.listOptions,
        toEntities: (ex, scope, rows) => toEstimates(balances, ex, scope, rows),
        toSummary,
      }),
      prepareCreate: async (ex, caller, input) => {
        await checkParties(ex, caller, input);
        return { ...input, currency: await accountCurrency(ex, caller), status: 'open', createdById: caller.userId };
      },
      preparePatch: async (ex, scope, input, existing) => {
        if (existing.status !== 'open') throw conflict(ESTIMATE_MESSAGES.notOpen);
        await checkParties(ex, scope, partiesAfter(input, existing), existing);
        return input;
      },
      // A new discount or location prices (and checks) the lines again when they were not sent with it.
      afterUpdate: async (ex, scope, before, after) => {
        if (!pricingChanged(before, after)) return;
        const rows = (await estimateItemsTable.of(ex, scope, [after.id])).get(after.id) ?? [];
        const lines = await checkLines(ex, scope, 'estimateItems', rows.map(withHigh), after.locationId, lineItems);
        await estimateItemsTable.replace(ex, scope, after.id, lines.map((l) => ({ ...lineColumns(l), highQuantity: l.highQuantity })));
        await estimatesRepository.update(ex, scope, after.id, estimateTotals(lines, after));
      },
      beforeRemove: async (ex, scope, existing) => {
        if (existing.status === 'invoiced') throw conflict(ESTIMATE_MESSAGES.notOpen);
        const [full] = await balances.estimatesWithExtras(ex, scope, [existing.id]);
        if (full && full.deposit !== 0) throw conflict(ESTIMATE_RULES.deleteWithDeposits);
        if (await payments.anyAllocatedTo(ex, scope, { estimateId: existing.id })) throw conflict(ESTIMATE_RULES.deleteWithPaymentHistory);
      },
      items: {
        table: estimateItemsTable,
        prepare: async (ex, scope, items, header) => {
          const lines = await checkLines(ex, scope, 'estimateItems', items, header.locationId, lineItems);
          return lines.map((l) => ({ ...lineColumns(l), highQuantity: l.highQuantity }));
        },
        afterWrite: async (ex, scope, header, items) => (await estimatesRepository.update(ex, scope, header.id, estimateTotals(items.map(withHigh), header)))!,
      },
      // A card payment request restricts its estimate's delete (decision 0155).
      foreignKeyMessages: { card_payment_requests_estimate_id_fk: ESTIMATE_RULES.deleteWithCardRequest },
    });
    this.balances = balances;
    this.lineItems = lineItems;
    // An estimate is what a client was quoted (and may have agreed to): whom it names is archived, not deleted (decision 0155).
    keepPartiesOf(events, 'estimates', estimatesRepository.anyFor, { client: ESTIMATE_MESSAGES.clientHasEstimates, patient: ESTIMATE_MESSAGES.patientHasEstimates });
    // A consent form sent for an estimate approves it when submitted (an estimate no longer open stays as it is).
    events.on('form.submitted', 'estimates', async (tx, scope, form) => {
      if (form.estimateId) await estimatesRepository.approveIfOpen(tx, scope, form.estimateId, 'form', null, form.submittedAt);
    });
  }

  /** The client approved it in person. */
  async approve(auth: AuthContext, id: string): Promise<Estimate> {
    return this.transition(auth, id, (_tx, row) => {
      if (row.status !== 'open') throw conflict(ESTIMATE_MESSAGES.notOpen);
      return { status: 'approved', approvalMethod: 'in_person', approvedAt: new Date(), approvedById: auth.userId };
    });
  }

  async decline(auth: AuthContext, id: string, reason: string | null): Promise<Estimate> {
    return this.transition(auth, id, (_tx, row) => {
      if (row.status !== 'open') throw conflict(ESTIMATE_MESSAGES.notOpen);
      const notes = reason ? [row.notes.trim(), `Declined: ${reason}`].filter(Boolean).join('\n\n') : row.notes;
      return { status: 'declined', declinedAt: new Date(), notes };
    });
  }

  /**
   * A consent form naming the estimate was submitted: the estimate is approved by form, in the
   * submission's transaction. One that is no longer open stays as it is (the submission is kept).
   */
  /** The estimate a form request names: of the account (404) and of the request's client (400). */
  async assertEstimateOf(ex: Executor, scope: Scope, estimateId: string, clientId: string): Promise<void> {
    const estimate = await estimatesRepository.findById(ex, scope, estimateId);
    if (!estimate) throw notFound('estimateId: unknown estimate');
    if (estimate.clientId !== clientId) throw badRequest('estimateId: not an estimate of this client');
  }

  /**
   * An approved estimate becomes a draft invoice, once: the estimate is held FOR UPDATE, the unique
   * index on invoices.estimate_id stops a second; its lines (at their quantities) become the
   * invoice's, and the deposits allocated to it move to the invoice, all in one transaction.
   */
  async toInvoice(auth: AuthContext, id: string): Promise<Invoice> {
    return this.write(async (tx) => {
      const estimate = await estimatesRepository.findById(tx, auth, id, { lock: 'update' });
      if (!estimate) throw notFound();
      if (estimate.status === 'invoiced') throw conflict(ESTIMATE_MESSAGES.alreadyInvoiced);
      if (estimate.status !== 'approved') throw conflict(ESTIMATE_MESSAGES.notApproved);
      const rows = (await estimateItemsTable.of(tx, auth, [id])).get(id) ?? [];
      const lines = await checkLines(tx, auth, 'estimateItems', rows.map(storedLine), estimate.locationId, this.lineItems);
      const items = invoiceItemRows(lines, estimate, 1);
      const invoice = await invoicesRepository.insert(tx, auth, {
        ...placeOf(estimate),
        estimateId: estimate.id,
        kind: 'invoice',
        status: 'draft',
        currency: estimate.currency,
        issuedOn: await locationToday(tx, auth, estimate.locationId),
        discountType: estimate.discountType,
        discountValue: estimate.discountValue,
        notes: estimate.notes,
        createdById: auth.userId,
        ...totalsOf(items),
      });
      await invoiceItemsTable.replace(tx, auth, invoice.id, items);
      await this.balances.payments.moveDeposits(tx, auth, estimate.id, invoice.id);
      const after = await estimatesRepository.update(tx, auth, id, { status: 'invoiced' });
      await this.audit.record(tx, auth, [
        { entityType: 'invoice', entityId: invoice.id, action: 'create', after: invoice },
        { entityType: 'estimate', entityId: id, action: 'update', before: estimate, after },
      ]);
      return (await toInvoices(this.balances, tx, auth, [invoice]))[0]!;
    });
  }
}
