// The demo's inventory catalogue (seeded by demo-inventory.ts): each item and what each practice
// holds of it, in lots dated from the seed's today (received so many days ago, expiring so many
// days after that), with its reorder levels there.

/** A lot at a practice: received `receivedAgo` days before today, expiring `expiresIn` days after it (null: does not expire). */
export interface DemoLot {
  lot: string;
  /** purchase units (boxes); sell units with `sell` */
  quantity: number;
  sell?: boolean;
  receivedAgo: number;
  expiresIn: number | null;
}
export interface DemoStock {
  lots: DemoLot[];
  reorderPoint: number;
  reorderTo: number;
}
export interface DemoItem {
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
