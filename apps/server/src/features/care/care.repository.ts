import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { locations } from '../locations/locations.table.js';
import { prescriptions, vaccinations } from './care.table.js';

export const prescriptionsRepository = tenantRepository(prescriptions);
export const vaccinationsRepository = tenantRepository(vaccinations);
export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type VaccinationRow = typeof vaccinations.$inferSelect;
export type CareQuery = { locationId?: string | undefined; patientId?: string | undefined; clientId?: string | undefined };

/** Locations are read here only for their time zone. */
const locationRows = tenantRepository(locations);

/** The newest records first; a page is plenty for a screen (filters narrow it further). */
export const CARE_LIST_LIMIT = 1000;

function careFilter(table: typeof prescriptions | typeof vaccinations, q: CareQuery) {
  return and(
    q.locationId ? eq(table.locationId, q.locationId) : undefined,
    q.patientId ? eq(table.patientId, q.patientId) : undefined,
    q.clientId ? eq(table.clientId, q.clientId) : undefined,
  );
}

export const careRepository = {
  /** A page of prescriptions meeting the filters, the newest first. */
  prescriptionList: (q: CareQuery): ListOptions => ({
    where: careFilter(prescriptions, q),
    orderBy: [desc(prescriptions.prescribedOn), desc(prescriptions.createdAt)],
    limit: CARE_LIST_LIMIT,
  }),
  /** A page of vaccinations meeting the filters, the newest first. */
  vaccinationList: (q: CareQuery): ListOptions => ({
    where: careFilter(vaccinations, q),
    orderBy: [desc(vaccinations.givenOn), desc(vaccinations.createdAt)],
    limit: CARE_LIST_LIMIT,
  }),

  async moveClientLocation(ex: Executor, scope: Scope, clientId: string, locationId: string): Promise<void> {
    await prescriptionsRepository.updateWhere(ex, scope, eq(prescriptions.clientId, clientId), { locationId });
    await vaccinationsRepository.updateWhere(ex, scope, eq(vaccinations.clientId, clientId), { locationId });
  },

  async locationTimezones(ex: Executor, scope: Scope, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await locationRows.select(ex, scope, { id: locations.id, timezone: locations.timezone }, inArray(locations.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.timezone]));
  },
};
