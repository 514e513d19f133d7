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
import { addOns, invoices, itemAddOnDraws, itemLocations, taxCodes } from '../db/schema.js';
import { addOnsRepository } from '../features/add-ons/add-ons.repository.js';
import { appointmentsRepository } from '../features/appointments/appointments.repository.js';
import { contactsRepository } from '../features/contacts/contacts.repository.js';
import { itemsRepository, stockMovements, stockRepository, type StockItem } from '../features/inventory/index.js';
import { lots } from '../features/inventory/index.js';
import { invoiceItemsTable, invoicesRepository, taxCodesRepository } from '../features/invoices/invoices.repository.js';
import { servicesRepository } from '../features/services/services.repository.js';
import { scopedTable, type Scope } from '../platform/tenant-repository.js';

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

/** A lot at a practice: received `receivedAgo` days before today, expiring `expiresIn` days after it (null: does not expire). */
interface DemoLot {
  lot: string;
  /** purchase units (boxes); sell units with `sell` */
  quantity: number;
  sell?: boolean;
  receivedAgo: number;
  expiresIn: number | null;
}
interface DemoStock {
  lots: DemoLot[];
  reorderPoint: number;
  reorderTo: number;
}
interface DemoItem {
  name: string;
  category: 'medication' | 'vaccine' | 'consumable' | 'food' | 'urn' | 'keepsake';
  sku: string;
  barcode: string | null;
  purchaseUnit: string;
  sellUnit: string;
  unitsPerPurchase: number;
  wholeUnits: boolean;
  /** cents per purchase unit */
  cost: number;
  /** cents per sell unit */
  sellPrice: number;
  controlled?: boolean;
  /** billed with the practice's sales tax */
  taxed?: boolean;
  /** the add-on of this name at each practice takes one from stock */
  drawnBy?: string;
  /** Riverside, then Lakeside */
  stock: [DemoStock, DemoStock];
}

