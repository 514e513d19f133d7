// Security-critical: stock follows the books (decision 0223). Finalising an invoice takes what it
// bills off stock, a credit note puts the credited share back into the lots it came from, a void
// reverses what is still out; all in the finalising or voiding transaction, through the stock
// primitive, so a sale beyond stock (409) leaves the invoice a draft and nothing written. What was
// administered at the appointment and is then billed is not taken twice (decision 0224). Invoices
// never import inventory: they publish, and read items through what the container hands them.
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../platform/access.js';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/index.js';
import { invoicesRepository, type AppointmentItem, type InvoiceInventory, type StockLine } from '../invoices/index.js';
import { inventoryBillingRepository, type LineLotNet } from './inventory-billing.repository.js';
import { inventoryLogRepository } from './inventory-log.repository.js';
import { itemsRepository, type ItemDrawRow, type ItemFacts } from './items.repository.js';
import { stockMovements } from './stock-movements.service.js';
import { stockRepository } from './stock.repository.js';

/** Thousandths (the columns' scale): quantities are added and compared in them, so no float drifts. */
const milli = (q: number) => Math.round(q * 1000);
const fromMilli = (m: number) => m / 1000;

/** What one line bills of one item, in thousandths. */
type Want = { line: StockLine; itemId: string; m: number };

const drawsFor = (ex: Executor, scope: Scope, lines: readonly StockLine[]): Promise<ItemDrawRow[]> =>
  itemsRepository.drawsOfAddOns(ex, scope, [...new Set(lines.flatMap((l) => (l.addOnId ? [l.addOnId] : [])))]);

/** An item line bills its quantity of its item; an add-on line its quantity × what the add-on draws of each item (the urn add-on, an urn). */
function wantsOf(lines: readonly StockLine[], draws: readonly ItemDrawRow[]): Want[] {
  return lines.flatMap((line) => {
    if (line.itemId) return [{ line, itemId: line.itemId, m: milli(line.quantity) }];
    return draws.filter((d) => d.addOnId === line.addOnId).map((d) => ({ line, itemId: d.itemId, m: milli(line.quantity * d.quantity) }));
  });
}

const sumBy = (wants: readonly Want[]) => {
  const sums = new Map<string, number>();
  for (const w of wants) sums.set(w.itemId, (sums.get(w.itemId) ?? 0) + w.m);
  return sums;
};

async function factsOf(ex: Executor, scope: Scope, itemIds: readonly string[]): Promise<Map<string, ItemFacts>> {
  return new Map((await itemsRepository.factsByIds(ex, scope, [...new Set(itemIds)])).map((f) => [f.id, f]));
}

/**
 * What of this invoice's items the visit already used (decision 0224), per item in thousandths:
 * with A administered at the appointment, Bprev billed by its other finalised invoices (net of
 * credit notes) and B by this one, this one takes max(A, Bprev + B) − max(A, Bprev); the rest of
 * B is covered. The appointment's billing takes turns, so two invoices of it see each other's.
 */
async function coveredAtVisit(tx: Executor, scope: Scope, appointmentId: string, invoiceId: string, wants: readonly Want[]): Promise<Map<string, number>> {
  await invoicesRepository.lockAppointmentBilling(tx, scope, appointmentId);
  const administered = new Map<string, number>();
  for (const a of await inventoryLogRepository.administeredAt(tx, scope, [appointmentId])) administered.set(a.itemId, (administered.get(a.itemId) ?? 0) + milli(a.quantity));
  if (administered.size === 0) return new Map();
  const others = await invoicesRepository.appointmentStockLines(tx, scope, appointmentId, invoiceId);
  const before = sumBy(wantsOf(others, await drawsFor(tx, scope, others)));
  const covered = new Map<string, number>();
  for (const [itemId, b] of sumBy(wants)) {
    const a = administered.get(itemId) ?? 0;
    const prev = Math.max(before.get(itemId) ?? 0, 0);
    covered.set(itemId, b - (Math.max(a, prev + b) - Math.max(a, prev)));
  }
  return covered;
}

type Finalised = DomainEvents['invoice.finalised'];

