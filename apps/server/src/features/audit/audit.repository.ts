import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { auditEvents } from './audit.table.js';

export type AuditRow = typeof auditEvents.$inferSelect;

export const auditRepository = {
  async insert(ex: Executor, scope: Scope, values: Omit<typeof auditEvents.$inferInsert, 'accountId' | 'id' | 'at'>[]) {
    if (values.length === 0) return;
    await ex.insert(auditEvents).values(values.map((v) => ({ ...v, accountId: scope.accountId })));
  },

  async history(ex: Executor, scope: Scope, entityType: string, entityId: string): Promise<AuditRow[]> {
    return ex
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, scope.accountId), eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(500);
  },
};
