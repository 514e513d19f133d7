import { z } from 'zod';
import { operation, publicAccess } from './operation.js';

export const HealthResponse = z.object({ status: z.literal('ok') });
export const health = operation({
  method: 'GET',
  path: '/api/health',
  access: publicAccess,
  tag: 'platform',
  summary: 'Ready once the database is migrated',
  response: HealthResponse,
});
