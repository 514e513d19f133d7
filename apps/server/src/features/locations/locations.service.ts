import type { IntegrationService, Location, LocationInput, LocationIntegration } from '@willow/contracts';
import type { z } from 'zod';
import type { CreateLocationInput as CreateLocationInputSchema } from '@willow/contracts';
import { together, type Db, type Executor } from '../../db/client.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { LocationOwnership } from '../../platform/crud.js';
import { accountsRepository } from '../accounts/index.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { locationsRepository, speciesRepository, type LocationRow, type SpeciesRow } from './locations.repository.js';

type CreateLocationValues = z.output<typeof CreateLocationInputSchema>;
export const LOCATION_NAME_TAKEN = 'A location with this name already exists';

/**
 * The species a new location starts with (decision 0191): the companion animals most practices
 * see, so a new practice can add its first patient on its first day. All are in the seed's
 * catalogue (seed/reference-data.ts SPECIES); the location's list changes on the Locations page.
 */
export const COMMON_SPECIES = ['Bird', 'Cat', 'Dog', 'Ferret', 'Guinea Pig', 'Hamster', 'Rabbit', 'Reptile'] as const;

/**
 * A new location's first species, in its creating transaction: another location's list when
 * `speciesFrom` names one of the account (400 naming the field otherwise), else the common ones.
 */
export async function giveStartingSpecies(ex: Executor, scope: Scope, locationId: string, speciesFrom: string | null = null): Promise<void> {
  if (speciesFrom) {
    if (!(await locationsRepository.findById(ex, scope, speciesFrom))) throw badRequest('speciesFrom: unknown location');
    const copied = (await locationsRepository.speciesOf(ex, scope, [speciesFrom])).get(speciesFrom) ?? [];
    await locationsRepository.addManySpecies(
      ex,
      scope,
      locationId,
      copied.map((s) => s.id),
    );
    return;
  }
  const common = await speciesRepository.findByNames(ex, [...COMMON_SPECIES]);
  await locationsRepository.addManySpecies(
    ex,
    scope,
    locationId,
    common.map((s) => s.id),
  );
}

const toLocation = (row: LocationRow, species: SpeciesRow[], integrations: LocationIntegration[]): Location => ({
  id: row.id,
  name: row.name,
  timezone: row.timezone,
  isActive: row.isActive,
  address: row.address,
  phone: row.phone,
  species,
  integrations,
  hasLogo: row.logoStorageKey !== null,
});

/**
 * Which services each location has integrations for, and whether each works: told by the integrations feature, which
 * stands above locations (its rows name their location), through the container.
 */
export type IntegrationsOfLocations = (
  ex: Executor,
  scope: Scope,
  locationIds: readonly string[],
) => Promise<Map<string, { service: IntegrationService; working: boolean }[]>>;

/** What every location answer carries beside its row: its species and its integrations, for all the rows at once. */
async function locationExtras(ex: Executor, scope: Scope, ids: string[], integrationsOf: IntegrationsOfLocations) {
  const [species, services] = await together(ex, [() => locationsRepository.speciesOf(ex, scope, ids), () => integrationsOf(ex, scope, ids)] as const);
  return (row: LocationRow) =>
    toLocation(
      row,
      species.get(row.id) ?? [],
      (services.get(row.id) ?? []).map(({ service, working }) => ({ service, locationId: row.id, working })),
    );
}

/** A location a record is created at or moved to must be of this account (400 naming the field otherwise). */
export async function assertLocation(ex: Executor, scope: Scope, locationId: string): Promise<LocationRow> {
  const location = await locationsRepository.findById(ex, scope, locationId);
  if (!location) throw badRequest('locationId: unknown location');
  return location;
}

/** A location a request reads from must be of this account: another account's is not found (404), like any other id of theirs. */
export async function assertLocationVisible(ex: Executor, scope: Scope, locationId: string): Promise<LocationRow> {
  const location = await locationsRepository.findById(ex, scope, locationId);
  if (!location) throw notFound();
  return location;
}

/** What the CRUD kit checks of a location-owned entity: the location on create and move, and on a list filter. */
export const locationOwnership: LocationOwnership = { check: assertLocation, filter: locationsRepository };

export class LocationsService {
  // (the logo: location-logo.service.ts, which holds the storage)
  constructor(
    private readonly db: Db,
    /** tells 'location.adding' (the subscription's location limit) */
    private readonly events: DomainEventBus,
    private readonly integrationsOf: IntegrationsOfLocations,
  ) {}

  async list(scope: Scope, opts: { onlyActive?: boolean }): Promise<Location[]> {
    const rows = await locationsRepository.listSorted(this.db, scope, opts);
    return rows.map(
      await locationExtras(
        this.db,
        scope,
        rows.map((r) => r.id),
        this.integrationsOf,
      ),
    );
  }

  async get(scope: Scope, id: string): Promise<Location> {
    const row = await locationsRepository.findById(this.db, scope, id);
    if (!row) throw notFound();
    return (await locationExtras(this.db, scope, [id], this.integrationsOf))(row);
  }

  async create(auth: AuthContext, input: CreateLocationValues, accountId?: string): Promise<Location> {
    let scope: Scope = auth;
    if (accountId && accountId !== auth.accountId) {
      // Only a super administrator may create a location in another account; for anyone else
      // that account does not exist.
      if (!holds(auth, 'system.admin') || !(await accountsRepository.findById(this.db, accountId))) throw notFound();
      scope = { accountId };
    }
    const { speciesFrom, ...fields } = input;
    try {
      const row = await this.db.transaction(async (tx) => {
        // In the account it is added to (a super administrator may add one to another account).
        await this.events.publish(tx, { ...auth, accountId: scope.accountId }, 'location.adding', {});
        const created = await locationsRepository.insert(tx, scope, fields);
        await giveStartingSpecies(tx, scope, created.id, speciesFrom);
        return created;
      });
      return toLocation(row, (await locationsRepository.speciesOf(this.db, scope, [row.id])).get(row.id) ?? [], []);
    } catch (err) {
      if (isUniqueViolation(err, 'locations_account_name_unique')) throw conflict(LOCATION_NAME_TAKEN);
      throw err;
    }
  }

  async update(scope: Scope, id: string, input: Partial<LocationInput>): Promise<Location> {
    try {
      const row = await locationsRepository.update(this.db, scope, id, input);
      if (!row) throw notFound();
    } catch (err) {
      if (isUniqueViolation(err, 'locations_account_name_unique')) throw conflict(LOCATION_NAME_TAKEN);
      throw err;
    }
    return this.get(scope, id);
  }

  async updateSpecies(scope: Scope, input: { locationId: string; speciesId: string; action: 'add' | 'remove' }) {
    if (!(await locationsRepository.findById(this.db, scope, input.locationId))) throw notFound();
    if (!(await speciesRepository.findById(this.db, input.speciesId))) throw badRequest('speciesId: no such species');
    if (input.action === 'add') await locationsRepository.addSpecies(this.db, scope, input.locationId, input.speciesId);
    else await locationsRepository.removeSpecies(this.db, scope, input.locationId, input.speciesId);
    return this.get(scope, input.locationId);
  }

  species() {
    return speciesRepository.list(this.db);
  }
}
