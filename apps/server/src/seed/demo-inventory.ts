// The demo practices' inventory: one catalogue for the account (medications sold by the tablet and
// bought by the box of 100, an oral suspension by the ml, a controlled drug, vaccines, a consumable,
// a diet, urns and paw-print kits that do not expire), stocked at both practices in lots with their
// numbers and expiry dates, some expiring within 30 days of today at the practice, some items at or
// below their reorder point, from the account's supplier. Every lot comes in through the stock
// primitive as a `received` entry, and what left it went through it too (given at a visit, an
// expired box written off, a dropped vial, and the urns and paw-print kits that finalised invoices'
// add-on lines sold), so the log, the lots and the totals agree as they do in use.
import { addDays, APPOINTMENT_STATUSES, localDate, type AppointmentStatus } from '@willow/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { addOns, invoices, taxCodes } from '../db/schema.js';
import { addOnsRepository } from '../features/add-ons/add-ons.repository.js';
import { appointmentsRepository } from '../features/appointments/appointments.repository.js';
import { contactsRepository } from '../features/contacts/contacts.repository.js';
import { itemsRepository, lots, stockMovements, stockRepository, type StockItem } from '../features/inventory/index.js';
import { invoiceItemsTable, invoicesRepository, taxCodesRepository } from '../features/invoices/invoices.repository.js';
import { servicesRepository } from '../features/services/services.repository.js';
import type { Scope } from '../platform/tenant-repository.js';
import { DEMO_ITEMS, type DemoItem } from './demo-inventory-items.js';

const DONE: AppointmentStatus[] = APPOINTMENT_STATUSES.slice(APPOINTMENT_STATUSES.indexOf('Checked Out'), APPOINTMENT_STATUSES.indexOf('Cancelled'));
const lotsOf = (db: Db, scope: Scope, itemId: string, locationId: string, lotNumber: string) =>
  stockRepository.lots.list(db, scope, { where: and(eq(lots.itemId, itemId), eq(lots.locationId, locationId), eq(lots.lotNumber, lotNumber)) });

export interface DemoInventoryPractice {
  locationId: string;
  timezone: string;
  /** who received the stock and wrote off what was lost */
  staffId: string;
  /** who gave the medicines at the visits */
  vetId: string;
}

/** What was given at the visits: item, quantity in sell units, and the kind of visit it fits (null: any done visit). */
const GIVEN: { sku: string; quantity: number; visit: RegExp | null; reason: string | null }[] = [
  { sku: 'MED-CARP-75', quantity: 14, visit: null, reason: 'Dispensed for home: one a day for 14 days' },
  { sku: 'CD-BUPE-03', quantity: 0.4, visit: /euthan|dental|spay/i, reason: 'Pre-medication' },
  { sku: 'CD-BUPE-03', quantity: 0.3, visit: null, reason: 'Pain relief' },
  { sku: 'VAC-RAB-1Y', quantity: 1, visit: /vaccin|wellness/i, reason: null },
  { sku: 'VAC-DHPP', quantity: 1, visit: /vaccin|wellness/i, reason: null },
  { sku: 'CON-SYR-3', quantity: 3, visit: null, reason: null },
  { sku: 'MED-MELOX-15', quantity: 2.5, visit: null, reason: 'Dispensed: 0.5 ml daily' },
];

type Made = StockItem & { drawnBy: string | undefined };

/** The location's done visits, the ones at check-out first (their missed-charge check then shows what was given). */
async function doneVisits(db: Db, scope: Scope, locationId: string) {
  const { items } = await appointmentsRepository.page(db, scope, { locationIds: [locationId], status: DONE }, 200, 0);
  const services = new Map((await servicesRepository.activeAt(db, scope, locationId)).map((s) => [s.id, s.name]));
  return items
    .filter((a) => a.patientIds.length > 0)
    .sort((a, b) => Number(b.status === 'Checked Out') - Number(a.status === 'Checked Out'))
    .map((a) => ({ id: a.id, patientId: a.patientIds[0]!, names: a.serviceIds.map((id) => services.get(id) ?? '').join(' ') }));
}

/** The finalised invoices' add-on lines at the location: what the add-ons that draw stock sold. */
async function addOnSales(db: Db, scope: Scope, locationId: string) {
  const finalised = await invoicesRepository.list(db, scope, {
    where: and(eq(invoices.locationId, locationId), eq(invoices.kind, 'invoice'), eq(invoices.status, 'finalised')),
  });
  const byId = new Map(finalised.map((i) => [i.id, i]));
  const lines = await invoiceItemsTable.of(db, scope, [...byId.keys()]);
  return [...lines.values()]
    .flat()
    .filter((l) => l.kind === 'addOn' && l.addOnId)
    .map((l) => ({ line: l, invoice: byId.get(l.invoiceId)! }));
}

