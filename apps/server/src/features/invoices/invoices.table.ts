import { bigint, boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { addOns } from '../add-ons/add-ons.table.js';
import { appointments } from '../appointments/appointments.table.js';
import { clients } from '../clients/clients.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { patients } from '../patients/patients.table.js';
import { services } from '../services/services.table.js';
import { pdfTemplates } from '../templates/templates.table.js';
import { users } from '../users/users.table.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

/** Money: integer minor units (cents). Sums of lines are bigint so no total outgrows a column. */
const cents = () => bigint({ mode: 'number' });

/** A location's tax codes (cremation, urns and exams may be taxed differently); rate in basis points. */
export const taxCodes = pgTable(
  'tax_codes',
  {
    ...tenantKey(),
    locationId: locationRef(),
    name: text().notNull(),
    /** basis points: 825 = 8.25 % */
    rate: integer().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [tenantPrimaryKey(t), locationReference('tax_codes', t), index().on(t.accountId, t.locationId)],
);

/** The columns a line of an estimate or an invoice shares (contracts pricing.ts prices them). */
const lineColumns = () => ({
  ...tenantKey(),
  position: integer().notNull(),
  /** service, addOn, item or text */
  kind: text().notNull(),
  description: text().notNull(),
  quantity: numeric({ precision: 12, scale: 3, mode: 'number' }).notNull(),
  unitPrice: integer().notNull(),
  /** none, percent (basis points) or amount (cents) */
  discountType: text().notNull().default('none'),
  discountValue: integer().notNull().default(0),
  taxCodeId: uuid(),
  /** the tax code's name and rate when the line was written: a finalised invoice never changes */
  taxName: text(),
  taxRate: integer().notNull().default(0),
  /** who performed it */
  providerId: uuid(),
  serviceId: uuid(),
  addOnId: uuid(),
  /**
   * an inventory item: no reference, items are a feature above invoices (inventory checks the id
   * through the LineItems the container hands in, and refuses to delete an item a line names)
   */
  itemId: uuid(),
});

/** A line's references: its document (it goes with it), tax code, provider, and what it sold. */
function lineReferences(table: string, t: LineKeys, documentId: PgColumn, document: { accountId: PgColumn; id: PgColumn }) {
  return [
    tenantPrimaryKey(t),
    tenantReference(table, t, documentId, document, 'cascade'),
    tenantReference(table, t, t.taxCodeId, taxCodes),
    tenantReference(table, t, t.providerId, users),
    // A line keeps what it sold: the service or add-on is never deleted, nor cleared, under it (decision 0155).
    tenantReference(table, t, t.serviceId, services, 'restrict'),
    tenantReference(table, t, t.addOnId, addOns, 'restrict'),
    index().on(t.accountId, documentId, t.position),
    // what an item's delete check and the stock of an appointment's lines read
    index().on(t.accountId, t.itemId).where(sql`${t.itemId} is not null`),
  ];
}
type LineKeys = Record<'accountId' | 'id' | 'position' | 'taxCodeId' | 'providerId' | 'serviceId' | 'addOnId' | 'itemId', PgColumn>;

/** Whom an estimate or an invoice is for: the header's first columns (the billing document kit, decision 0175). */
const documentParties = () => ({
  ...tenantKey(),
  locationId: locationRef(),
  clientId: uuid().notNull(),
  patientId: uuid(),
  appointmentId: uuid(),
});

/** The document's discount and notes. */
const documentTerms = () => ({
  discountType: text().notNull().default('none'),
  discountValue: integer().notNull().default(0),
  notes: text().notNull().default(''),
});

/**
 * The references and indexes every document has. The books keep estimates, invoices and credit
 * notes: their location, client and patient are never deleted under them ('restrict' on the
 * optional patient: never cleared either; decision 0155).
 */
function documentReferences(table: string, t: DocumentKeys) {
  return [
    tenantPrimaryKey(t),
    locationReference(table, t, 'no action'),
    tenantReference(table, t, t.clientId, clients),
    tenantReference(table, t, t.patientId, patients, 'restrict'),
    tenantReference(table, t, t.appointmentId, appointments),
    tenantReference(table, t, t.createdById, users),
    index().on(t.accountId, t.locationId, t.createdAt),
    index().on(t.accountId, t.clientId),
    index().on(t.accountId, t.appointmentId),
  ];
}
type DocumentKeys = Record<'accountId' | 'id' | 'locationId' | 'clientId' | 'patientId' | 'appointmentId' | 'createdById' | 'createdAt', PgColumn>;

export const estimates = pgTable(
  'estimates',
  {
    ...documentParties(),
    /** open, approved, declined, invoiced */
    status: text().notNull().default('open'),
    currency: text().notNull(),
    ...documentTerms(),
    validUntil: date(),
    /** what pricing.ts computed when the lines were last written: at the lines' quantities and high quantities */
    lowTotal: cents().notNull().default(0),
    highTotal: cents().notNull().default(0),
    /** in_person or form */
    approvalMethod: text(),
    approvedAt: timestamp({ withTimezone: true }),
    approvedById: uuid(),
    declinedAt: timestamp({ withTimezone: true }),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [...documentReferences('estimates', t), tenantReference('estimates', t, t.approvedById, users)],
);

export const estimateItems = pgTable(
  'estimate_items',
  {
    ...lineColumns(),
    estimateId: uuid().notNull(),
    /** the high end of the range; null: the same as quantity */
    highQuantity: numeric({ precision: 12, scale: 3, mode: 'number' }),
  },
  (t) => lineReferences('estimate_items', t, t.estimateId, estimates),
);

export const invoices = pgTable(
  'invoices',
  {
    ...documentParties(),
    /** the estimate it was made from: an approved estimate becomes an invoice once */
    estimateId: uuid(),
    /** invoice or credit_note */
    kind: text().notNull().default('invoice'),
    /** a credit note: the finalised invoice it corrects */
    creditedInvoiceId: uuid(),
    /** given when finalised: per location and kind, without gaps (invoice_numbers) */
    number: integer(),
    /** draft, finalised, void */
    status: text().notNull().default('draft'),
    currency: text().notNull(),
    issuedOn: date().notNull(),
    dueOn: date(),
    ...documentTerms(),
    pdfTemplateId: uuid(),
    /** what pricing.ts computed when the lines were last written (negative on a credit note) */
    subtotal: cents().notNull().default(0),
    discount: cents().notNull().default(0),
    tax: cents().notNull().default(0),
    total: cents().notNull().default(0),
    finalisedAt: timestamp({ withTimezone: true }),
    finalisedById: uuid(),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [
    ...documentReferences('invoices', t),
    tenantReference('invoices', t, t.estimateId, estimates),
    tenantReference('invoices', t, t.creditedInvoiceId, t),
    tenantReference('invoices', t, t.pdfTemplateId, pdfTemplates),
    tenantReference('invoices', t, t.finalisedById, users),
    uniqueIndex('invoices_number_unique').on(t.accountId, t.locationId, t.kind, t.number),
    uniqueIndex('invoices_estimate_unique').on(t.accountId, t.estimateId),
    index().on(t.accountId, t.creditedInvoiceId),
    // what a range of days reads of the books (the analytics' charts, the revenue report): a short
    // range only its invoices, not every invoice of the account (decision 0283)
    index().on(t.accountId, t.issuedOn),
    check('invoices_credit_note_check', sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    ...lineColumns(),
    invoiceId: uuid().notNull(),
    /**
     * A credit note's line: the invoice line it credits (decision 0131). What the finalised credit
     * notes' lines credit of one invoice line never passes its quantity or its total.
     */
    creditedItemId: uuid(),
    /** pricing.ts's figures for the line, stored with it (negative on a credit note) */
    gross: cents().notNull(),
    lineDiscount: cents().notNull(),
    sharedDiscount: cents().notNull(),
    lineTax: cents().notNull(),
    lineTotal: cents().notNull(),
  },
  (t) => [
    ...lineReferences('invoice_items', t, t.invoiceId, invoices),
    // An invoice's lines go only with it, a draft, which no credit note names.
    tenantReference('invoice_items', t, t.creditedItemId, t),
    index().on(t.accountId, t.creditedItemId),
  ],
);

/**
 * The last number given per location and kind. Finalising takes the next one with one UPDATE …
 * RETURNING in its transaction: a rollback gives the number back, so numbers have no gaps.
 */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    accountId: accountColumn(),
    locationId: locationRef(),
    kind: text().notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.locationId, t.kind] }), locationReference('invoice_numbers', t)],
);
