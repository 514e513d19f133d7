import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function automationsRoutes(r: Router, c: Container) {
  registerCrud(r, api.emailAutomationOps, c.emailAutomations);
  registerCrud(r, api.smsAutomationOps, c.smsAutomations);
  registerCrud(r, api.taskAutomationOps, c.taskAutomations);
  // the menu's counts: a static path of its own
  r.route(api.countPendingQueueItems, ({ auth, query }) => c.countPendingQueueItems(auth, query.locationId));
  registerCrud(r, api.emailQueueItemOps, c.emailQueueItems);
  registerCrud(r, api.smsQueueItemOps, c.smsQueueItems);
  registerCrud(r, api.taskQueueItemOps, c.taskQueueItems);
  r.route(api.emailQueueItemOps.send, ({ auth, params }) => c.emailQueueItems.send(auth, params.id));
  r.route(api.smsQueueItemOps.send, ({ auth, params }) => c.smsQueueItems.send(auth, params.id));
  r.route(api.taskQueueItemOps.trigger, ({ auth, params }) => c.taskQueueItems.send(auth, params.id));
}
