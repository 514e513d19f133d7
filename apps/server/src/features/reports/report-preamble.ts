// The reports' common first step: the filters' ids checked in the account (another account's id is
// a 404, as a list's) and the account's currency read, before a report that reads much is run.
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { filtersVisibleSql, type ListFilter } from '../../platform/list-filters.js';
import { reportsRepository } from './reports.repository.js';

/** The account's currency, once every filter's id names a row of the account (404 otherwise). */
export async function checkedCurrency(db: Db, auth: AuthContext, filters: readonly ListFilter[]): Promise<string> {
  const preamble = await reportsRepository.preamble(db, auth, filtersVisibleSql(auth, filters));
  if (!preamble.allowed) throw notFound();
  return preamble.currency;
}

export const sumOf = <R>(rows: readonly R[], pick: (row: R) => number) => rows.reduce((total, row) => total + pick(row), 0);
