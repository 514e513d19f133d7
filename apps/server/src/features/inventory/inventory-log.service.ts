// Security-critical: every id a request names (item, location, lot, patient, appointment, entry) is
// looked up in the caller's account first: another account's answers 404 and nothing is written.
import { randomUUID } from 'node:crypto';
import {
  CLIENT_HAS_HISTORY,
  CORRECTABLE_MOVEMENTS,
  PATIENT_HAS_HISTORY,
  INVENTORY_MESSAGES,
  type InventoryLogCorrection,
  type InventoryLogEntry,
  type InventoryLogInput,
  type InventoryLogQuery,
  type MovementType,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { filtersVisibleSql } from '../../platform/list-filters.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { entryExtras, inventoryLogRepository, type EntryRow } from './inventory-log.repository.js';
import { itemsRepository, type ItemRow } from './items.repository.js';
import { stockMovements } from './stock-movements.service.js';
import { stockRepository, type LotRow, type MovementRow } from './stock.repository.js';

type Input = z.output<typeof InventoryLogInput>;
type Correction = z.output<typeof InventoryLogCorrection>;
type Query = z.output<typeof InventoryLogQuery>;

export function toEntry(r: EntryRow): InventoryLogEntry {
  return {
    id: r.id,
    itemId: r.itemId,
    itemName: r.itemName,
    sellUnit: r.sellUnit,
    controlled: r.controlled,
    locationId: r.locationId,
    lotId: r.lotId,
    lotNumber: r.lotNumber,
    expiresOn: r.expiresOn,
    type: r.type as MovementType,
    quantity: r.quantity,
    balance: r.balance,
    reason: r.reason,
    patientId: r.patientId,
    patientName: r.patientName,
    appointmentId: r.appointmentId,
    invoiceId: r.invoiceId,
    transferId: r.transferId,
    correctsId: r.correctsId,
    userId: r.userId,
    userName: r.userName,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The entries written, as answered (what they show read back in one statement). */
export async function entriesOf(ex: Executor, scope: Scope, rows: readonly MovementRow[]): Promise<{ entries: InventoryLogEntry[] }> {
  return { entries: (await inventoryLogRepository.withNames(ex, scope, rows.map((r) => r.id))).map(toEntry) };
}

/** Today's date at a location (what a receipt is dated when no day is given). */
function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The item of the account (404), locked for share so a delete waits for what names it. */
export async function itemOf(ex: Executor, scope: Scope, itemId: string): Promise<ItemRow> {
  const item = await itemsRepository.findById(ex, scope, itemId, { lock: 'share' });
  if (!item) throw notFound();
  return item;
}

/** A lot of the account (404) of this item at this location (400). */
export async function lotOf(ex: Executor, scope: Scope, lotId: string, itemId: string, locationId: string, field = 'lotId'): Promise<LotRow> {
  const lot = await stockRepository.lots.findById(ex, scope, lotId);
  if (!lot) throw notFound();
  if (lot.itemId !== itemId || lot.locationId !== locationId) throw badRequest(`${field}: must be a lot of the item at the location`);
  return lot;
}

const archived = (item: ItemRow) => {
  if (item.archivedAt) throw badRequest(`itemId: ${INVENTORY_MESSAGES.archivedItem}`);
};

/**
 * The inventory log (decision 0218): entries recorded by hand (received, administered, written off,
 * transferred), read as a paged list or a controlled-drug ledger, and corrected only by new entries.
 */
export class InventoryLogService {
  constructor(
    private readonly db: Db,
    events: DomainEventBus,
  ) {
    // The log is kept, and with it whom it names: a patient given a dose is archived, not deleted.
    events.on('patient.deleting', 'inventory', async (tx, caller, { patientId }) => {
      if (await inventoryLogRepository.namesPatient(tx, caller, patientId)) throw conflict(PATIENT_HAS_HISTORY);
    });
    events.on('client.deleting', 'inventory', async (tx, caller, { clientId }) => {
      if (await inventoryLogRepository.namesClient(tx, caller, clientId)) throw conflict(CLIENT_HAS_HISTORY);
    });
  }

  async list(auth: AuthContext, query: Query): Promise<{ items: InventoryLogEntry[]; total: number }> {
    const { items, total, allowed } = await inventoryLogRepository.page(this.db, auth, {
      ...inventoryLogRepository.listOptions(query, auth),
      limit: query.limit,
      offset: query.offset,
      extras: entryExtras(auth),
      require: filtersVisibleSql(auth, [
        [locationsRepository, query.locationId],
        [itemsRepository, query.itemId],
        [stockRepository.lots, query.lotId],
        [patientsRepository, query.patientId],
        [appointmentsRepository, query.appointmentId],
      ]),
    });
    if (!allowed) throw notFound();
    return { items: items.map(toEntry), total };
  }

  async get(auth: AuthContext, id: string): Promise<InventoryLogEntry> {
    const [row] = await inventoryLogRepository.withNames(this.db, auth, [id]);
    if (!row) throw notFound();
    return toEntry(row);
  }

  async create(auth: AuthContext, input: Input): Promise<{ entries: InventoryLogEntry[] }> {
    return this.db.transaction(async (tx) => {
      const item = await itemOf(tx, auth, input.itemId);
      const location = await locationsRepository.findById(tx, auth, input.locationId);
      if (!location) throw notFound();
      const by = { userId: auth.userId, reason: input.reason };
      switch (input.type) {
        case 'received': {
          archived(item);
          const receivedOn = input.receivedOn ?? todayIn(location.timezone);
          if (input.expiresOn && input.expiresOn < receivedOn) throw badRequest('expiresOn: must not be before the day it was received');
          const quantity = input.unit === 'purchase' ? input.quantity * item.unitsPerPurchase : input.quantity;
          const row = await stockMovements.put(tx, auth, item, {
            ...by,
            type: 'received',
            locationId: location.id,
            quantity,
            lot: { lotNumber: input.lotNumber, expiresOn: input.expiresOn, receivedOn },
          });
          return entriesOf(tx, auth, [row]);
        }
        case 'administered': {
          archived(item);
          const patient = await patientsRepository.findById(tx, auth, input.patientId);
          if (!patient) throw notFound();
          if (input.appointmentId) {
            const appointment = await appointmentsRepository.findById(tx, auth, input.appointmentId);
            if (!appointment) throw notFound();
            if (!appointment.patientIds.includes(patient.id)) throw badRequest('appointmentId: must be an appointment of the patient');
            if (appointment.locationId !== location.id) throw badRequest('locationId: must be the location of the appointment');
          }
          if (input.lotId) await lotOf(tx, auth, input.lotId, item.id, location.id);
          const rows = await stockMovements.take(tx, auth, item, {
            ...by,
            type: 'administered',
            locationId: location.id,
            quantity: input.quantity,
            lotId: input.lotId,
            patientId: patient.id,
            appointmentId: input.appointmentId,
          });
          return entriesOf(tx, auth, rows);
        }
        case 'expired':
        case 'damaged': {
          await lotOf(tx, auth, input.lotId, item.id, location.id);
          const rows = await stockMovements.take(tx, auth, item, { ...by, type: input.type, locationId: location.id, quantity: input.quantity, lotId: input.lotId });
          return entriesOf(tx, auth, rows);
        }
        case 'transfer':
          return entriesOf(tx, auth, await this.transfer(tx, auth, item, input));
      }
    });
  }

  /** Out of the source (the lot named, or first to expire first), into lots of the same number and expiry at the destination; one transfer id. */
  private async transfer(tx: Executor, auth: AuthContext, item: ItemRow, input: Extract<Input, { type: 'transfer' }>): Promise<MovementRow[]> {
    const to = await locationsRepository.findById(tx, auth, input.toLocationId);
    if (!to) throw notFound();
    if (input.lotId) await lotOf(tx, auth, input.lotId, item.id, input.locationId);
    // Both totals locked in one order first: two transfers between the same places the other way round never wait crosswise.
    for (const at of [input.locationId, to.id].sort()) await stockRepository.totalOf(tx, auth, item.id, at, { lock: true });
    const transferId = randomUUID();
    const by = { userId: auth.userId, reason: input.reason, transferId };
    const out = await stockMovements.take(tx, auth, item, { ...by, type: 'transfer_out', locationId: input.locationId, quantity: input.quantity, lotId: input.lotId });
    const sources = new Map((await stockRepository.lots.findByIds(tx, auth, out.map((o) => o.lotId!))).map((l) => [l.id, l]));
    const into: MovementRow[] = [];
    for (const o of out) {
      const lot = sources.get(o.lotId!)!;
      into.push(
        await stockMovements.put(tx, auth, item, {
          ...by,
          type: 'transfer_in',
          locationId: to.id,
          quantity: -o.quantity,
          lot: { lotNumber: lot.lotNumber, expiresOn: lot.expiresOn, receivedOn: lot.receivedOn },
        }),
      );
    }
    return [...out, ...into];
  }

  /**
   * A correction of an entry recorded by hand: a new `correction` entry for the difference between
   * what the entry nets to now (it and its corrections) and `quantity` (in the entry's own
   * direction), in the same lot. Taking below zero: 409 notEnoughStock.
   */
  async correct(auth: AuthContext, id: string, input: Correction): Promise<{ entries: InventoryLogEntry[] }> {
    return this.db.transaction(async (tx) => {
      // Locked (a row lock, not an UPDATE): two corrections of one entry are counted one after the other.
      const entry = await inventoryLogRepository.findById(tx, auth, id, { lock: 'update' });
      if (!entry) throw notFound();
      if (!(CORRECTABLE_MOVEMENTS as readonly string[]).includes(entry.type)) throw conflict(INVENTORY_MESSAGES.notCorrectable);
      const item = await itemOf(tx, auth, entry.itemId);
      const milli = (q: number) => Math.round(q * 1000);
      const net = milli(entry.quantity) + (await inventoryLogRepository.correctionsOf(tx, auth, id)).reduce((s, c) => s + milli(c.quantity), 0);
      const sign = entry.quantity < 0 ? -1 : 1;
      const diff = sign * milli(input.quantity) - net;
      if (diff === 0) return { entries: [] };
      const base = {
        userId: auth.userId,
        reason: input.reason,
        correctsId: entry.id,
        patientId: entry.patientId,
        appointmentId: entry.appointmentId,
        type: 'correction' as const,
        locationId: entry.locationId,
        field: 'quantity',
      };
      if (item.wholeUnits && milli(input.quantity) % 1000 !== 0) throw badRequest(`quantity: must be a whole number of ${item.sellUnit}s`);
      const rows =
        diff < 0
          ? await stockMovements.take(tx, auth, item, { ...base, quantity: -diff / 1000, lotId: entry.lotId })
          : [await stockMovements.put(tx, auth, item, { ...base, quantity: diff / 1000, lot: { lotId: entry.lotId! } })];
      return entriesOf(tx, auth, rows);
    });
  }

  /** Undoes an entry recorded by hand: a correction reversing what it nets to (the entry itself stays). */
  undo(auth: AuthContext, id: string, reason: string): Promise<{ entries: InventoryLogEntry[] }> {
    return this.correct(auth, id, { quantity: 0, reason });
  }
}
