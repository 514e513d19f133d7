// The fixture feature's repository: the only file of it that builds statements, each through the
// tenant kit (platform/tenant-repository.ts), so every one stays inside the caller's account.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.js';
import { tenantRepository, type Scope } from '../../src/platform/tenant-repository.js';
import { keepsakes } from './keepsakes.table.js';

export const keepsakesRepository = tenantRepository(keepsakes);
export type KeepsakeRow = typeof keepsakes.$inferSelect;

export const keepsakeQueries = {
  ofPatient: (patientId: string) => ({ where: eq(keepsakes.patientId, patientId), orderBy: [asc(keepsakes.createdAt)] }),
  /** Whether any keepsake is kept for the client, or of the patient. */
  heldFor: (ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string }): Promise<boolean> =>
    keepsakesRepository.exists(ex, scope, 'clientId' in of ? eq(keepsakes.clientId, of.clientId) : eq(keepsakes.patientId, of.patientId)),
};
