// The large seed's inventory (bench:inventory): 5,000 items unless said, each stocked at two of the
// locations in two lots (20,000 lots), and a log of 500,000 movements over the last year: each lot
// received once, then sold (on the location's invoices), administered (to its patients), damaged
// or counted down. Set-based: the items go in as one JSON record set, the lots and the log as
// INSERT … SELECT over temporary tables, so the run time hardly depends on the counts. What the
// stock primitive keeps true holds here too: each lot's on hand is what it received less what left
// it, the item's stock at a location is the sum of its lots, and each entry's balance is the running
// total of the item at the location in the log's order (its seq follows the entries' times). The
// same for the same seed, dated from the day it runs.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contactsRepository } from '../features/contacts/contacts.repository.js';
import { locationsRepository } from '../features/locations/locations.repository.js';
import { usersRepository } from '../features/users/users.repository.js';
import type { Scope } from '../platform/tenant-repository.js';
import { pick, prng } from './names.js';

export interface LargeInventoryOptions {
  seed: number;
  /** 5,000 unless given */
  items?: number;
  /** 20,000 unless given (about: whole lots per item and location) */
  lots?: number;
  /** 500,000 unless given (about: whole movements per lot) */
  movements?: number;
}

/** The seed's items carry SKUs with this prefix (the bench finds them by it). */
export const LARGE_SKU_PREFIX = 'LRG-';

interface Kind {
  category: string;
  share: number;
  bases: string[];
  sizes: string[];
  purchaseUnit: string;
  sellUnit: string;
  unitsPerPurchase: number[];
  wholeUnits: boolean;
  /** cents per purchase unit, low and high */
  cost: [number, number];
  controlled?: string[];
}

const KINDS: Kind[] = [
  {
    category: 'medication',
    share: 0.5,
    bases: ['Amoxicillin', 'Carprofen', 'Meloxicam', 'Gabapentin', 'Prednisolone', 'Metronidazole', 'Doxycycline', 'Enrofloxacin', 'Cephalexin', 'Clindamycin', 'Furosemide', 'Enalapril', 'Benazepril', 'Pimobendan', 'Levothyroxine', 'Methimazole', 'Trazodone', 'Fluoxetine', 'Omeprazole', 'Famotidine', 'Maropitant', 'Ondansetron', 'Metoclopramide', 'Fenbendazole', 'Praziquantel', 'Phenobarbital', 'Tramadol', 'Diazepam'],
    sizes: ['5 mg', '10 mg', '25 mg', '50 mg', '100 mg', '250 mg', '500 mg'],
    purchaseUnit: 'box',
    sellUnit: 'tablet',
    unitsPerPurchase: [30, 50, 100],
    wholeUnits: true,
    cost: [900, 12_000],
    controlled: ['Phenobarbital', 'Tramadol', 'Diazepam'],
  },
  {
    category: 'medication',
    share: 0.12,
    bases: ['Amoxicillin suspension', 'Meloxicam oral suspension', 'Lactulose syrup', 'Chlorhexidine solution', 'Ketamine injection', 'Buprenorphine injection', 'Dexamethasone injection', 'Lidocaine injection'],
    sizes: ['10 ml', '15 ml', '30 ml', '50 ml', '100 ml'],
    purchaseUnit: 'bottle',
    sellUnit: 'ml',
    unitsPerPurchase: [10, 30, 50, 100],
    wholeUnits: false,
    cost: [1_500, 9_000],
    controlled: ['Ketamine injection', 'Buprenorphine injection'],
  },
  {
    category: 'vaccine',
    share: 0.1,
    bases: ['DHPP', 'Rabies', 'Leptospirosis', 'Bordetella', 'FVRCP', 'FeLV', 'Lyme', 'Canine influenza', 'RHDV2', 'Equine tetanus'],
    sizes: ['1-year', '3-year', 'intranasal', 'oral'],
    purchaseUnit: 'box',
    sellUnit: 'dose',
    unitsPerPurchase: [10, 25],
    wholeUnits: true,
    cost: [4_000, 30_000],
  },
  {
    category: 'consumable',
    share: 0.14,
    bases: ['Syringe', 'Needle', 'IV catheter', 'Gauze swab', 'Cohesive bandage', 'Exam gloves', 'Suture', 'Blood tube', 'Urine pot', 'E-collar'],
    sizes: ['small', 'medium', 'large', '3 ml', '5 ml', '22G', '20G'],
    purchaseUnit: 'box',
    sellUnit: 'unit',
    unitsPerPurchase: [50, 100],
    wholeUnits: true,
    cost: [500, 6_000],
  },
  {
    category: 'food',
    share: 0.08,
    bases: ['Renal diet dry', 'Hypoallergenic diet', 'Gastrointestinal diet wet', 'Weight control diet', 'Urinary diet', 'Recovery diet'],
    sizes: ['400 g', '2 kg', '8 kg', '12 kg'],
    purchaseUnit: 'case',
    sellUnit: 'bag',
    unitsPerPurchase: [4, 6, 12],
    wholeUnits: true,
    cost: [3_000, 20_000],
  },
  {
    category: 'retail',
    share: 0.03,
    bases: ['Lead', 'Collar', 'Shampoo', 'Dental chews', 'Toy'],
    sizes: ['small', 'medium', 'large'],
    purchaseUnit: 'unit',
    sellUnit: 'unit',
    unitsPerPurchase: [1],
    wholeUnits: true,
    cost: [300, 3_000],
  },
  {
    category: 'urn',
    share: 0.02,
    bases: ['Wooden urn', 'Ceramic urn', 'Biodegradable urn', 'Brass urn'],
    sizes: ['small', 'medium', 'large'],
    purchaseUnit: 'urn',
    sellUnit: 'urn',
    unitsPerPurchase: [1],
    wholeUnits: true,
    cost: [2_000, 9_000],
  },
  {
    category: 'keepsake',
    share: 0.01,
    bases: ['Paw print kit', 'Fur locket', 'Memorial frame'],
    sizes: ['standard', 'deluxe'],
    purchaseUnit: 'kit',
    sellUnit: 'kit',
    unitsPerPurchase: [1, 10],
    wholeUnits: true,
    cost: [500, 4_000],
  },
];
const BRANDS = ['VetPharm', 'Generic', 'Zoetis-like', 'Medivet', 'PetCare Labs', 'Northwind'];
const SUPPLIERS = ['VetSupply Direct', 'Animal Health Wholesale', 'Urns & Keepsakes Co.', 'Regional Pharmacy Distributors'];

