import * as api from '@willow/contracts';
import type { Router } from '../../platform/router.js';
import type { Services } from '../../services.js';

export function healthRoutes(r: Router, s: Services) {
  r.publicRoute(api.health, async ({ reply }) => {
    // Migrations ran before the app was built, so ready means the database answers.
    await s.ping();
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
}
