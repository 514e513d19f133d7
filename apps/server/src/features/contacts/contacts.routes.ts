import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function contactsRoutes(r: Router, s: Services) {
  r.route(api.listContacts, ({ auth, query }) => s.contacts.list(auth, query));
  r.route(api.createContact, ({ auth, body }) => s.contacts.create(auth, body.data));
  r.route(api.updateContact, ({ auth, params, body }) => s.contacts.update(auth, params.id, body.data));
  r.route(api.deleteContact, async ({ auth, params }) => {
    await s.contacts.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.listContactMerges, ({ auth }) => s.contacts.merges(auth));
  r.route(api.mergeContacts, ({ auth, body }) => s.contacts.merge(auth, body.data));
  r.route(api.undoContactMerge, ({ auth, params }) => s.contacts.undoMerge(auth, params.id));
}
