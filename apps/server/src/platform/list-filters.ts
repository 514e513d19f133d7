// The ids a list is filtered by are references sent by a client, like a path id: each must name
// a record of the caller's account. Generic over repositories: each feature names what its
// filters refer to, so this file knows no feature.
import type { Executor } from '../db/client.js';
import { notFound } from './errors.js';
import type { Scope } from './tenant-repository.js';

/** Where a filter's ids are looked up: the repository of the records they name. */
export interface IdLookup {
  allExist(ex: Executor, scope: Scope, ids: readonly string[]): Promise<boolean>;
}

/** A filter and the repository of what it names: `[locationsRepository, query.locationId]`. */
export type ListFilter = readonly [IdLookup, string | readonly string[] | undefined];

/**
 * The ids a list is filtered by must each name a row of this account, or the list is not found
 * (404) as a path id of another account is: never an empty list that answers for their rows.
 */
export async function assertFiltersVisible(ex: Executor, scope: Scope, filters: readonly ListFilter[]): Promise<void> {
  for (const [repository, value] of filters) {
    const ids = typeof value === 'string' ? (value ? [value] : []) : (value ?? []);
    if (!(await repository.allExist(ex, scope, ids))) throw notFound();
  }
}
