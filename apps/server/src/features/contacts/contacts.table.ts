import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

export const contacts = pgTable(
  'contacts',
  {
    ...tenantKey(),
    name: text().notNull(),
    organisation: text(),
    category: text().notNull().default('other'),
    email: text(),
    phone: text(),
    address: text(),
    notes: text(),
    clientId: uuid(),
    /** set when merged into another contact; such rows are hidden until the merge is undone */
    mergedIntoId: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('contacts', t, t.clientId, clients),
    index('contacts_account_name').on(t.accountId, sql`lower(${t.name})`),
    index().on(t.accountId, t.clientId),
  ],
);

export interface MovedReference {
  table: string;
  column: string;
  rowId: string;
  from: string;
}

/** What a merge changed, kept so that it can be undone exactly. */
export const contactMerges = pgTable(
  'contact_merges',
  {
    ...tenantKey(),
    survivorId: uuid().notNull(),
    mergedIds: uuid().array().notNull(),
    survivorBefore: jsonb().$type<Record<string, unknown>>().notNull(),
    movedReferences: jsonb().$type<MovedReference[]>().notNull(),
    createdById: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [tenantPrimaryKey(t), index().on(t.accountId, t.createdAt)],
);
