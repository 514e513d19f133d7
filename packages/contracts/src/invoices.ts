import { z } from 'zod';
import {
  billingDocumentOps,
  documentItem,
  documentItemInput,
  DocumentListQuery,
  documentPartiesInput,
  documentPartiesShape,
  documentTermsInput,
  documentTermsShape,
  lineQuantityField,
} from './invoice-documents.js';
import { authenticated, operation } from './operation.js';
import { dateField, IdParams, idField, optionalText, queryBoolean, wrapped } from './rules.js';

/**
 * Estimates, invoices and credit notes (SPEC §7 "Estimates and invoices"; menu Business). Amounts are
 * integer minor units (cents) of the account's currency, priced by `priceDocument` (pricing.ts) on
 * both sides. Life cycle (docs/decisions/0105): an invoice is a draft (editable, deletable) until
 * finalised (numbered per location without gaps, then never changed); a finalised invoice is paid
 * through payments, voided, or corrected by a credit note linked to it.
 */

// ---------- texts (SPEC §8: "Error creating Invoice", …) ----------
export const INVOICE_MESSAGES = {
  createError: 'Error creating Invoice',
  updateError: 'Error updating Invoice',
  deleteError: 'Error deleting Invoice',
  created: 'Invoice created',
  updated: 'Invoice updated',
  deleted: 'Invoice deleted',
  listError: 'Error loading invoices',
  finalised: 'Invoice finalised',
  voided: 'Invoice voided',
  creditNoteCreated: 'Credit note created',
  emailSent: 'Email sent',
  emailError: 'Error sending email',
  /** a finalised or void invoice changes only through a credit note */
  notDraft: 'This invoice is finalised and cannot be changed. Create a credit note to correct it.',
  cannotDelete: 'Only a draft invoice can be deleted. Void a finalised invoice instead.',
  emptyInvoice: 'An invoice needs at least one line before it is finalised',
  alreadyVoid: 'This invoice is already void',
  voidWithPayments: 'This invoice has payments. Refund or move them before voiding it.',
  creditNoteOfDraft: 'Only a finalised invoice can be credited',
  creditExceeds: 'A credit note cannot credit more than what is left of the invoice',
  /** per line (decision 0131): neither its quantity nor its amount is credited twice */
  lineCreditExceeds: (description: string) => `A credit note cannot credit more of the line “${description}” than is left of it`,
  nothingLeftToCredit: 'Every line of this invoice has been credited in full',
  noClientEmail: 'This client has no email address',
  /** a second invoice for one appointment is a choice made knowingly (`label`: the first's number, or "A draft invoice") */
  alreadyBilled: (label: string) => `${label} already bills this appointment — create another invoice?`,
  /** a client or patient named by an invoice or a credit note is kept (docs/decisions/0155) */
  clientHasInvoices: 'This client has invoices or credit notes, which the books must keep, so they cannot be deleted for good. Archive them instead.',
  patientHasInvoices: 'This patient is named on invoices or credit notes, which the books must keep, so they cannot be deleted for good. Archive them instead.',
  /** a service or add-on an invoice, credit note or estimate line names stays, as the line does */
  serviceOnLines: 'This service is on invoice or estimate lines, which the books keep as they are. Make it inactive instead.',
  addOnOnLines: 'This add-on is on invoice or estimate lines, which the books keep as they are. Make it inactive instead.',
} as const;

export const ESTIMATE_MESSAGES = {
  createError: 'Error creating Estimate',
  updateError: 'Error updating Estimate',
  deleteError: 'Error deleting Estimate',
  created: 'Estimate created',
  updated: 'Estimate updated',
  deleted: 'Estimate deleted',
  listError: 'Error loading estimates',
  approved: 'Estimate approved',
  declined: 'Estimate declined',
  invoiced: 'Invoice created from the estimate',
  /** an approved, declined or invoiced estimate keeps what the client agreed to */
  notOpen: 'This estimate has been approved or declined and cannot be changed',
  notApproved: 'Only an approved estimate can become an invoice',
  alreadyInvoiced: 'This estimate has already become an invoice',
  /** a client or patient named by an estimate is kept (docs/decisions/0155) */
  clientHasEstimates: 'This client has estimates, which the books must keep, so they cannot be deleted for good. Archive them instead.',
  patientHasEstimates: 'This patient is named on estimates, which the books must keep, so they cannot be deleted for good. Archive them instead.',
} as const;

