import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { addOnCategories, addOns } from './add-ons.table.js';

export const addOnCategoriesRepository = tenantRepository(addOnCategories);
export type AddOnCategoryRow = typeof addOnCategories.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;

type ListQuery = { locationId?: string | undefined; onlyActive?: boolean | undefined };

export function categoryListOptions(q: ListQuery): ListOptions {
  return {
    where: and(
      q.locationId ? eq(addOnCategories.locationId, q.locationId) : undefined,
      q.onlyActive ? eq(addOnCategories.active, true) : undefined,
    ),
    orderBy: [asc(sql`lower(${addOnCategories.name})`), asc(addOnCategories.id)],
  };
}

/** Sorted by category name, then name; `onlyActive` hides add-ons of inactive categories too. */
export function addOnListOptions(q: ListQuery): ListOptions {
  const category = (column: typeof addOnCategories.name | typeof addOnCategories.active) =>
    sql`(select ${column} from ${addOnCategories} where ${addOnCategories.id} = ${addOns.categoryId})`;
  return {
    where: and(
      q.locationId ? eq(addOns.locationId, q.locationId) : undefined,
      q.onlyActive ? and(eq(addOns.active, true), sql`${category(addOnCategories.active)} = true`) : undefined,
    ),
    orderBy: [asc(sql`lower(${category(addOnCategories.name)})`), asc(sql`lower(${addOns.name})`), asc(addOns.id)],
  };
}

export const addOnsRepository = {
  ...tenantRepository(addOns),

  async categoryHasAddOns(ex: Executor, scope: Scope, categoryId: string): Promise<boolean> {
    const [row] = await ex
      .select({ one: sql`1` })
      .from(addOnCategories)
      .where(
        and(
          eq(addOnCategories.accountId, scope.accountId),
          eq(addOnCategories.id, categoryId),
          exists(ex.select({ one: sql`1` }).from(addOns).where(eq(addOns.categoryId, categoryId))),
        ),
      );
    return row !== undefined;
  },

  /** A category's add-ons live where it does. */
  async followCategory(ex: Executor, scope: Scope, categoryId: string, locationId: string): Promise<void> {
    await ex
      .update(addOns)
      .set({ locationId, updatedAt: new Date() })
      .where(and(eq(addOns.accountId, scope.accountId), eq(addOns.categoryId, categoryId)));
  },

  async categoryNames(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: addOnCategories.id, name: addOnCategories.name })
      .from(addOnCategories)
      .where(and(eq(addOnCategories.accountId, scope.accountId), inArray(addOnCategories.id, [...new Set(ids)])));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