/** An invoice finalised: each item it bills taken off stock at its location, the first to expire first. */
async function sell(tx: Executor, caller: Caller, e: Finalised): Promise<void> {
  const lines = await invoicesRepository.stockLinesOf(tx, caller, [e.invoiceId]);
  const wants = wantsOf(lines, await drawsFor(tx, caller, lines)).filter((w) => w.m > 0);
  if (wants.length === 0) return;
  const covered = e.appointmentId ? await coveredAtVisit(tx, caller, e.appointmentId, e.invoiceId, wants) : new Map<string, number>();
  const facts = await factsOf(tx, caller, wants.map((w) => w.itemId));
  // In the items' order: two invoices selling the same items lock their stock rows in one order, never each waiting on the other.
  const ordered = [...wants].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.line.position - b.line.position));
  for (const w of ordered) {
    const item = facts.get(w.itemId);
    if (!item) continue;
    const usedAtVisit = Math.min(covered.get(w.itemId) ?? 0, w.m);
    covered.set(w.itemId, (covered.get(w.itemId) ?? 0) - usedAtVisit);
    const m = w.m - usedAtVisit;
    if (m <= 0) continue;
    await stockMovements.take(tx, caller, item, {
      type: 'sold',
      locationId: e.locationId,
      quantity: fromMilli(m),
      field: `invoiceItems.${w.line.position}.quantity`,
      invoiceId: e.invoiceId,
      invoiceItemId: w.line.id,
      patientId: e.patientId,
      appointmentId: e.appointmentId,
      userId: caller.userId,
    });
  }
}

/** What the stock entries of a reversal name besides their stock. */
type Reversal = { invoiceId: string; patientId: string | null; appointmentId: string | null; reason: string | null };

/** Puts `m` thousandths of the item back into the lots the line took it from (the newest first), never more than each still has out. */
async function putBack(tx: Executor, caller: Caller, item: ItemFacts, lots: LineLotNet[], m: number, r: Reversal): Promise<void> {
  let rest = m;
  for (const lot of [...lots].sort((a, b) => b.lastSeq - a.lastSeq)) {
    if (rest <= 0) break;
    const q = Math.min(rest, milli(lot.net));
    if (q <= 0 || !lot.lotId) continue;
    await stockMovements.put(tx, caller, item, {
      type: 'sale_reversed',
      locationId: lot.locationId,
      quantity: fromMilli(q),
      lot: { lotId: lot.lotId },
      invoiceId: r.invoiceId,
      invoiceItemId: lot.invoiceItemId,
      patientId: r.patientId,
      appointmentId: r.appointmentId,
      reason: r.reason,
      userId: caller.userId,
    });
    lot.net = fromMilli(milli(lot.net) - q);
    rest -= q;
  }
}

/**
 * A credit note finalised: for each line it credits, the credited share of what that invoice line
 * took goes back (an item line: the quantity credited; an add-on line: that × what the add-on
 * draws), never more than the line still has out: what the visit used, and was billed, stays used.
 */
async function creditBack(tx: Executor, caller: Caller, e: Finalised): Promise<void> {
  if (!e.creditedInvoiceId) return;
  const credits = (await invoicesRepository.stockLinesOf(tx, caller, [e.invoiceId])).filter((l) => l.creditedItemId);
  if (credits.length === 0) return;
  const originals = new Map((await invoicesRepository.stockLinesOf(tx, caller, [e.creditedInvoiceId])).map((l) => [l.id, l]));
  const taken = await inventoryBillingRepository.takenByLines(tx, caller, [...originals.keys()]);
  if (taken.length === 0) return;
  const draws = await drawsFor(tx, caller, [...originals.values()]);
  const facts = await factsOf(tx, caller, taken.map((t) => t.itemId));
  const r = { invoiceId: e.invoiceId, patientId: e.patientId, appointmentId: e.appointmentId, reason: null };
  for (const credit of credits) {
    const original = originals.get(credit.creditedItemId!);
    if (!original) continue;
    const ofLine = taken.filter((t) => t.invoiceItemId === original.id);
    for (const itemId of new Set(ofLine.map((t) => t.itemId))) {
      const item = facts.get(itemId);
      if (!item) continue;
      const lots = ofLine.filter((t) => t.itemId === itemId);
      const out = lots.reduce((s, l) => s + milli(l.net), 0);
      const draw = original.itemId ? 1 : draws.find((d) => d.addOnId === original.addOnId && d.itemId === itemId)?.quantity;
      // An add-on no longer drawing the item: the credited part of the line's quantity, of what it has out.
      const share = draw !== undefined ? milli(credit.quantity * draw) : Math.floor((out * credit.quantity) / original.quantity);
      const back = item.wholeUnits ? Math.floor(Math.min(share, out) / 1000) * 1000 : Math.min(share, out);
      if (back > 0) await putBack(tx, caller, item, lots, back, r);
    }
  }
}

