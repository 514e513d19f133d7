import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function auditRoutes(r: Router, c: Container) {
  r.route(api.listAuditEvents, ({ auth, query }) => c.audit.history(auth, query.entityType, query.entityId));
}
