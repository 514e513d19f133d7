import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.table.js';
import { contacts } from '../contacts/contacts.table.js';
import { patients } from '../patients/patients.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

export const documents = pgTable(
  'documents',
  {
    ...tenantKey(),
    clientId: uuid().notNull(),
    patientId: uuid(),
    contactId: uuid(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /** where the storage keeps the bytes; never shown to anyone */
    storageKey: text().notNull(),
    description: text(),
    uploadedById: uuid(),
    uploadedByName: text(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    // Part of the clinical record: the client is archived, never deleted under it (decision 0155).
    tenantReference('documents', t, t.clientId, clients),
    tenantReference('documents', t, t.patientId, patients),
    tenantReference('documents', t, t.contactId, contacts),
    index().on(t.accountId, t.clientId, t.createdAt),
    index().on(t.accountId, t.patientId),
    index().on(t.accountId, t.contactId),
  ],
);
