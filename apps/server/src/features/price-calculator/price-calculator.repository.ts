import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { CremationType } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { priceBands } from './price-calculator.table.js';

const base = tenantRepository(priceBands);
export type PriceBandRow = typeof priceBands.$inferSelect;

/** By cremation type (in the contract's order: private, partitioned, communal), then weight. */
export function bandListOptions(q: { locationId: string; cremationType?: CremationType | undefined }): ListOptions {
  return {
    where: and(eq(priceBands.locationId, q.locationId), q.cremationType ? eq(priceBands.cremationType, q.cremationType) : undefined),
    orderBy: [
      asc(sql`array_position(array['private', 'partitioned', 'communal'], ${priceBands.cremationType})`),
      asc(priceBands.minGrams),
      asc(priceBands.id),
    ],
  };
}

export const priceBandsRepository = {
  ...base,

  /**
   * The location's bands of a type sharing a weight with [minGrams, maxGrams), but `exceptId`
   * (the band being changed). Read under the location's lock, so no other write adds one meanwhile.
   */
  async overlapping(
    ex: Executor,
    scope: Scope,
    band: { locationId: string; cremationType: string; minGrams: number; maxGrams: number },
    exceptId?: string,
  ): Promise<PriceBandRow[]> {
    return base.list(ex, scope, {
      where: and(
        eq(priceBands.locationId, band.locationId),
        eq(priceBands.cremationType, band.cremationType),
        lt(priceBands.minGrams, band.maxGrams),
        gt(priceBands.maxGrams, band.minGrams),
        exceptId ? ne(priceBands.id, exceptId) : undefined,
      ),
      orderBy: [asc(priceBands.minGrams)],
      limit: 1,
    });
  },

  /** The location's bands of one cremation type, by weight. */
  async ofType(ex: Executor, scope: Scope, locationId: string, cremationType: CremationType): Promise<PriceBandRow[]> {
    return base.list(ex, scope, bandListOptions({ locationId, cremationType }));
  },
};
