import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function tasksRoutes(r: Router, c: Container) {
  // the badge's count first: a static path, beside the kit's /api/task/{id}
  r.route(api.countMyOpenTasks, ({ auth, query }) => c.tasks.countMine(auth, query.locationId));
  registerCrud(r, api.taskOps, c.tasks);
}
