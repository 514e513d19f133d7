import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function contactsRoutes(r: Router, c: Container) {
  registerCrud(r, api.contactOps, c.contacts);
  r.route(api.listContactMerges, ({ auth }) => c.contacts.merges(auth));
  r.route(api.mergeContacts, ({ auth, body }) => c.contacts.merge(auth, body.data));
  r.route(api.undoContactMerge, ({ auth, params }) => c.contacts.undoMerge(auth, params.id));
}
