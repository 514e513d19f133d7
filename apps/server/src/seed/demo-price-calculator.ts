// The price calculator's side of the demo: each demo location prices its three cremation types by
// weight (0–5, 5–10, 10–25, 25–45 and 45–70 kg; above that the calculator says "call for a
// quote"), and offers the end-of-life add-ons the calculator ticks beside the keepsakes and urns
// of the scheduling demo: home pickup, expedited return and a witnessed cremation.
import { randomUUID } from 'node:crypto';
import type { CremationType } from '@willow/contracts';
import type { Db } from '../db/client.js';
import { addOnCategories, addOns, priceBands } from '../db/schema.js';
import type { Scope } from '../platform/tenant-repository.js';

/** Band edges in kilograms. */
const EDGES = [0, 5, 10, 25, 45, 70];
/** Whole dollars per band, lightest first. */
const PRICES: Record<CremationType, number[]> = {
  private: [160, 195, 260, 325, 395],
  partitioned: [120, 145, 190, 240, 295],
  communal: [65, 80, 110, 145, 185],
};
const ADD_ONS = [
  { name: 'Home pickup', price: 75, description: 'We collect your pet from home with care.' },
  { name: 'Expedited return', price: 50, description: 'Ashes returned within three working days.' },
  { name: 'Witnessed cremation', price: 150, description: 'The family may be present at the start of the cremation.' },
];

export async function seedPriceCalculatorDemo(db: Db, scope: Scope, practices: { locationId: string; priceFactor: number }[]): Promise<void> {
  const bandRows: (typeof priceBands.$inferInsert)[] = [];
  const categoryRows: (typeof addOnCategories.$inferInsert)[] = [];
  const addOnRows: (typeof addOns.$inferInsert)[] = [];
  for (const { locationId, priceFactor } of practices) {
    for (const [cremationType, prices] of Object.entries(PRICES)) {
      prices.forEach((dollars, i) =>
        bandRows.push({
          accountId: scope.accountId,
          locationId,
          cremationType,
          minGrams: EDGES[i]! * 1000,
          maxGrams: EDGES[i + 1]! * 1000,
          price: Math.round(dollars * priceFactor) * 100,
        }),
      );
    }
    const categoryId = randomUUID();
    categoryRows.push({
      id: categoryId,
      accountId: scope.accountId,
      locationId,
      name: 'Cremation options',
      description: 'Collection, return and attendance, priced in the calculator.',
    });
    for (const a of ADD_ONS)
      addOnRows.push({ accountId: scope.accountId, locationId, categoryId, name: a.name, description: a.description, price: Math.round(a.price * priceFactor) });
  }
  await db.insert(priceBands).values(bandRows);
  await db.insert(addOnCategories).values(categoryRows);
  await db.insert(addOns).values(addOnRows);
}
