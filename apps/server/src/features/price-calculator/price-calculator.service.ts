import {
  formatBandRange,
  quoteOf,
  type PriceBand,
  type PriceBandInput,
  type PriceBandListQuery,
  type Priceable,
  type Quote,
  type QuoteInput,
} from '@willow/contracts';
import { BAND_EMPTY, CREMATION_TYPE_LABELS, type CremationType } from '@willow/contracts';
import type { z } from 'zod';
import { together, type Db, type Executor } from '../../db/client.js';
import { TenantCrudService } from '../../platform/crud.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { addOnsRepository } from '../add-ons/index.js';
import type { AuditService } from '../audit/index.js';
import { locationsRepository, assertLocationVisible, locationOwnership } from '../locations/index.js';
import { servicesRepository } from '../services/index.js';
import type { priceBands } from './price-calculator.table.js';
import { bandListOptions, priceBandsRepository, type PriceBandRow } from './price-calculator.repository.js';

type Input = z.output<typeof PriceBandInput>;
type Patch = Partial<Input>;
type Query = z.output<typeof PriceBandListQuery>;
type Band = Pick<Input, 'locationId' | 'cremationType' | 'minGrams' | 'maxGrams'>;

export const toPriceBand = (r: PriceBandRow): PriceBand => ({
  id: r.id,
  locationId: r.locationId,
  cremationType: r.cremationType as CremationType,
  minGrams: r.minGrams,
  maxGrams: r.maxGrams,
  price: r.price,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A band may share only a boundary with the location's other bands of its type. The location row
 * is locked first (FOR UPDATE, until the transaction ends), so two saves at one location are
 * checked one after the other and can never both pass with overlapping bands (docs/decisions/0120).
 * The message names the field whose weight lies inside the other band.
 */
async function assertNoOverlap(ex: Executor, scope: Scope, band: Band, exceptId?: string): Promise<void> {
  if (!(await locationsRepository.findById(ex, scope, band.locationId, { lock: 'update' }))) throw badRequest('locationId: unknown location');
  const [other] = await priceBandsRepository.overlapping(ex, scope, band, exceptId);
  if (!other) return;
  const field = band.minGrams >= other.minGrams && band.minGrams < other.maxGrams ? 'minGrams' : 'maxGrams';
  throw conflict(
    `${field}: overlaps the ${formatBandRange(other)} band of ${CREMATION_TYPE_LABELS[band.cremationType].toLowerCase()}; bands may share only a boundary`,
  );
}

export class PriceBandsService extends TenantCrudService<typeof priceBands, PriceBand, Input, Patch, Query> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'priceBand',
      repository: priceBandsRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toPriceBand),
      listOptions: bandListOptions,
      location: locationOwnership,
      prepareCreate: async (ex, caller, input) => {
        await assertNoOverlap(ex, caller, input);
        return input;
      },
      preparePatch: async (ex, scope, input, existing) => {
        const band = { ...existing, cremationType: existing.cremationType as CremationType, ...input };
        if (band.maxGrams <= band.minGrams) throw badRequest(`maxGrams: ${BAND_EMPTY}`);
        await assertNoOverlap(ex, scope, band, existing.id);
        return input;
      },
    });
  }
}

/** Ids the quote names: each of the account (404 otherwise), at the quote's location and still offered (400 naming the field). */
function offered<R extends { id: string; name: string; locationId: string; active: boolean; price: number }>(
  rows: R[],
  ids: readonly string[],
  locationId: string,
  field: string,
): Priceable[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound();
    if (row.locationId !== locationId) throw badRequest(`${field}: ${row.name} is not offered at this location`);
    if (!row.active) throw badRequest(`${field}: ${row.name} is no longer offered`);
    return { id: row.id, name: row.name, price: row.price };
  });
}

export class PriceCalculatorService {
  constructor(private readonly db: Db) {}

  /** The quote of `quoteOf` (the same function the calculator page runs while staff type), from the location's bands and catalogue. */
  async quote(scope: Scope, input: z.output<typeof QuoteInput>): Promise<Quote> {
    const addOnIds = [...new Set(input.addOnIds)];
    const serviceIds = [...new Set(input.serviceIds)];
    const [, bands, addOns, services] = await together(this.db, [
      () => assertLocationVisible(this.db, scope, input.locationId),
      () => priceBandsRepository.ofType(this.db, scope, input.locationId, input.cremationType),
      () => addOnsRepository.findByIds(this.db, scope, addOnIds),
      () => servicesRepository.findByIds(this.db, scope, serviceIds),
    ] as const);
    return quoteOf({
      cremationType: input.cremationType,
      weightGrams: input.weightGrams,
      bands: bands.map(toPriceBand),
      addOns: offered(addOns, addOnIds, input.locationId, 'addOnIds'),
      services: offered(services, serviceIds, input.locationId, 'serviceIds'),
    });
  }
}
