import type { SearchResult } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';

const LIMIT = 8;

/** Ctrl/Cmd+K: clients by name, phone or email; patients by name or microchip. */
export class SearchService {
  constructor(private readonly db: Db) {}

  async search(auth: AuthContext, q: string, locationId: string | undefined): Promise<SearchResult> {
    await assertFiltersVisible(this.db, auth, [[locationsRepository, locationId]]);
    const [clients, patients] = await Promise.all([
      clientsRepository.search(this.db, auth, q, locationId, LIMIT),
      patientsRepository.search(this.db, auth, q, locationId, LIMIT),
    ]);
    return {
      clients: clients.map((c) => ({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        phone: c.phone,
        locationId: c.locationId,
      })),
      patients: patients.map((p) => ({
        id: p.id,
        name: p.name,
        clientId: p.clientId,
        clientName: p.clientName,
        speciesName: p.speciesName,
        microchip: p.microchip,
        deceasedOn: p.deceasedOn,
      })),
    };
  }
}
