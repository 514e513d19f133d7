import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { addOnCategories, addOns } from './add-ons.table.js';

export const addOnCategoriesRepository = tenantRepository(addOnCategories);
const addOnsBase = tenantRepository(addOns);
export type AddOnCategoryRow = typeof addOnCategories.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;

type ListQuery = { locationId?: string | undefined; onlyActive?: boolean | undefined };

export function categoryListOptions(q: ListQuery): ListOptions {
  return {
    where: and(q.locationId ? eq(addOnCategories.locationId, q.locationId) : undefined, q.onlyActive ? eq(addOnCategories.active, true) : undefined),
    orderBy: [asc(sql`lower(${addOnCategories.name})`), asc(addOnCategories.id)],
  };
}

/** Sorted by category name, then name; `onlyActive` hides add-ons of inactive categories too. */
export function addOnListOptions(q: ListQuery, scope: Scope): ListOptions {
  const category = (column: typeof addOnCategories.name | typeof addOnCategories.active) =>
    addOnCategoriesRepository.valueFor(scope, addOns, column, eq(addOnCategories.id, addOns.categoryId));
  return {
    where: and(
      q.locationId ? eq(addOns.locationId, q.locationId) : undefined,
      q.onlyActive ? and(eq(addOns.active, true), sql`${category(addOnCategories.active)} = true`) : undefined,
    ),
    orderBy: [asc(sql`lower(${category(addOnCategories.name)})`), asc(sql`lower(${addOns.name})`), asc(addOns.id)],
  };
}

export const addOnsRepository = {
  ...addOnsBase,

  async categoryHasAddOns(ex: Executor, scope: Scope, categoryId: string): Promise<boolean> {
    return addOnCategoriesRepository.exists(
      ex,
      scope,
      and(eq(addOnCategories.id, categoryId), addOnsBase.existsFor(scope, addOnCategories, eq(addOns.categoryId, categoryId))),
    );
  },

  /** A category's add-ons live where it does. */
  async followCategory(ex: Executor, scope: Scope, categoryId: string, locationId: string): Promise<void> {
    await addOnsBase.updateWhere(ex, scope, eq(addOns.categoryId, categoryId), { locationId });
  },

  async categoryNames(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await addOnCategoriesRepository.findByIds(ex, scope, ids);
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
