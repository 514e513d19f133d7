import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function clientsRoutes(r: Router, c: Container) {
  r.route(api.listClients, ({ auth, query }) => c.clients.page(auth, query));
  r.route(api.getClient, ({ auth, params }) => c.clients.get(auth, params.id));
  r.route(api.createClient, ({ auth, body }) => c.clients.create(auth, body.data));
  r.route(api.updateClient, ({ auth, params, body }) => c.clients.update(auth, params.id, body.data));
  r.route(api.deleteClient, async ({ auth, params }) => {
    await c.clients.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.previewClientImport, ({ auth, body }) => c.clientImport.preview(auth, body.data.locationId, body.data.csv));
  r.route(api.importClients, ({ auth, body }) => c.clientImport.run(auth, body.data.locationId, body.data.csv));
  r.route(api.exportClients, async ({ auth, query, reply }) => {
    const csv = await c.clientImport.export(auth, query.locationId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="clients-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
    return reply as never;
  });
}
