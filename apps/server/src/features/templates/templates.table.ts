import { boolean, index, integer, numeric, pgTable, text, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { addOns } from '../add-ons/add-ons.table.js';
import { services } from '../services/services.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

// One table per kind: each kind's columns are typed and its own, and an id of one kind is never
// found at another kind's path. Every body is a LiquidJS template (docs/decisions/0094).

/** The columns every kind of template has, the forms feature's form templates too. */
export const templateColumns = () => ({
  ...tenantKey(),
  locationId: locationRef(),
  name: text().notNull(),
});
export const templateIndexes = (table: string, t: { id: PgColumn; accountId: PgColumn; locationId: PgColumn; name: PgColumn }) => [
  tenantPrimaryKey(t),
  locationReference(table, t),
  index().on(t.accountId, t.locationId, t.name),
];

export const emailTemplates = pgTable(
  'email_templates',
  { ...templateColumns(), subject: text().notNull(), body: text().notNull(), ...timestamps() },
  (t) => templateIndexes('email_templates', t),
);

export const smsTemplates = pgTable(
  'sms_templates',
  { ...templateColumns(), type: text().notNull(), body: text().notNull(), ...timestamps() },
  (t) => [...templateIndexes('sms_templates', t), index().on(t.accountId, t.locationId, t.type)],
);

export const noteTemplates = pgTable(
  'note_templates',
  { ...templateColumns(), body: text().notNull(), ...timestamps() },
  (t) => templateIndexes('note_templates', t),
);

export const pdfTemplates = pgTable(
  'pdf_templates',
  {
    ...templateColumns(),
    pageSize: text().notNull(),
    orientation: text().notNull(),
    header: text().notNull().default(''),
    footer: text().notNull().default(''),
    showLogo: boolean().notNull().default(true),
    showPageNumbers: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => templateIndexes('pdf_templates', t),
);

export const documentTemplates = pgTable(
  'document_templates',
  { ...templateColumns(), body: text().notNull(), pdfTemplateId: uuid(), ...timestamps() },
  (t) => [...templateIndexes('document_templates', t), tenantReference('document_templates', t, t.pdfTemplateId, pdfTemplates)],
);

export const invoiceTemplates = pgTable(
  'invoice_templates',
  { ...templateColumns(), notes: text().notNull().default(''), pdfTemplateId: uuid(), ...timestamps() },
  (t) => [...templateIndexes('invoice_templates', t), tenantReference('invoice_templates', t, t.pdfTemplateId, pdfTemplates)],
);

export const invoiceTemplateItems = pgTable(
  'invoice_template_items',
  {
    ...tenantKey(),
    invoiceTemplateId: uuid().notNull(),
    position: integer().notNull(),
    description: text().notNull(),
    quantity: numeric({ precision: 12, scale: 3, mode: 'number' }).notNull(),
    /** integer minor units (cents) */
    unitPrice: integer().notNull(),
    serviceId: uuid(),
    addOnId: uuid(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('invoice_template_items', t, t.invoiceTemplateId, invoiceTemplates, 'cascade'),
    tenantReference('invoice_template_items', t, t.serviceId, services),
    tenantReference('invoice_template_items', t, t.addOnId, addOns),
    index().on(t.accountId, t.invoiceTemplateId, t.position),
  ],
);
