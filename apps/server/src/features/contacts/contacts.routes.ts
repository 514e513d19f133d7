import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function contactsRoutes(r: Router, c: Container) {
  r.route(api.listContacts, ({ auth, query }) => c.contacts.list(auth, query));
  r.route(api.createContact, ({ auth, body }) => c.contacts.create(auth, body.data));
  r.route(api.updateContact, ({ auth, params, body }) => c.contacts.update(auth, params.id, body.data));
  r.route(api.deleteContact, async ({ auth, params }) => {
    await c.contacts.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.listContactMerges, ({ auth }) => c.contacts.merges(auth));
  r.route(api.mergeContacts, ({ auth, body }) => c.contacts.merge(auth, body.data));
  r.route(api.undoContactMerge, ({ auth, params }) => c.contacts.undoMerge(auth, params.id));
}
