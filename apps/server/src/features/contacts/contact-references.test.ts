// A merge of contacts moves every reference to the merged ones: each feature whose table points
// at contacts registers its column itself (referToContacts). This reads the schema's foreign keys
// and fails on a column that points at contacts and is not registered by the app's features.
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableName, is } from 'drizzle-orm';
import { PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { contactReferences } from './contacts.repository.js';
import { contacts } from './contacts.table.js';

let ctx: TestContext;
beforeAll(async () => {
  // Building the app builds every feature's service, which is where they register.
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

it('every column that points at a contact is moved by a merge', () => {
  const pointing: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTableClass) || value === contacts) continue;
    const config = getTableConfig(value as PgTable);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (ref.foreignTable !== contacts) continue;
      // (account_id, x_id) → (account_id, id): the column is the one that is not the account's
      // (named as in SQL: the schema's casing turns accountId into account_id).
      for (const column of ref.columns) {
        const name = column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        if (name !== 'account_id') pointing.push(`${getTableName(value as PgTable)}.${name}`);
      }
    }
  }
  expect(pointing.length).toBeGreaterThan(0);
  expect(contactReferences().map((r) => r.name).sort()).toEqual(pointing.sort());
});
