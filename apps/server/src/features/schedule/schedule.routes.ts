import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function scheduleRoutes(r: Router, s: Services) {
  r.route(api.listSchedule, ({ auth, query }) => s.schedule.list(auth, query));
  r.route(api.getScheduleSidebar, ({ auth, query }) => s.schedule.sidebar(auth, query));
  r.route(api.createScheduleSlot, ({ auth, body }) => s.schedule.createSlots(auth, body.data));
  r.route(api.updateScheduleSlot, ({ auth, params, body }) => s.schedule.updateSlot(auth, params.id, body.data));
  r.route(api.deleteScheduleSlot, ({ auth, params, query }) => s.schedule.removeSlot(auth, params.id, query.series));
  r.route(api.scheduleNoteOps.create, ({ auth, body }) => s.scheduleNotes.create(auth, { ...body.data, createdById: auth.userId }));
  r.route(api.scheduleNoteOps.update, ({ auth, params, body }) => s.scheduleNotes.update(auth, params.id, body.data));
  r.route(api.scheduleNoteOps.remove, async ({ auth, params }) => {
    await s.scheduleNotes.remove(auth, params.id);
    return { ok: true as const };
  });
}
