import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { locations } from '../locations/locations.table.js';
import { prescriptions, vaccinations } from './care.table.js';

export const prescriptionsRepository = tenantRepository(prescriptions);
export const vaccinationsRepository = tenantRepository(vaccinations);
export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type VaccinationRow = typeof vaccinations.$inferSelect;

/** The newest records first; a page is plenty for a screen (filters narrow it further). */
export const CARE_LIST_LIMIT = 1000;

export function careFilter(
  table: typeof prescriptions | typeof vaccinations,
  q: { locationId?: string | undefined; patientId?: string | undefined; clientId?: string | undefined },
) {
  return and(
    q.locationId ? eq(table.locationId, q.locationId) : undefined,
    q.patientId ? eq(table.patientId, q.patientId) : undefined,
    q.clientId ? eq(table.clientId, q.clientId) : undefined,
  );
}

export const careRepository = {
  prescriptionOrder: [desc(prescriptions.prescribedOn), desc(prescriptions.createdAt)],
  vaccinationOrder: [desc(vaccinations.givenOn), desc(vaccinations.createdAt)],

  async moveClientLocation(ex: Executor, scope: Scope, clientId: string, locationId: string): Promise<void> {
    for (const table of [prescriptions, vaccinations]) {
      await ex
        .update(table)
        .set({ locationId })
        .where(and(eq(table.accountId, scope.accountId), eq(table.clientId, clientId)));
    }
  },

  async locationTimezones(ex: Executor, scope: Scope, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: locations.id, timezone: locations.timezone })
      .from(locations)
      .where(and(eq(locations.accountId, scope.accountId), inArray(locations.id, [...new Set(ids)])));
    return new Map(rows.map((r) => [r.id, r.timezone]));
  },
};
