import * as api from '@willow/contracts';
import type { FastifyReply } from 'fastify';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';
import { readUploadBody } from '../../platform/upload-body.js';

export function locationsRoutes(r: Router, c: Container) {
  r.route(api.listSpecies, () => c.locations.species());
  r.route(api.listLocations, ({ auth, query }) => c.locations.list(auth, query));
  r.route(api.updateLocationSpecies, ({ auth, body }) => c.locations.updateSpecies(auth, body.data));
  r.route(api.getLocation, ({ auth, params }) => c.locations.get(auth, params.id));
  r.route(api.createLocation, ({ auth, query, body }) => c.locations.create(auth, body.data, query.accountId));
  r.route(api.updateLocation, ({ auth, params, body }) => c.locations.update(auth, params.id, body.data));

  r.route(api.uploadLocationLogo, async ({ auth, params, req }) => {
    // Another account's location is not found before its body is read.
    await c.locationLogos.assertVisible(auth, params.id);
    const upload = await readUploadBody(req);
    try {
      return await c.locationLogos.upload(auth, params.id, upload.file);
    } catch (err) {
      throw upload.failure(err);
    }
  });
  r.route(api.getLocationLogo, async ({ auth, params, reply }) => {
    const logo = await c.locationLogos.open(auth, params.id);
    (reply as FastifyReply)
      .header('content-type', logo.contentType)
      .header('content-length', String(logo.data.length))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(logo.data);
    return reply as never;
  });
  r.route(api.removeLocationLogo, ({ auth, params }) => c.locationLogos.remove(auth, params.id));
}
