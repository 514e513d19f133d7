// Security-critical: the one way stock changes (decision 0218). Every writer (the log's entries, a
// stock take, a correction, the invoices' subscribers, the seeds) takes and puts through here, inside
// its own transaction, so the gate, the lots and the log entry are written together or not at all.
import { INVENTORY_MESSAGES, type MovementType } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { stockRepository, type MovementRow } from './stock.repository.js';

/** What a take or a put needs to know of the item (a caller that has read it hands it in). */
export interface StockItem {
  id: string;
  name: string;
  sellUnit: string;
  wholeUnits: boolean;
}

/** Who and what an entry names besides its stock: each stays null when not given. */
export interface MovementContext {
  reason?: string | null;
  patientId?: string | null;
  appointmentId?: string | null;
  invoiceId?: string | null;
  invoiceItemId?: string | null;
  transferId?: string | null;
  correctsId?: string | null;
  userId: string | null;
}

export type TakeType = Extract<MovementType, 'sold' | 'administered' | 'expired' | 'damaged' | 'transfer_out' | 'count_correction' | 'correction'>;
export type PutType = Extract<MovementType, 'received' | 'sale_reversed' | 'transfer_in' | 'count_correction' | 'correction'>;

export interface Take extends MovementContext {
  type: TakeType;
  locationId: string;
  /** sell units, more than 0 */
  quantity: number;
  /** this lot only; null or left out: the first to expire first */
  lotId?: string | null;
  /** the field a fractional quantity of a whole unit is refused on (400), e.g. `inventoryLogData.quantity` */
  field?: string;
}

/** Into an existing lot (a sale reversed goes back where it came from), or the lot of this number and expiry. */
export type PutLot = { lotId: string } | { lotNumber: string | null; expiresOn: string | null; receivedOn: string };

export interface Put extends MovementContext {
  type: PutType;
  locationId: string;
  quantity: number;
  lot: PutLot;
  field?: string;
}

/** Thousandths: the columns' scale. Sums and running balances are counted in them, so no float drifts. */
const milli = (q: number) => Math.round(q * 1000);
const fromMilli = (m: number) => m / 1000;

/** 400 on a fractional quantity of an item counted in whole units. */
export function assertWholeUnits(item: StockItem, quantity: number, field: string): void {
  if (item.wholeUnits && milli(quantity) % 1000 !== 0) throw badRequest(`${field}: must be a whole number of ${item.sellUnit}s`);
}

const entry = (item: StockItem, m: { type: MovementType; locationId: string } & MovementContext, lotId: string | null, quantity: number, balance: number) => ({
  itemId: item.id,
  locationId: m.locationId,
  lotId,
  type: m.type,
  quantity,
  balance,
  reason: m.reason ?? null,
  patientId: m.patientId ?? null,
  appointmentId: m.appointmentId ?? null,
  invoiceId: m.invoiceId ?? null,
  invoiceItemId: m.invoiceItemId ?? null,
  transferId: m.transferId ?? null,
  correctsId: m.correctsId ?? null,
  userId: m.userId,
});

export const stockMovements = {
  /**
   * Takes stock off: the gate first (409 notEnoughStock, nothing changed, when there is not that
   * much), then the lot named or the lots first to expire first; one log entry per lot touched, each
   * with the running balance of the item at the location. Answers the entries, in order.
   */
  async take(ex: Executor, scope: Scope, item: StockItem, t: Take): Promise<MovementRow[]> {
    assertWholeUnits(item, t.quantity, t.field ?? 'quantity');
    const want = milli(t.quantity);
    if (want <= 0) throw badRequest(`${t.field ?? 'quantity'}: must be more than 0`);
    const left = await stockRepository.takeTotal(ex, scope, item.id, t.locationId, t.quantity);
    if (left === undefined) {
      const have = await stockRepository.totalOf(ex, scope, item.id, t.locationId);
      throw conflict(INVENTORY_MESSAGES.notEnoughStock(item.name, have, item.sellUnit));
    }
    let balance = milli(left) + want;
    const pieces: { lotId: string; m: number }[] = [];
    if (t.lotId) {
      const inLot = await stockRepository.takeFromLot(ex, scope, t.lotId, t.quantity);
      if (inLot === undefined) {
        const [lot] = await stockRepository.lots.findByIds(ex, scope, [t.lotId]);
        throw conflict(INVENTORY_MESSAGES.notEnoughStock(item.name, lot?.onHand ?? 0, item.sellUnit));
      }
      pieces.push({ lotId: t.lotId, m: want });
    } else {
      let rest = want;
      for (const lot of await stockRepository.lotsToTake(ex, scope, item.id, t.locationId)) {
        if (rest <= 0) break;
        const m = Math.min(rest, milli(lot.onHand));
        if ((await stockRepository.takeFromLot(ex, scope, lot.id, fromMilli(m))) === undefined) continue;
        pieces.push({ lotId: lot.id, m });
        rest -= m;
      }
      // The total said there was enough but the lots do not hold it: never write a take the lots cannot show.
      if (rest > 0) throw conflict(INVENTORY_MESSAGES.notEnoughStock(item.name, fromMilli(milli(left) + want - rest), item.sellUnit));
    }
    const rows = pieces.map((p) => {
      balance -= p.m;
      return entry(item, t, p.lotId, -fromMilli(p.m), fromMilli(balance));
    });
    return stockRepository.insertMovements(ex, scope, rows);
  },

  /** Puts stock in: the item's total at the location and the lot, and one log entry. */
  async put(ex: Executor, scope: Scope, item: StockItem, p: Put): Promise<MovementRow> {
    assertWholeUnits(item, p.quantity, p.field ?? 'quantity');
    if (milli(p.quantity) <= 0) throw badRequest(`${p.field ?? 'quantity'}: must be more than 0`);
    const lotId =
      'lotId' in p.lot
        ? p.lot.lotId
        : (
            await stockRepository.lotFor(
              ex,
              scope,
              { itemId: item.id, locationId: p.locationId, lotNumber: p.lot.lotNumber, expiresOn: p.lot.expiresOn },
              p.lot.receivedOn,
            )
          ).id;
    const total = await stockRepository.putTotal(ex, scope, item.id, p.locationId, p.quantity);
    await stockRepository.putIntoLot(ex, scope, lotId, p.quantity);
    const [row] = await stockRepository.insertMovements(ex, scope, [entry(item, p, lotId, p.quantity, total)]);
    return row!;
  },
};
export type StockMovements = typeof stockMovements;
