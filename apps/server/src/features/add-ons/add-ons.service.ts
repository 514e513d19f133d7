import type { AddOn, AddOnCategory, AddOnCategoryInput, AddOnInput, AddOnListQuery } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { locationOwnership } from '../locations/index.js';
import { CATEGORY_REFERENCE, type addOnCategories, type addOns } from './add-ons.table.js';
import {
  addOnCategoriesRepository,
  addOnListOptions,
  addOnsRepository,
  categoryListOptions,
  type AddOnCategoryRow,
  type AddOnRow,
} from './add-ons.repository.js';

type CategoryInput = z.output<typeof AddOnCategoryInput>;
type Input = z.output<typeof AddOnInput>;
type Query = z.output<typeof AddOnListQuery>;

export const CATEGORY_HAS_ADD_ONS = 'Remove this category’s add-ons first';
export const UNKNOWN_CATEGORY = 'categoryId: unknown category';

const toCategory = (r: AddOnCategoryRow): AddOnCategory => ({
  id: r.id,
  locationId: r.locationId,
  name: r.name,
  description: r.description,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

async function toAddOns(ex: Executor, scope: Scope, rows: AddOnRow[]): Promise<AddOn[]> {
  const names = await addOnsRepository.categoryNames(
    ex,
    scope,
    rows.map((r) => r.categoryId),
  );
  return rows.map((r) => ({
    id: r.id,
    locationId: r.locationId,
    categoryId: r.categoryId,
    categoryName: names.get(r.categoryId) ?? '',
    name: r.name,
    description: r.description,
    price: r.price,
    options: r.options,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export class AddOnCategoriesService extends TenantCrudService<typeof addOnCategories, AddOnCategory, CategoryInput, Partial<CategoryInput>, Query> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'addOnCategory',
      repository: addOnCategoriesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toCategory),
      listOptions: categoryListOptions,
      location: locationOwnership,
      prepareCreate: async (_ex, _scope, input) => input,
      preparePatch: async (_ex, _scope, input) => input,
      afterUpdate: async (ex, scope, before, after) => {
        if (before.locationId !== after.locationId) await addOnsRepository.followCategory(ex, scope, after.id, after.locationId);
      },
      beforeRemove: async (ex, scope, existing) => {
        if (await addOnsRepository.categoryHasAddOns(ex, scope, existing.id)) throw conflict(CATEGORY_HAS_ADD_ONS);
      },
      foreignKeyMessages: { [CATEGORY_REFERENCE]: CATEGORY_HAS_ADD_ONS },
    });
  }
}

/** The category is looked up in the scope and decides the location. */
async function placeOf(ex: Executor, scope: Scope, categoryId: string) {
  const category = await addOnCategoriesRepository.findById(ex, scope, categoryId);
  if (!category) throw badRequest(UNKNOWN_CATEGORY);
  return { categoryId, locationId: category.locationId };
}

export class AddOnsService extends TenantCrudService<typeof addOns, AddOn, Input, Partial<Input>, Query> {
  constructor(db: Db, audit: AuditService, events: DomainEventBus) {
    super(db, audit, {
      entityType: 'addOn',
      repository: addOnsRepository,
      toEntities: toAddOns,
      listOptions: addOnListOptions,
      // The location comes from the category; a list filtered by another account's location is not found.
      location: locationOwnership,
      prepareCreate: async (ex, scope, input) => ({ ...input, ...(await placeOf(ex, scope, input.categoryId)) }),
      preparePatch: async (ex, scope, input) => ({ ...input, ...(input.categoryId ? await placeOf(ex, scope, input.categoryId) : {}) }),
      foreignKeyMessages: { [CATEGORY_REFERENCE]: UNKNOWN_CATEGORY },
      // The records that name it (invoice lines) refuse for themselves (decision 0155).
      beforeRemove: async (ex, auth, existing) => {
        await events.publish(ex, auth, 'addOn.deleting', { addOnId: existing.id });
      },
    });
  }
}
