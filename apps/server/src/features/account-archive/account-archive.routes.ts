import * as api from '@willow/contracts';
import type { FastifyReply } from 'fastify';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function accountArchiveRoutes(r: Router, c: Container) {
  r.route(api.startAccountArchive, ({ auth }) => c.accountArchive.start(auth));
  r.route(api.listAccountArchives, ({ auth }) => c.accountArchive.list(auth));
  r.route(api.getAccountArchive, ({ auth, params }) => c.accountArchive.get(auth, params.id));
  r.route(api.deleteAccountArchive, async ({ auth, params }) => {
    await c.accountArchive.remove(auth, params.id);
    return { ok: true as const };
  });
  r.route(api.downloadAccountArchive, async ({ auth, params, reply }) => {
    const { body, sizeBytes, fileName } = await c.accountArchive.open(auth, params.id);
    const res = (reply as FastifyReply)
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store');
    if (sizeBytes !== null) res.header('content-length', String(sizeBytes));
    res.send(body);
    return reply as never;
  });
}
