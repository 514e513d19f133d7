import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function clientsRoutes(r: Router, s: Services) {
  r.route(api.listClients, ({ auth, query }) => s.clients.page(auth, query));
  r.route(api.getClient, ({ auth, params }) => s.clients.get(auth, params.id));
  r.route(api.createClient, ({ auth, body }) => s.clients.create(auth, body.data));
  r.route(api.updateClient, ({ auth, params, body }) => s.clients.update(auth, params.id, body.data));
  r.route(api.deleteClient, async ({ auth, params }) => {
    await s.clients.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.globalSearch, ({ auth, query }) => s.search.search(auth, query.q, query.locationId));
  r.route(api.previewClientImport, ({ auth, body }) => s.clientImport.preview(auth, body.data.locationId, body.data.csv));
  r.route(api.importClients, ({ auth, body }) => s.clientImport.run(auth, body.data.locationId, body.data.csv));
  r.route(api.exportClients, async ({ auth, query, reply }) => {
    const csv = await s.clientImport.export(auth, query.locationId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="clients-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
    return reply as never;
  });
}
