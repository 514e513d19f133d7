// What stock that follows the books reads of the log (decision 0223): what an invoice line took,
// lot by lot, net of what was put back; what a credit note put back.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idIn, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { inventoryMovements as m } from './inventory.table.js';

const movements = tenantRepository(m);

/** What movements of one invoice line came to in one lot: `net` taken (positive: still out of stock), the newest entry's order. */
export interface LineLotNet {
  invoiceItemId: string;
  itemId: string;
  locationId: string;
  lotId: string | null;
  net: number;
  lastSeq: number;
}

const lineLotFields = {
  invoiceItemId: sql<string>`${m.invoiceItemId}`,
  itemId: m.itemId,
  locationId: m.locationId,
  lotId: m.lotId,
  net: sql<number>`-sum(${m.quantity})`.mapWith(Number),
  lastSeq: sql<number>`max(${m.seq})`.mapWith(Number),
};

export const inventoryBillingRepository = {
  /**
   * What the sales of these invoice lines took, per line, item and lot, net of what credit notes and
   * voids put back (sold and sale_reversed entries name the line that sold: decision 0223).
   */
  async takenByLines(ex: Executor, scope: Scope, invoiceItemIds: readonly string[]): Promise<LineLotNet[]> {
    if (invoiceItemIds.length === 0) return [];
    return movements
      .select(ex, scope, lineLotFields, and(idIn(m.invoiceItemId, [...new Set(invoiceItemIds)]), inArray(m.type, ['sold', 'sale_reversed'])))
      .groupBy(m.invoiceItemId, m.itemId, m.locationId, m.lotId);
  },

  /** What a credit note put back, per line credited, item and lot (`net` negative: it came back into stock). */
  async movedBy(ex: Executor, scope: Scope, invoiceId: string): Promise<LineLotNet[]> {
    return movements
      .select(ex, scope, lineLotFields, and(eq(m.invoiceId, invoiceId), inArray(m.type, ['sold', 'sale_reversed'])))
      .groupBy(m.invoiceItemId, m.itemId, m.locationId, m.lotId);
  },

};