/** The catalogue: `count` items of the kinds in their shares, the same for the same seed. */
function catalogue(count: number, seed: number, supplierIds: string[]) {
  const rand = prng(seed + 61);
  const rows: object[] = [];
  let k = 0;
  for (const kind of KINDS) {
    const n = kind === KINDS.at(-1) ? count - k : Math.round(count * kind.share);
    for (let i = 0; i < n && k < count; i++, k++) {
      const base = pick(rand, kind.bases);
      const upp = pick(rand, kind.unitsPerPurchase);
      const cost = kind.cost[0] + Math.floor(rand() * (kind.cost[1] - kind.cost[0]));
      rows.push({
        name: `${base} ${pick(rand, kind.sizes)} (${pick(rand, BRANDS)})`,
        category: kind.category,
        sku: `${LARGE_SKU_PREFIX}${String(k).padStart(5, '0')}`,
        barcode: `50${String(1_000_000_000 + k * 7919).padStart(11, '0')}`,
        purchase_unit: kind.purchaseUnit,
        sell_unit: kind.sellUnit,
        units_per_purchase: upp,
        whole_units: kind.wholeUnits,
        cost,
        // a markup of 2–3× on the sell unit's share of the cost, at least 50 cents
        sell_price: Math.max(50, Math.round(((cost / upp) * (2 + rand())) / 5) * 5),
        controlled: kind.controlled?.includes(base) ?? false,
        supplier_id: kind.category === 'urn' || kind.category === 'keepsake' ? supplierIds[2] : supplierIds[k % 4 === 2 ? 3 : k % 2],
        // one in a hundred archived
        archived: k % 100 === 99,
      });
    }
  }
  return rows;
}