// ---------- lines (the shared parts: invoice-documents.ts) ----------
export const InvoiceItem = documentItem({
  /** a credit note's line: the line of the credited invoice it credits (decision 0131) */
  creditedItemId: z.string().nullable(),
  /** pricing.ts's figures for this line (negative on a credit note) */
  gross: z.number().int(),
  lineDiscount: z.number().int(),
  sharedDiscount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type InvoiceItem = z.infer<typeof InvoiceItem>;
export const InvoiceItemInput = documentItemInput({
  /** a credit note's line names the line of its invoice it credits; an invoice's line names none */
  creditedItemId: idField().nullable().default(null),
});
export type InvoiceItemInput = z.input<typeof InvoiceItemInput>;

export const EstimateItem = documentItem({ highQuantity: z.number().nullable() });
export type EstimateItem = z.infer<typeof EstimateItem>;
export const EstimateItemInput = documentItemInput({ highQuantity: lineQuantityField().nullable().default(null) }).superRefine((line, ctx) => {
  if (line.highQuantity != null && line.highQuantity < line.quantity)
    ctx.addIssue({ code: 'custom', path: ['highQuantity'], message: 'must be at least the quantity' });
});
export type EstimateItemInput = z.input<typeof EstimateItemInput>;

// ---------- invoices ----------
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ['draft', 'finalised', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Derived from the payments, never stored (docs/decisions/0106). */
export const PAYMENT_STATES = ['unpaid', 'partly_paid', 'paid', 'not_due'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { draft: 'Draft', finalised: 'Finalised', void: 'Void' };
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = { unpaid: 'Unpaid', partly_paid: 'Partly paid', paid: 'Paid', not_due: '—' };

/** What names an invoice that already bills an appointment: its number, or that it is a draft. */
export const existingInvoiceLabel = (invoice: { kind: InvoiceKind; number: number | null }) =>
  invoice.number == null ? 'A draft invoice' : invoiceNumberLabel(invoice.kind, invoice.number);

/** How an invoice or credit note is shown: INV-000042 / CN-000007; a draft has no number yet. */
export const invoiceNumberLabel = (kind: InvoiceKind, number: number | null) =>
  number == null ? 'Draft' : `${kind === 'credit_note' ? 'CN' : 'INV'}-${String(number).padStart(6, '0')}`;

export const InvoiceSummary = z.object({
  ...documentPartiesShape,
  estimateId: z.string().nullable(),
  kind: z.enum(INVOICE_KINDS),
  creditedInvoiceId: z.string().nullable(),
  number: z.number().int().nullable(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  issuedOn: z.string(),
  dueOn: z.string().nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** payments allocated to it less refunds, and credit notes against it (cents) */
  paid: z.number().int(),
  credited: z.number().int(),
  /**
   * total − paid − credited: what the client still owes on it, for a draft too (a draft made from an
   * estimate holds its deposits); 0 on a void invoice and on a credit note
   */
  balance: z.number().int(),
  paymentState: z.enum(PAYMENT_STATES),
  finalisedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** Whether an invoice has a balance to show: an invoice, draft or finalised (a void one and a credit note owe nothing). */
export const showsBalance = (invoice: Pick<InvoiceSummary, 'kind' | 'status'>): boolean => invoice.kind === 'invoice' && invoice.status !== 'void';
export const Invoice = InvoiceSummary.extend({
  ...documentTermsShape,
  pdfTemplateId: z.string().nullable(),
  voidReason: z.string().nullable(),
  items: z.array(InvoiceItem),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceInput = z.object({
  ...documentPartiesInput,
  /** today in the location's time zone when not given */
  issuedOn: dateField().optional(),
  dueOn: dateField().nullable().default(null),
  ...documentTermsInput,
  /** the page it is printed on (a PDF template); none: a plain page */
  pdfTemplateId: idField().nullable().default(null),
});
export type InvoiceInput = z.input<typeof InvoiceInput>;

export const InvoiceListQuery = DocumentListQuery.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  /** only invoices with something left to pay */
  unpaid: queryBoolean().optional(),
});

/** Its delete takes a draft only; a finalised invoice is voided or credited. */
export const invoiceOps = billingDocumentOps({
  path: '/api/invoice',
  tag: 'invoices',
  noun: 'invoice',
  entity: Invoice,
  summary: InvoiceSummary,
  wrapper: 'invoiceData',
  itemsKey: 'invoiceItems',
  item: InvoiceItemInput,
  input: InvoiceInput,
  query: InvoiceListQuery,
});

export const finaliseInvoice = operation({
  method: 'POST',
  path: '/api/invoice/{id}/finalise',
  access: authenticated,
  tag: 'invoices',
  summary: 'Finalise a draft: it takes the next number of its location and never changes again',
  params: IdParams,
  response: Invoice,
});

export const voidInvoice = operation({
  method: 'POST',
  path: '/api/invoice/{id}/void',
  access: authenticated,
  tag: 'invoices',
  summary: 'Void a finalised invoice that has no payments (it keeps its number)',
  params: IdParams,
  body: wrapped(z.object({ reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters') })),
  response: Invoice,
});

/** A credit note of a finalised invoice: its lines (all, or those chosen) copied as a draft credit note. */
export const CreditNoteInput = z.object({
  reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  /** the invoice's line ids to credit; all of them when not given */
  itemIds: z.array(idField()).min(1, 'choose at least one line').optional(),
});
export const createCreditNote = operation({
  method: 'POST',
  path: '/api/invoice/{id}/creditNote',
  access: authenticated,
  tag: 'invoices',
  summary: 'Start a credit note correcting a finalised invoice (a draft credit note linked to it)',
  params: IdParams,
  body: wrapped(CreditNoteInput),
  response: Invoice,
  status: 201,
});

/**
 * A draft invoice from an appointment: its services and add-ons become lines. An appointment that
 * an invoice (not void) already bills gets another only when asked for it with `again`
 * (409 naming the first otherwise), so a second click never bills the family twice.
 */
export const invoiceFromAppointment = operation({
  method: 'POST',
  path: '/api/invoice/fromAppointment',
  access: authenticated,
  tag: 'invoices',
  summary: 'Start a draft invoice from an appointment: its services and add-ons become lines (409 when one already bills it, unless `again`)',
  body: wrapped(z.object({ appointmentId: idField(), again: z.boolean().optional() })),
  response: Invoice,
  status: 201,
});

// ---------- estimates ----------
export const ESTIMATE_STATUSES = ['open', 'approved', 'declined', 'invoiced'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];
export const ESTIMATE_STATUS_LABELS: Record<EstimateStatus, string> = { open: 'Open', approved: 'Approved', declined: 'Declined', invoiced: 'Invoiced' };
export const APPROVAL_METHODS = ['in_person', 'form'] as const;

export const EstimateSummary = z.object({
  ...documentPartiesShape,
  status: z.enum(ESTIMATE_STATUSES),
  currency: z.string(),
  lowTotal: z.number().int(),
  highTotal: z.number().int(),
  /** deposits paid on it (cents); they move to its invoice */
  deposit: z.number().int(),
  validUntil: z.string().nullable(),
  approvalMethod: z.enum(APPROVAL_METHODS).nullable(),
  approvedAt: z.string().nullable(),
  invoiceId: z.string().nullable(),
  createdAt: z.string(),
});
export type EstimateSummary = z.infer<typeof EstimateSummary>;
export const Estimate = EstimateSummary.extend({
  ...documentTermsShape,
  items: z.array(EstimateItem),
});
export type Estimate = z.infer<typeof Estimate>;
export const EstimateInput = z.object({
  ...documentPartiesInput,
  validUntil: dateField().nullable().default(null),
  ...documentTermsInput,
});
export type EstimateInput = z.input<typeof EstimateInput>;
export const EstimateListQuery = DocumentListQuery.extend({
  status: z.enum(ESTIMATE_STATUSES).optional(),
});
export const estimateOps = billingDocumentOps({
  path: '/api/estimate',
  tag: 'estimates',
  noun: 'estimate',
  entity: Estimate,
  summary: EstimateSummary,
  wrapper: 'estimateData',
  itemsKey: 'estimateItems',
  item: EstimateItemInput,
  input: EstimateInput,
  query: EstimateListQuery,
});

export const approveEstimate = operation({
  method: 'POST',
  path: '/api/estimate/{id}/approve',
  access: authenticated,
  tag: 'estimates',
  summary: 'The client approved the estimate in person (a consent form approves it when submitted)',
  params: IdParams,
  response: Estimate,
});
export const declineEstimate = operation({
  method: 'POST',
  path: '/api/estimate/{id}/decline',
  access: authenticated,
  tag: 'estimates',
  summary: 'The client declined the estimate',
  params: IdParams,
  body: wrapped(z.object({ reason: optionalText(500).default(null) })),
  response: Estimate,
});
export const invoiceFromEstimate = operation({
  method: 'POST',
  path: '/api/estimate/{id}/invoice',
  access: authenticated,
  tag: 'estimates',
  summary: 'An approved estimate becomes a draft invoice, once; its deposits move to the invoice',
  params: IdParams,
  response: Invoice,
  status: 201,
});