const lotList = (...l: DemoLot[]) => l;
/** The catalogue: what each practice holds (the first Riverside's, the second Lakeside's). */
export const DEMO_ITEMS: DemoItem[] = [
  {
    name: 'Carprofen 75 mg tablets',
    category: 'medication',
    sku: 'MED-CARP-75',
    barcode: '5012345678900',
    purchaseUnit: 'box',
    sellUnit: 'tablet',
    unitsPerPurchase: 100,
    wholeUnits: true,
    cost: 4_500,
    sellPrice: 95,
    stock: [
      { lots: lotList({ lot: 'CP24-087', quantity: 1, receivedAgo: 300, expiresIn: 320 }, { lot: 'CP25-118', quantity: 3, receivedAgo: 20, expiresIn: 560 }), reorderPoint: 100, reorderTo: 400 },
      { lots: lotList({ lot: 'CP25-102', quantity: 2, receivedAgo: 60, expiresIn: 500 }), reorderPoint: 60, reorderTo: 300 },
    ],
  },
  {
    name: 'Amoxicillin 250 mg tablets',
    category: 'medication',
    sku: 'MED-AMOX-250',
    barcode: '5012345678917',
    purchaseUnit: 'box',
    sellUnit: 'tablet',
    unitsPerPurchase: 100,
    wholeUnits: true,
    cost: 2_200,
    sellPrice: 45,
    stock: [
      // an old box that ran out of date on the shelf (written off), and the last of the current one: below the reorder point
      { lots: lotList({ lot: 'AX24-011', quantity: 1, receivedAgo: 400, expiresIn: 390 }, { lot: 'AX25-040', quantity: 40, sell: true, receivedAgo: 90, expiresIn: 420 }), reorderPoint: 100, reorderTo: 300 },
      { lots: lotList({ lot: 'AX25-052', quantity: 2, receivedAgo: 45, expiresIn: 400 }), reorderPoint: 50, reorderTo: 200 },
    ],
  },
  {
    name: 'Gabapentin 100 mg capsules',
    category: 'medication',
    sku: 'MED-GABA-100',
    barcode: '5012345678924',
    purchaseUnit: 'box',
    sellUnit: 'capsule',
    unitsPerPurchase: 100,
    wholeUnits: true,
    cost: 3_000,
    sellPrice: 60,
    stock: [
      { lots: lotList({ lot: 'GB25-007', quantity: 2, receivedAgo: 35, expiresIn: 17 + 35 }), reorderPoint: 50, reorderTo: 200 },
      { lots: lotList({ lot: 'GB25-019', quantity: 1, receivedAgo: 15, expiresIn: 600 }), reorderPoint: 30, reorderTo: 100 },
    ],
  },
  {
    name: 'Meloxicam oral suspension 1.5 mg/ml',
    category: 'medication',
    sku: 'MED-MELOX-15',
    barcode: '5012345678931',
    purchaseUnit: 'bottle',
    sellUnit: 'ml',
    unitsPerPurchase: 100,
    wholeUnits: false,
    cost: 3_800,
    sellPrice: 85,
    stock: [
      { lots: lotList({ lot: 'MX25-3301', quantity: 3, receivedAgo: 50, expiresIn: 50 + 45 }), reorderPoint: 100, reorderTo: 400 },
      { lots: lotList({ lot: 'MX25-3377', quantity: 2, receivedAgo: 10, expiresIn: 365 }), reorderPoint: 100, reorderTo: 300 },
    ],
  },
  {
    name: 'Buprenorphine 0.3 mg/ml injection',
    category: 'medication',
    sku: 'CD-BUPE-03',
    barcode: '5012345678948',
    purchaseUnit: 'vial',
    sellUnit: 'ml',
    unitsPerPurchase: 10,
    wholeUnits: false,
    cost: 2_400,
    sellPrice: 650,
    controlled: true,
    stock: [
      { lots: lotList({ lot: 'BP25-A114', quantity: 3, receivedAgo: 40, expiresIn: 300 }), reorderPoint: 10, reorderTo: 40 },
      { lots: lotList({ lot: 'BP25-A120', quantity: 2, receivedAgo: 25, expiresIn: 320 }), reorderPoint: 10, reorderTo: 30 },
    ],
  },
  {
    name: 'Rabies vaccine (1-year)',
    category: 'vaccine',
    sku: 'VAC-RAB-1Y',
    barcode: '5012345678955',
    purchaseUnit: 'box',
    sellUnit: 'dose',
    unitsPerPurchase: 10,
    wholeUnits: true,
    cost: 9_000,
    sellPrice: 2_800,
    taxed: false,
    stock: [
      { lots: lotList({ lot: 'RB-2291', quantity: 3, receivedAgo: 30, expiresIn: 330 }), reorderPoint: 10, reorderTo: 40 },
      { lots: lotList({ lot: 'RB-2177', quantity: 1, receivedAgo: 170, expiresIn: 170 + 12 }, { lot: 'RB-2290', quantity: 2, receivedAgo: 30, expiresIn: 330 }), reorderPoint: 10, reorderTo: 30 },
    ],
  },
  {
    name: 'DHPP vaccine',
    category: 'vaccine',
    sku: 'VAC-DHPP',
    barcode: '5012345678962',
    purchaseUnit: 'box',
    sellUnit: 'dose',
    unitsPerPurchase: 25,
    wholeUnits: true,
    cost: 22_500,
    sellPrice: 3_200,
    stock: [
      { lots: lotList({ lot: 'DH-88412', quantity: 2, receivedAgo: 45, expiresIn: 400 }), reorderPoint: 15, reorderTo: 50 },
      { lots: lotList({ lot: 'DH-88430', quantity: 1, receivedAgo: 20, expiresIn: 400 }), reorderPoint: 10, reorderTo: 25 },
    ],
  },
  {
    name: 'FVRCP vaccine',
    category: 'vaccine',
    sku: 'VAC-FVRCP',
    barcode: '5012345678979',
    purchaseUnit: 'box',
    sellUnit: 'dose',
    unitsPerPurchase: 25,
    wholeUnits: true,
    cost: 20_000,
    sellPrice: 3_000,
    stock: [
      { lots: lotList({ lot: 'FV-5521', quantity: 1, receivedAgo: 60, expiresIn: 380 }), reorderPoint: 10, reorderTo: 50 },
      // the last few doses: below the reorder point
      { lots: lotList({ lot: 'FV-5498', quantity: 4, sell: true, receivedAgo: 120, expiresIn: 200 }), reorderPoint: 8, reorderTo: 25 },
    ],
  },
  {
    name: 'Syringe 3 ml',
    category: 'consumable',
    sku: 'CON-SYR-3',
    barcode: '5012345678986',
    purchaseUnit: 'box',
    sellUnit: 'syringe',
    unitsPerPurchase: 100,
    wholeUnits: true,
    cost: 1_200,
    sellPrice: 25,
    stock: [
      { lots: lotList({ lot: 'SY-2025-09', quantity: 4, receivedAgo: 70, expiresIn: 1_500 }), reorderPoint: 100, reorderTo: 500 },
      { lots: lotList({ lot: 'SY-2025-10', quantity: 2, receivedAgo: 40, expiresIn: 1_500 }), reorderPoint: 100, reorderTo: 300 },
    ],
  },
  {
    name: 'Renal diet dry 2 kg',
    category: 'food',
    sku: 'FOOD-RENAL-2',
    barcode: '5012345678993',
    purchaseUnit: 'case',
    sellUnit: 'bag',
    unitsPerPurchase: 6,
    wholeUnits: true,
    cost: 7_200,
    sellPrice: 2_400,
    stock: [
      { lots: lotList({ lot: 'RD-11A', quantity: 2, receivedAgo: 25, expiresIn: 270 }), reorderPoint: 4, reorderTo: 12 },
      { lots: lotList({ lot: 'RD-11B', quantity: 1, receivedAgo: 25, expiresIn: 270 }), reorderPoint: 3, reorderTo: 6 },
    ],
  },
  {
    name: 'Wooden urn, medium',
    category: 'urn',
    sku: 'URN-WOOD-M',
    barcode: '5098765432106',
    purchaseUnit: 'urn',
    sellUnit: 'urn',
    unitsPerPurchase: 1,
    wholeUnits: true,
    cost: 3_500,
    sellPrice: 9_500,
    drawnBy: 'Urn',
    stock: [
      { lots: lotList({ lot: 'WU-0424', quantity: 8, receivedAgo: 90, expiresIn: null }), reorderPoint: 3, reorderTo: 8 },
      // one left: below the reorder point
      { lots: lotList({ lot: 'WU-0424', quantity: 3, receivedAgo: 90, expiresIn: null }), reorderPoint: 2, reorderTo: 6 },
    ],
  },
  {
    name: 'Ceramic urn, medium',
    category: 'urn',
    sku: 'URN-CER-M',
    barcode: '5098765432113',
    purchaseUnit: 'urn',
    sellUnit: 'urn',
    unitsPerPurchase: 1,
    wholeUnits: true,
    cost: 4_200,
    sellPrice: 11_000,
    stock: [
      { lots: lotList({ lot: 'CU-0311', quantity: 4, receivedAgo: 120, expiresIn: null }), reorderPoint: 2, reorderTo: 6 },
      { lots: lotList({ lot: 'CU-0311', quantity: 1, receivedAgo: 120, expiresIn: null }), reorderPoint: 2, reorderTo: 4 },
    ],
  },
  {
    name: 'Paw print kit',
    category: 'keepsake',
    sku: 'KEEP-PAW',
    barcode: '5098765432120',
    purchaseUnit: 'pack',
    sellUnit: 'kit',
    unitsPerPurchase: 10,
    wholeUnits: true,
    cost: 6_000,
    sellPrice: 4_500,
    drawnBy: 'Paw print',
    stock: [
      { lots: lotList({ lot: 'PK-77', quantity: 2, receivedAgo: 100, expiresIn: null }), reorderPoint: 5, reorderTo: 20 },
      { lots: lotList({ lot: 'PK-77', quantity: 1, receivedAgo: 100, expiresIn: null }), reorderPoint: 3, reorderTo: 10 },
    ],
  },
];

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

  for (const [n, p] of practices.entries()) {
    const today = localDate(Date.now(), p.timezone);
    const salesTax = (await taxCodesRepository.list(db, scope, { where: eq(taxCodes.locationId, p.locationId) })).find((t) => t.rate > 0);
    const here = await addOnsRepository.list(db, scope, { where: eq(addOns.locationId, p.locationId) });
    const sales = await addOnSales(db, scope, p.locationId);
    const sold = (d: DemoItem) => {
      const addOn = d.drawnBy && here.find((a) => a.name === d.drawnBy);
      return addOn ? sales.filter((s) => s.line.addOnId === addOn.id) : [];
    };

    // The catalogue at the practice: reorder levels, the tax its lines take, the add-on that draws it.
    await scopedTable(itemLocations).insertMany(
      db,
      scope,
      DEMO_ITEMS.map((d) => ({
        itemId: made.get(d.sku)!.id,
        locationId: p.locationId,
        reorderPoint: d.stock[n]!.reorderPoint,
        reorderTo: d.stock[n]!.reorderTo,
        taxCodeId: d.taxed === false ? null : (salesTax?.id ?? null),
      })),
    );
    const draws = DEMO_ITEMS.flatMap((d) => {
      const addOn = d.drawnBy && here.find((a) => a.name === d.drawnBy);
      return addOn ? [{ itemId: made.get(d.sku)!.id, addOnId: addOn.id, quantity: 1 }] : [];
    });
    if (draws.length > 0) await scopedTable(itemAddOnDraws).insertMany(db, scope, draws);

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
