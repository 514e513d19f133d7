import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { idField } from './rules.js';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'merge', 'unmerge', 'import', 'archive', 'restore'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEvent = z.object({
  id: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  at: z.string(),
  /** field → [before, after]; on create only "after" values, on delete only "before" */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const listAuditEvents = operation({
  method: 'GET',
  path: '/api/audit',
  access: authenticated,
  tag: 'audit',
  summary: 'The history of one record: who changed what, and when (newest first)',
  query: z.object({ entityType: z.string().min(1).max(60), entityId: idField() }),
  response: z.array(AuditEvent),
});