export async function seedDemoInventory(db: Db, scope: Scope, practices: [DemoInventoryPractice, DemoInventoryPractice]): Promise<void> {
  const supplier = (await contactsRepository.list(db, scope, contactsRepository.liveListOptions({ category: 'supplier' })))[0];
  const memorials = await contactsRepository.insert(db, scope, {
    name: 'Memorial Urns & Keepsakes',
    organisation: 'Memorial Urns & Keepsakes',
    category: 'supplier',
    email: 'orders@memorialurns.example',
    phone: '+1 555 0100 4100',
  });
  const made = new Map<string, Made>();
  for (const d of DEMO_ITEMS) {
    const memorial = d.category === 'urn' || d.category === 'keepsake';
    const row = await itemsRepository.insert(db, scope, {
      name: d.name,
      category: d.category,
      sku: d.sku,
      barcode: d.barcode,
      purchaseUnit: d.purchaseUnit,
      sellUnit: d.sellUnit,
      unitsPerPurchase: d.unitsPerPurchase,
      wholeUnits: d.wholeUnits,
      cost: d.cost,
      sellPrice: d.sellPrice,
      controlled: d.controlled ?? false,
      supplierId: memorial ? memorials.id : (supplier?.id ?? null),
    });
    made.set(d.sku, { id: row.id, name: row.name, sellUnit: row.sellUnit, wholeUnits: row.wholeUnits, drawnBy: d.drawnBy });
  }

  // The catalogue at each practice: reorder levels, the tax its lines take there, the add-on that draws it.
  const at = await Promise.all(
    practices.map(async (p) => ({
      salesTax: (await taxCodesRepository.list(db, scope, { where: eq(taxCodes.locationId, p.locationId) })).find((t) => t.rate > 0),
      addOns: await addOnsRepository.list(db, scope, { where: eq(addOns.locationId, p.locationId) }),
    })),
  );
  for (const d of DEMO_ITEMS) {
    const itemId = made.get(d.sku)!.id;
    await itemsRepository.replaceSettings(
      db,
      scope,
      itemId,
      practices.map((p, n) => ({
        locationId: p.locationId,
        reorderPoint: d.stock[n]!.reorderPoint,
        reorderTo: d.stock[n]!.reorderTo,
        taxCodeId: d.taxed === false ? null : (at[n]!.salesTax?.id ?? null),
      })),
    );
    const drawnBy = at.flatMap((a) => a.addOns.filter((x) => d.drawnBy && x.name === d.drawnBy));
    if (drawnBy.length > 0) await itemsRepository.replaceDraws(db, scope, itemId, drawnBy.map((a) => ({ addOnId: a.id, quantity: 1 })));
  }

  for (const [n, p] of practices.entries()) {
    const today = localDate(Date.now(), p.timezone);
    const here = at[n]!.addOns;
    const sales = await addOnSales(db, scope, p.locationId);
    const sold = (d: DemoItem) => {
      const addOn = d.drawnBy && here.find((a) => a.name === d.drawnBy);
      return addOn ? sales.filter((s) => s.line.addOnId === addOn.id) : [];
    };

    // Received: each lot as delivered (what the add-ons sold came out of the newest lot, so it arrived with it).
    for (const d of DEMO_ITEMS) {
      const item = made.get(d.sku)!;
      const stock = d.stock[n]!;
      const extra = sold(d).reduce((sum, s) => sum + s.line.quantity, 0);
      for (const [k, l] of stock.lots.entries()) {
        const receivedOn = addDays(today, -l.receivedAgo);
        await stockMovements.put(db, scope, item, {
          type: 'received',
          locationId: p.locationId,
          quantity: (l.sell ? l.quantity : l.quantity * d.unitsPerPurchase) + (k === stock.lots.length - 1 ? extra : 0),
          lot: { lotNumber: l.lot, expiresOn: l.expiresIn === null ? null : addDays(receivedOn, l.expiresIn), receivedOn },
          reason: k === 0 ? 'Delivery checked against the packing slip' : null,
          userId: p.staffId,
        });
      }
    }

    // Written off: the box that ran out of date on the shelf (first, before a take could reach it), and a dropped vial.
    for (const d of DEMO_ITEMS) {
      const item = made.get(d.sku)!;
      for (const l of d.stock[n]!.lots) {
        if (l.expiresIn === null || addDays(today, -l.receivedAgo + l.expiresIn) >= today) continue;
        const [lot] = await lotsOf(db, scope, item.id, p.locationId, l.lot);
        if (lot && lot.onHand > 0)
          await stockMovements.take(db, scope, item, { type: 'expired', locationId: p.locationId, lotId: lot.id, quantity: lot.onHand, reason: 'Expired on the shelf', userId: p.staffId });
      }
    }
    const bupe = made.get('CD-BUPE-03')!;
    await stockMovements.take(db, scope, bupe, {
      type: 'damaged',
      locationId: p.locationId,
      quantity: 1,
      reason: `Vial cracked when drawing up: 1 ml discarded, witnessed by ${n === 0 ? 'Alice Archer' : 'Olivia Owens'}`,
      userId: p.vetId,
    });

    // Given at the visits (the first at a visit still at check-out, so its missed charges show it).
    const visits = await doneVisits(db, scope, p.locationId);
    const used = new Set<string>();
    for (const g of GIVEN) {
      const visit = visits.find((v) => !used.has(`${g.sku}:${v.id}`) && (!g.visit || g.visit.test(v.names))) ?? visits.find((v) => !used.has(`${g.sku}:${v.id}`));
      if (!visit) continue;
      used.add(`${g.sku}:${visit.id}`);
      await stockMovements.take(db, scope, made.get(g.sku)!, {
        type: 'administered',
        locationId: p.locationId,
        quantity: g.quantity,
        patientId: visit.patientId,
        appointmentId: visit.id,
        reason: g.reason,
        userId: p.vetId,
      });
    }

    // Sold: what the finalised invoices' urn and paw-print lines took, as finalising them takes it.
    for (const d of DEMO_ITEMS) {
      for (const s of sold(d)) {
        await stockMovements.take(db, scope, made.get(d.sku)!, {
          type: 'sold',
          locationId: p.locationId,
          quantity: s.line.quantity,
          invoiceId: s.invoice.id,
          invoiceItemId: s.line.id,
          patientId: s.invoice.patientId,
          appointmentId: s.invoice.appointmentId,
          userId: p.staffId,
        });
      }
    }
  }
}
