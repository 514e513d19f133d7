import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function auditRoutes(r: Router, s: Services) {
  r.route(api.listAuditEvents, ({ auth, query }) => s.audit.history(auth, query.entityType, query.entityId));
}