export async function seedLargeInventory(db: Db, scope: Scope, opts: LargeInventoryOptions, log: (msg: string) => void): Promise<void> {
  const t0 = performance.now();
  const accountId = scope.accountId;
  const itemCount = opts.items ?? 5_000;
  const locations = await locationsRepository.listSorted(db, scope, {});
  const people = (await usersRepository.list(db, scope, {})).map((u) => u.id);
  if (locations.length === 0 || people.length === 0 || itemCount === 0) return;
  const perItem = Math.min(2, locations.length);
  const lotsPer = Math.max(1, Math.round((opts.lots ?? 20_000) / (itemCount * perItem)));
  const lotCount = itemCount * perItem * lotsPer;
  const outsPer = Math.max(0, Math.round((opts.movements ?? 500_000) / lotCount) - 1);

  const suppliers: string[] = [];
  for (const name of SUPPLIERS)
    suppliers.push((await contactsRepository.insert(db, scope, { name, organisation: name, category: 'supplier', email: `orders@${name.toLowerCase().replace(/[^a-z]+/g, '')}.example` })).id);
  const rows = catalogue(itemCount, opts.seed, suppliers);
  const locs = JSON.stringify(locations.map((l, n) => ({ n, id: l.id })));
  const users = JSON.stringify(people.map((id, r) => ({ r, id })));

  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 5_000) {
      await tx.execute(sql`
        insert into items (account_id, name, category, sku, barcode, purchase_unit, sell_unit, units_per_purchase, whole_units, cost, sell_price, controlled, supplier_id, archived_at)
        select ${accountId}, x.name, x.category, x.sku, x.barcode, x.purchase_unit, x.sell_unit, x.units_per_purchase, x.whole_units, x.cost, x.sell_price, x.controlled, x.supplier_id,
               case when x.archived then now() - interval '30 days' end
        from json_to_recordset(${JSON.stringify(rows.slice(i, i + 5_000))}::json) as x(name text, category text, sku text, barcode text, purchase_unit text, sell_unit text,
             units_per_purchase int, whole_units boolean, cost int, sell_price int, controlled boolean, supplier_id uuid, archived boolean)`);
    }
    await tx.execute(sql`create temporary table seed_inv_locs on commit drop as select * from json_to_recordset(${locs}::json) as x(n int, id uuid)`);
    await tx.execute(sql`create temporary table seed_inv_users on commit drop as select * from json_to_recordset(${users}::json) as x(r int, id uuid)`);
    // Each item at `perItem` locations (k and k + half the locations along), `lotsPer` lots at each.
    await tx.execute(sql`
      create temporary table seed_inv_lots on commit drop as
      select gen_random_uuid() as id, i.id as item_id, i.k, l.id as location_id, l.n, j, i.units_per_purchase as upp, i.whole_units as whole,
             i.category in ('urn', 'retail', 'keepsake') as lasting, h,
             now() - ((round(360.0 * (${lotsPer} - j + 1) / ${lotsPer}) - h % 40) * interval '1 day') - (h % 480) * interval '1 minute' as received_at
      from (select it.*, row_number() over (order by it.sku) - 1 as k from items it where it.account_id = ${accountId} and it.sku like ${`${LARGE_SKU_PREFIX}%`}) i
      cross join generate_series(0, ${perItem - 1}) p
      join seed_inv_locs l on l.n = (i.k + p * greatest(1, ${Math.floor(locations.length / 2)})) % ${locations.length}
      cross join generate_series(1, ${lotsPer}) j
      cross join lateral (select ((i.k * 7919 + l.n * 104729 + j * 1299709) % 1000003)::int as h) hh`);
    // The lots' outgoing movements, spread from the day each was received to now.
    await tx.execute(sql`
      create temporary table seed_inv_outs on commit drop as
      select lt.id as lot_id, lt.item_id, lt.location_id, lt.n, m, mh,
             case when lt.whole then (1 + mh % 3)::numeric else (1 + mh % 20) * 0.25 end as qty,
             lt.received_at + (now() - interval '1 hour' - lt.received_at) * (m::float8 / (${outsPer} + 1)) as at
      from seed_inv_lots lt cross join generate_series(1, ${outsPer}) m
      cross join lateral (select ((lt.h * 31 + m * 7919) % 100003)::int as mh) x`);
    // What each lot received: all that left it (older lots were often used up) and, for the rest, whole boxes more.
    await tx.execute(sql`
      create temporary table seed_inv_lot_totals on commit drop as
      select lt.*, coalesce(o.out, 0) as out,
             case when lt.j < ${lotsPer} and lt.h % 10 < 6 then coalesce(o.out, 0)
                  else ceil((coalesce(o.out, 0) + (1 + lt.h % 3) * lt.upp) / lt.upp) * lt.upp end as received,
             case when lt.lasting then null
                  when lt.j = ${lotsPer} and lt.h % 20 = 0 then (now()::date + lt.h % 30)
                  when lt.j = ${lotsPer} and lt.h % 20 = 1 then (now()::date + 30 + lt.h % 60)
                  else (lt.received_at::date + 540 + lt.h % 180) end as expires_on
      from seed_inv_lots lt left join (select lot_id, sum(qty) as out from seed_inv_outs group by lot_id) o on o.lot_id = lt.id`);
    await tx.execute(sql`
      insert into lots (account_id, id, item_id, location_id, lot_number, expires_on, received_on, on_hand, created_at)
      select ${accountId}, id, item_id, location_id, 'L' || lpad(h::text, 7, '0') || '-' || j,
             expires_on, received_at::date, received - out, received_at
      from seed_inv_lot_totals`);
    // Who and what each entry is about: the location's patients and invoices, numbered.
    await tx.execute(sql`
      create temporary table seed_inv_pets on commit drop as
      select l.n, (row_number() over (partition by l.n order by p.id))::int as r, p.id from patients p join seed_inv_locs l on l.id = p.location_id
      where p.account_id = ${accountId}`);
    await tx.execute(sql`create index on seed_inv_pets (n, r)`);
    await tx.execute(sql`
      create temporary table seed_inv_invoices on commit drop as
      select l.n, (row_number() over (partition by l.n order by i.id))::int as r, i.id, i.patient_id from invoices i join seed_inv_locs l on l.id = i.location_id
      where i.account_id = ${accountId} and i.kind = 'invoice' and i.status = 'finalised'`);
    await tx.execute(sql`create index on seed_inv_invoices (n, r)`);
    await tx.execute(sql`
      create temporary table seed_inv_counts on commit drop as
      select l.n, (select count(*) from seed_inv_pets p where p.n = l.n)::int as pets, (select count(*) from seed_inv_invoices i where i.n = l.n)::int as invoices
      from seed_inv_locs l`);
    const userCount = people.length;
    // The log in time order (its seq follows), each entry's balance the running total of its item at its location.
    await tx.execute(sql`
      insert into inventory_movements (account_id, item_id, location_id, lot_id, type, quantity, balance, reason, patient_id, invoice_id, user_id, created_at)
      select ${accountId}, e.item_id, e.location_id, e.lot_id, e.type, e.quantity,
             sum(e.quantity) over (partition by e.item_id, e.location_id order by e.at, e.lot_id, e.m rows between unbounded preceding and current row),
             e.reason, e.patient_id, e.invoice_id, (select u.id from seed_inv_users u where u.r = e.mh % ${userCount}), e.at
      from (
        select t.id as lot_id, t.item_id, t.location_id, 0 as m, t.h as mh, 'received' as type, t.received as quantity, t.received_at as at,
               null::text as reason, null::uuid as patient_id, null::uuid as invoice_id
        from seed_inv_lot_totals t where t.received > 0
        union all
        select o.lot_id, o.item_id, o.location_id, o.m, o.mh, k.type, -o.qty, o.at,
               case k.type when 'damaged' then 'Dropped and broken' when 'count_correction' then 'Monthly count' end,
               case k.type when 'administered' then (select p.id from seed_inv_pets p where p.n = o.n and p.r = 1 + o.mh % nullif(c.pets, 0))
                           when 'sold' then inv.patient_id end,
               inv.id
        from seed_inv_outs o
        join seed_inv_counts c on c.n = o.n
        cross join lateral (select case when o.mh % 100 < 55 and c.invoices > 0 then 'sold' when o.mh % 100 < 95 then 'administered'
                                        when o.mh % 100 < 98 then 'damaged' else 'count_correction' end as type) k
        left join seed_inv_invoices inv on k.type = 'sold' and inv.n = o.n and inv.r = 1 + (o.mh * 13) % nullif(c.invoices, 0)
      ) e
      order by e.at, e.lot_id, e.m`);
    await tx.execute(sql`
      insert into item_stocks (account_id, item_id, location_id, on_hand)
      select ${accountId}, item_id, location_id, sum(received - out) from seed_inv_lot_totals group by item_id, location_id`);
    // Reorder levels: one item in ten at a location is at or below its reorder point.
    await tx.execute(sql`
      insert into item_locations (account_id, item_id, location_id, reorder_point, reorder_to)
      select ${accountId}, t.item_id, t.location_id,
             case when (min(t.k) / 10 + min(t.n)) % 10 = 0 then sum(t.received - t.out) + min(t.upp) else floor(sum(t.received - t.out) / 3) end,
             case when (min(t.k) / 10 + min(t.n)) % 10 = 0 then sum(t.received - t.out) + 3 * min(t.upp) else floor(sum(t.received - t.out) / 3) + 2 * min(t.upp) end
      from seed_inv_lot_totals t group by t.item_id, t.location_id`);
  });
  await db.execute(sql`vacuum (analyze) items, item_locations, lots, item_stocks, inventory_movements`);
  const counted = (await db.execute(sql`
    select (select count(*) from lots where account_id = ${accountId}) as lots,
           (select count(*) from inventory_movements where account_id = ${accountId}) as movements`)) as unknown as { rows: { lots: string | number; movements: string | number }[] };
  const n = counted.rows[0]!;
  log(
    `inventory: ${itemCount.toLocaleString('en-US')} items, ${Number(n.lots).toLocaleString('en-US')} lots, ${Number(n.movements).toLocaleString('en-US')} movements in ${Math.round((performance.now() - t0) / 1000)} s`,
  );
}
