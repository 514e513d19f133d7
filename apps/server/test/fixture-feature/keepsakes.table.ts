// The fixture feature's table: keyed by account like every tenant table, its references composite
// (account_id, x_id) and never cascading, so the records it keeps are not deleted with a client.
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../src/db/columns.js';
import { clients } from '../../src/features/clients/clients.table.js';
import { patients } from '../../src/features/patients/patients.table.js';

export const keepsakes = pgTable(
  'keepsakes',
  {
    ...tenantKey(),
    patientId: uuid().notNull(),
    clientId: uuid().notNull(),
    kind: text().notNull(),
    note: text(),
    ...timestamps(),
  },
  (t) => [tenantPrimaryKey(t), tenantReference('keepsakes', t, t.patientId, patients), tenantReference('keepsakes', t, t.clientId, clients)],
);
