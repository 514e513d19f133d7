import { z } from 'zod';
import { crudOperations } from './crud.js';
import { anyOf, authenticated, operation } from './operation.js';
import { MANAGE_BILLING } from './permissions.js';
import { DISCOUNT_TYPES } from './pricing.js';
import { dateField, IdParams, idField, optionalText, PageQuery, patchOf, queryBoolean, wrapped } from './rules.js';

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

// ---------- lines ----------
export const LINE_KINDS = ['service', 'addOn', 'text'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
/** The most a line's unit price may be (cents): with 10000 as the most quantity, no sum passes 2^53. */
export const UNIT_PRICE_MAX = 10_000_000;
export const QUANTITY_MAX = 10_000;

const quantityField = () =>
  z
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(QUANTITY_MAX, `must be at most ${QUANTITY_MAX}`)
    // 4.007 × 1000 is 4006.9999999999995 in floating point: compared with a tolerance, not exactly.
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'must have at most three decimals');

/** What every line of an estimate or invoice shares. */
const lineShape = {
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  taxCodeId: z.string().nullable(),
  taxName: z.string().nullable(),
  taxRate: z.number().int(),
  providerId: z.string().nullable(),
  serviceId: z.string().nullable(),
  addOnId: z.string().nullable(),
};

const lineInputShape = {
  kind: z.enum(LINE_KINDS).default('text'),
  description: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
  quantity: quantityField(),
  unitPrice: z
    .number({ message: 'must be a number' })
    .int('must be whole cents')
    .min(0, 'must be 0 or more')
    .max(UNIT_PRICE_MAX, `must be at most ${UNIT_PRICE_MAX}`),
  discountType: z.enum(DISCOUNT_TYPES).default('none'),
  /** basis points for percent (0–10000), cents for amount (at most the line's amount: the server caps it) */
  discountValue: z.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(UNIT_PRICE_MAX * QUANTITY_MAX, 'is too large').default(0),
  /** a tax code of the invoice's location; its name and rate are copied onto the line */
  taxCodeId: idField().nullable().default(null),
  /** the staff member who performed it */
  providerId: idField().nullable().default(null),
  serviceId: idField().nullable().default(null),
  addOnId: idField().nullable().default(null),
};

/** A service line names its service, an add-on line its add-on; a text line neither. */
function lineKindRule(line: { kind?: LineKind; serviceId?: string | null; addOnId?: string | null }, ctx: z.RefinementCtx) {
  const kind = line.kind ?? 'text';
  if (kind === 'service' && !line.serviceId) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: 'is required for a service line' });
  if (kind === 'addOn' && !line.addOnId) ctx.addIssue({ code: 'custom', path: ['addOnId'], message: 'is required for an add-on line' });
  if (kind !== 'service' && line.serviceId) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: 'is only for a service line' });
  if (kind !== 'addOn' && line.addOnId) ctx.addIssue({ code: 'custom', path: ['addOnId'], message: 'is only for an add-on line' });
}

function percentRule(line: { discountType?: string; discountValue?: number }, ctx: z.RefinementCtx) {
  if (line.discountType === 'percent' && (line.discountValue ?? 0) > 10_000)
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'must be at most 100 %' });
}

