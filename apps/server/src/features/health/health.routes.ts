import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function healthRoutes(r: Router, c: Container) {
  r.publicRoute(api.health, async ({ reply }) => {
    // Migrations ran before the app was built, so ready means the database answers.
    await c.ping();
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
}
