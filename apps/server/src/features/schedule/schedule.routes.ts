import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function scheduleRoutes(r: Router, c: Container) {
  r.route(api.listSchedule, ({ auth, query }) => c.schedule.list(auth, query));
  r.route(api.getScheduleSidebar, ({ auth, query }) => c.schedule.sidebar(auth, query));
  r.route(api.createScheduleSlot, ({ auth, body }) => c.schedule.createSlots(auth, body.data));
  r.route(api.updateScheduleSlot, ({ auth, params, body }) => c.schedule.updateSlot(auth, params.id, body.data));
  r.route(api.deleteScheduleSlot, ({ auth, params, query }) => c.schedule.removeSlot(auth, params.id, query.series));
  registerCrud(r, api.scheduleNoteOps, c.scheduleNotes);
}
