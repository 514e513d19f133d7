import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { clients } from '../clients/clients.table.js';
import { contacts } from '../contacts/contacts.table.js';
import { patients } from '../patients/patients.table.js';

export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId), index().on(t.clientId, t.createdAt), index().on(t.patientId), index().on(t.contactId)],
);