type Voided = DomainEvents['invoice.voided'];

/**
 * A void: an invoice's lines put back all they still have out; a credit note's put-backs are taken
 * again (from the same lot while it holds them, else the first to expire first).
 */
async function reverseVoided(tx: Executor, caller: Caller, e: Voided): Promise<void> {
  const invoice = await invoicesRepository.findById(tx, caller, e.invoiceId);
  const r = { invoiceId: e.invoiceId, patientId: invoice?.patientId ?? null, appointmentId: e.appointmentId, reason: e.reason };
  if (e.kind === 'invoice') {
    const lines = await invoicesRepository.stockLinesOf(tx, caller, [e.invoiceId]);
    // The last taken goes back first: the log reads as the sale undone.
    const taken = (await inventoryBillingRepository.takenByLines(tx, caller, lines.map((l) => l.id))).filter((t) => milli(t.net) > 0).sort((a, b) => b.lastSeq - a.lastSeq);
    const facts = await factsOf(tx, caller, taken.map((t) => t.itemId));
    for (const t of taken) {
      const item = facts.get(t.itemId);
      if (item) await putBack(tx, caller, item, [t], milli(t.net), r);
    }
    return;
  }
  const returned = (await inventoryBillingRepository.movedBy(tx, caller, e.invoiceId)).filter((t) => milli(t.net) < 0);
  const facts = await factsOf(tx, caller, returned.map((t) => t.itemId));
  for (const t of [...returned].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0))) {
    const item = facts.get(t.itemId);
    if (!item) continue;
    const quantity = -t.net;
    const [lot] = t.lotId ? await stockRepository.lots.findByIds(tx, caller, [t.lotId]) : [];
    await stockMovements.take(tx, caller, item, {
      type: 'sold',
      locationId: t.locationId,
      quantity,
      lotId: lot && milli(lot.onHand) >= milli(quantity) ? lot.id : null,
      ...r,
      invoiceItemId: t.invoiceItemId,
      userId: caller.userId,
    });
  }
}

/** Stock follows what invoices finalise and void, in their transactions (the container subscribes it once). */
export function stockFollowsTheBooks(events: DomainEventBus): void {
  events.on('invoice.finalised', 'inventory', (tx, caller, e) => (e.kind === 'invoice' ? sell(tx, caller, e) : creditBack(tx, caller, e)));
  events.on('invoice.voided', 'inventory', (tx, caller, e) => reverseVoided(tx, caller, e));
}

/** What was administered at the appointments, with each item's name, price and tax code at the appointment's location. */
async function administeredAt(ex: Executor, scope: Scope, appointmentIds: readonly string[]): Promise<AppointmentItem[]> {
  const rows = await inventoryLogRepository.administeredAt(ex, scope, appointmentIds);
  if (rows.length === 0) return [];
  const itemIds = [...new Set(rows.map((r) => r.itemId))];
  const facts = await factsOf(ex, scope, itemIds);
  const settings = await itemsRepository.settingsOf(ex, scope, itemIds);
  const places = new Map((await appointmentsRepository.findByIds(ex, scope, [...new Set(rows.map((r) => r.appointmentId))])).map((a) => [a.id, a.locationId]));
  return rows.flatMap((r) => {
    const item = facts.get(r.itemId);
    if (!item) return [];
    const taxCodeId = settings.get(r.itemId)?.find((s) => s.locationId === places.get(r.appointmentId))?.taxCodeId ?? null;
    return [{ appointmentId: r.appointmentId, itemId: r.itemId, name: item.name, sellPrice: item.sellPrice, taxCodeId, quantity: r.quantity }];
  });
}

/** What billing asks of inventory (invoices' LineItems and AppointmentItemUse), handed in by the container. */
export const invoiceInventory: InvoiceInventory = {
  lineItems: { findByIds: (ex, scope, ids) => itemsRepository.factsByIds(ex, scope, ids) },
  itemUse: { administeredAt },
};
