import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scopedTable, type Scope } from '../../platform/tenant-repository.js';
import { auditEvents } from './audit.table.js';

const events = scopedTable(auditEvents);

export type AuditRow = typeof auditEvents.$inferSelect;

export const auditRepository = {
  async insert(ex: Executor, scope: Scope, values: Omit<typeof auditEvents.$inferInsert, 'accountId' | 'id' | 'at'>[]) {
    if (values.length === 0) return;
    await events.insertMany(ex, scope, values);
  },

  async history(ex: Executor, scope: Scope, entityType: string, entityId: string): Promise<AuditRow[]> {
    return events.list(ex, scope, {
      where: and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)),
      orderBy: [desc(auditEvents.at), desc(auditEvents.id)],
      limit: 500,
    });
  },
};
