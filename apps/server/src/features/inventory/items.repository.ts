import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { items } from './inventory.table.js';

const base = tenantRepository(items);
export type ItemRow = typeof items.$inferSelect;

/** What the books and the stock primitive need of an item (invoices' LineItems reads these). */
export interface ItemFacts {
  id: string;
  name: string;
  sellUnit: string;
  wholeUnits: boolean;
  archived: boolean;
  sellPrice: number;
}
const factsOf = (r: ItemRow): ItemFacts => ({
  id: r.id,
  name: r.name,
  sellUnit: r.sellUnit,
  wholeUnits: r.wholeUnits,
  archived: r.archivedAt !== null,
  sellPrice: r.sellPrice,
});

export const itemsRepository = {
  ...base,

  /** The items of these ids in the account (another account's ids are simply not there). */
  async factsByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<ItemFacts[]> {
    return (await base.findByIds(ex, scope, ids)).map(factsOf);
  },

  async factsOf(ex: Executor, scope: Scope, id: string): Promise<ItemFacts | undefined> {
    const [row] = await base.list(ex, scope, { where: eq(items.id, id), limit: 1 });
    return row && factsOf(row);
  },
};
