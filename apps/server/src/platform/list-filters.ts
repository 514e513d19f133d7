// The ids a list is filtered by are references sent by a client, like a path id: each must name
// a record of the caller's account. Generic over repositories: each feature names what its
// filters refer to, so this file knows no feature.
import type { Executor } from '../db/client.js';
import { notFound } from './errors.js';
import { allOf, holds, type Condition, type Scope } from './tenant-repository.js';

/** Where a filter's ids are looked up: the repository of the records they name. */
export interface IdLookup {
  /** the same test as a condition, asked inside another statement */
  allExistSql(scope: Scope, ids: readonly string[]): Condition;
}

/** A filter and the repository of what it names: `[locationsRepository, query.locationId]`. */
export type ListFilter = readonly [IdLookup, string | readonly string[] | undefined];

/**
 * The ids a list is filtered by must each name a row of this account, or the list is not found
 * (404) as a path id of another account is: never an empty list that answers for their rows.
 */
export async function assertFiltersVisible(ex: Executor, scope: Scope, filters: readonly ListFilter[]): Promise<void> {
  const condition = filtersVisibleSql(scope, filters);
  if (condition && !(await holds(ex, condition))) throw notFound();
}

/**
 * The filters' test as one condition (every id of every filter names a row of the account), for a
 * list to ask in a statement it runs anyway; undefined when there is nothing to test.
 */
export function filtersVisibleSql(scope: Scope, filters: readonly ListFilter[]): Condition | undefined {
  const tests = filters.flatMap(([repository, value]) => {
    const ids = typeof value === 'string' ? (value ? [value] : []) : (value ?? []);
    return ids.length ? [repository.allExistSql(scope, ids)] : [];
  });
  if (tests.length === 0) return undefined;
  return allOf(tests);
}
