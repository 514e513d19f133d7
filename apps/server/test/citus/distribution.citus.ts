// Willow on Citus (issue 35): the app migrates on the coordinator, which distributes every tenant
// table by account_id co-located with accounts and makes every global table a reference table
// (db/distribution.ts, decision 0246); then the API's first paths answer through the coordinator.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as api from '@willow/contracts';
import { ensureReferenceData } from '../../src/seed/reference-data.js';
import { GLOBAL_TABLES } from '../../src/db/distribution.js';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../harness.js';
import { newClient, newPatient } from '../records.js';

const url = inject('citusUrl');
let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;

describe.skipIf(!url)('on a Citus cluster', () => {
  beforeAll(async () => {
    ctx = await createTestApp({ databaseUrl: url });
    await ensureReferenceData(ctx.database.db);
    [home, other] = [await createAccount(ctx), await createAccount(ctx)];
  });
  afterAll(() => ctx?.close());

  it('distributes every tenant table by account_id with accounts, and makes every global table a reference table', async () => {
    const rows = await ctx.database.query<{ name: string; method: string; column: string | null; colocation: number }>(`
      select c.relname as name, p.partmethod as method, column_to_column_name(p.logicalrelid, p.partkey) as column,
        p.colocationid as colocation
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_dist_partition p on p.logicalrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    const anchor = rows.find((r) => r.name === 'accounts')!;
    expect(anchor).toMatchObject({ method: 'h', column: 'id' });
    const wrong = rows
      .filter((r) => r.name !== 'accounts')
      .filter((r) =>
        (GLOBAL_TABLES as readonly string[]).includes(r.name)
          ? r.method !== 'n'
          : r.method !== 'h' || r.column !== 'account_id' || r.colocation !== anchor.colocation,
      )
      .map((r) => `${r.name}: ${r.method ?? 'local'} ${r.column ?? ''}`);
    expect(wrong).toEqual([]);
    expect(rows.length).toBeGreaterThan(70);
  });

  it('signs in, and keeps each account’s records in it', async () => {
    const client = await newClient(home.admin, home.locationId, { lastName: 'Citus' });
    const patient = await newPatient(home.admin, client.id, home.speciesId);
    expect((await home.admin.call(api.getPatient, { params: { id: patient.id } })).json()).toMatchObject({ id: patient.id, clientId: client.id });
    expect((await other.admin.call(api.getClient, { params: { id: client.id } })).statusCode).toBe(404);
    const page = (await home.admin.call(api.listClients, { query: { locationId: home.locationId } })).json() as { items: { id: string }[] };
    expect(page.items.map((c) => c.id)).toContain(client.id);
  });
});
