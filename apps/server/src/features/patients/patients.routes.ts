import { Readable } from 'node:stream';
import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function patientsRoutes(r: Router, c: Container) {
  registerCrud(r, api.patientOps, c.patients);
  r.route(api.setPatientDeceased, ({ auth, params, body }) => c.patients.setDeceased(auth, params.id, body.data));
  // The clients' CSV import and export (their paths are the clients'): clients with their patients (decision 0173).
  r.route(api.previewClientImport, ({ auth, body }) => c.clientImport.preview(auth, body.data.locationId, body.data.csv));
  r.route(api.importClients, ({ auth, body }) => c.clientImport.run(auth, body.data.locationId, body.data.csv));
  r.route(api.exportClients, async ({ auth, query, reply }) => {
    // Streamed a page of clients at a time (decision 0284).
    const lines = await c.clientImport.export(auth, query.locationId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="clients-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(lines));
    return reply as never;
  });
}
