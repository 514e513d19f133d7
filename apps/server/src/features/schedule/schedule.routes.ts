import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function scheduleRoutes(r: Router, c: Container) {
  r.route(api.listSchedule, ({ auth, query }) => c.schedule.list(auth, query));
  r.route(api.getScheduleSidebar, ({ auth, query }) => c.schedule.sidebar(auth, query));
  r.route(api.createScheduleSlot, ({ auth, body }) => c.schedule.createSlots(auth, body.data));
  r.route(api.updateScheduleSlot, ({ auth, params, body }) => c.schedule.updateSlot(auth, params.id, body.data));
  r.route(api.deleteScheduleSlot, ({ auth, params, query }) => c.schedule.removeSlot(auth, params.id, query.series));
  r.route(api.scheduleNoteOps.create, ({ auth, body }) => c.scheduleNotes.create(auth, { ...body.data, createdById: auth.userId }));
  r.route(api.scheduleNoteOps.update, ({ auth, params, body }) => c.scheduleNotes.update(auth, params.id, body.data));
  r.route(api.scheduleNoteOps.remove, async ({ auth, params }) => {
    await c.scheduleNotes.remove(auth, params.id);
    return { ok: true as const };
  });
}
