import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.table.js';
import { contacts } from '../contacts/contacts.table.js';
import { patients } from '../patients/patients.table.js';
import { tenantKey, timestamps } from '../../db/columns.js';

export const documents = pgTable(
  'documents',
  {
    ...tenantKey(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    patientId: uuid().references(() => patients.id, { onDelete: 'set null' }),
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
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
  (t) => [index().on(t.accountId), index().on(t.clientId, t.createdAt), index().on(t.patientId), index().on(t.contactId)],
);
