import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { documents } from './documents.table.js';

const base = tenantRepository(documents);
export type DocumentRow = typeof documents.$inferSelect;

export const documentsRepository = {
  ...base,

  async listFor(ex: Executor, scope: Scope, q: { clientId?: string | undefined; patientId?: string | undefined; contactId?: string | undefined }) {
    return base.list(ex, scope, {
      where: and(
        q.clientId ? eq(documents.clientId, q.clientId) : undefined,
        q.patientId ? eq(documents.patientId, q.patientId) : undefined,
        q.contactId ? eq(documents.contactId, q.contactId) : undefined,
      ),
      orderBy: [desc(documents.createdAt), desc(documents.id)],
      limit: 1000,
    });
  },

  /** Whether the client, or the patient, has any document (history that archiving keeps). */
  async anyFor(ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string }): Promise<boolean> {
    return base.exists(ex, scope, 'clientId' in of ? eq(documents.clientId, of.clientId) : eq(documents.patientId, of.patientId));
  },
};