export const InvoiceItem = z.object({
  ...lineShape,
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
export const InvoiceItemInput = z
  .object({
    ...lineInputShape,
    /** a credit note's line names the line of its invoice it credits; an invoice's line names none */
    creditedItemId: idField().nullable().default(null),
  })
  .superRefine(lineKindRule)
  .superRefine(percentRule);
export type InvoiceItemInput = z.input<typeof InvoiceItemInput>;

export const EstimateItem = z.object({ ...lineShape, highQuantity: z.number().nullable() });
export type EstimateItem = z.infer<typeof EstimateItem>;
export const EstimateItemInput = z
  .object({ ...lineInputShape, highQuantity: quantityField().nullable().default(null) })
  .superRefine(lineKindRule)
  .superRefine(percentRule)
  .superRefine((line, ctx) => {
    if (line.highQuantity != null && line.highQuantity < line.quantity)
      ctx.addIssue({ code: 'custom', path: ['highQuantity'], message: 'must be at least the quantity' });
  });
export type EstimateItemInput = z.input<typeof EstimateItemInput>;

/** The document-level discount, shared by invoices and estimates. */
const documentDiscountInput = {
  discountType: z.enum(DISCOUNT_TYPES).default('none'),
  discountValue: z.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(UNIT_PRICE_MAX * QUANTITY_MAX, 'is too large').default(0),
};

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

/** How an invoice or credit note is shown: INV-000042 / CN-000007; a draft has no number yet. */
export const invoiceNumberLabel = (kind: InvoiceKind, number: number | null) =>
  number == null ? 'Draft' : `${kind === 'credit_note' ? 'CN' : 'INV'}-${String(number).padStart(6, '0')}`;

export const InvoiceSummary = z.object({
  id: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  appointmentId: z.string().nullable(),
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
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  notes: z.string(),
  pdfTemplateId: z.string().nullable(),
  voidReason: z.string().nullable(),
  items: z.array(InvoiceItem),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceInput = z.object({
  locationId: idField(),
  clientId: idField(),
  patientId: idField().nullable().default(null),
  appointmentId: idField().nullable().default(null),
  /** today in the location's time zone when not given */
  issuedOn: dateField().optional(),
  dueOn: dateField().nullable().default(null),
  ...documentDiscountInput,
  notes: z.string().max(5_000, 'must be at most 5000 characters').default(''),
  /** the page it is printed on (a PDF template); none: a plain page */
  pdfTemplateId: idField().nullable().default(null),
});
export type InvoiceInput = z.input<typeof InvoiceInput>;

export const InvoiceListQuery = PageQuery.extend({
  locationId: idField().optional(),
  clientId: idField().optional(),
  appointmentId: idField().optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  /** only invoices with something left to pay */
  unpaid: queryBoolean().optional(),
});

export const invoiceOps = crudOperations({
  path: '/api/invoice',
  tag: 'invoices',
  noun: 'invoice',
  entity: Invoice,
  read: authenticated,
  write: authenticated,
  wrapper: 'invoiceData',
  items: { key: 'invoiceItems', input: InvoiceItemInput, max: 300 },
  list: { query: InvoiceListQuery, paged: true, item: InvoiceSummary },
  get: {},
  create: { input: InvoiceInput },
  update: { input: patchOf(InvoiceInput) },
  /** a draft only; a finalised invoice is voided or credited. Needs billing.manage (decision 0132). */
  remove: { access: anyOf(MANAGE_BILLING) },
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

/** A draft invoice from an appointment: its services and add-ons become lines. */
export const invoiceFromAppointment = operation({
  method: 'POST',
  path: '/api/invoice/fromAppointment',
  access: authenticated,
  tag: 'invoices',
  summary: 'Start a draft invoice from an appointment: its services and add-ons become lines',
  body: wrapped(z.object({ appointmentId: idField() })),
  response: Invoice,
  status: 201,
});

// ---------- estimates ----------
export const ESTIMATE_STATUSES = ['open', 'approved', 'declined', 'invoiced'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];
export const ESTIMATE_STATUS_LABELS: Record<EstimateStatus, string> = { open: 'Open', approved: 'Approved', declined: 'Declined', invoiced: 'Invoiced' };
export const APPROVAL_METHODS = ['in_person', 'form'] as const;

export const EstimateSummary = z.object({
  id: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  appointmentId: z.string().nullable(),
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
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  notes: z.string(),
  items: z.array(EstimateItem),
});
export type Estimate = z.infer<typeof Estimate>;
export const EstimateInput = z.object({
  locationId: idField(),
  clientId: idField(),
  patientId: idField().nullable().default(null),
  appointmentId: idField().nullable().default(null),
  validUntil: dateField().nullable().default(null),
  ...documentDiscountInput,
  notes: z.string().max(5_000, 'must be at most 5000 characters').default(''),
});
export type EstimateInput = z.input<typeof EstimateInput>;
export const EstimateListQuery = PageQuery.extend({
  locationId: idField().optional(),
  clientId: idField().optional(),
  appointmentId: idField().optional(),
  status: z.enum(ESTIMATE_STATUSES).optional(),
});
export const estimateOps = crudOperations({
  path: '/api/estimate',
  tag: 'estimates',
  noun: 'estimate',
  entity: Estimate,
  read: authenticated,
  write: authenticated,
  wrapper: 'estimateData',
  items: { key: 'estimateItems', input: EstimateItemInput, max: 300 },
  list: { query: EstimateListQuery, paged: true, item: EstimateSummary },
  get: {},
  create: { input: EstimateInput },
  update: { input: patchOf(EstimateInput) },
  /** needs billing.manage (decision 0132) */
  remove: { access: anyOf(MANAGE_BILLING) },
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
