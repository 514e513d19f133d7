// Walks the live schema: every table is either global (a short, named list) or a tenant table keyed
// by account, and a tenant table keeps account_id in its primary key, in each unique constraint
// and on both sides of each reference to another tenant table, with no SET NULL / SET DEFAULT
// action (a database distributed by account refuses those). Then proves the database itself
// refuses a reference across accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, type TestAccount, type TestContext } from './harness.js';
import { newClient, newPatient } from './records.js';

import { GLOBAL_TABLES as GLOBAL } from '../src/db/distribution.js';

/** Tables without an account (db/distribution.ts: reference tables on Citus, `accounts` distributed by id). */
const GLOBAL_TABLES: readonly string[] = GLOBAL;

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
});
afterAll(() => ctx?.close());

interface Constraint {
  table: string;
  name: string;
  type: 'p' | 'u' | 'f';
  columns: string[];
  foreign_table: string | null;
  foreign_columns: string[] | null;
  on_delete: string;
}

const q = <R>(text: string) => ctx.database.query<R>(text);

async function tables(): Promise<{ name: string; columns: string[] }[]> {
  return q(`
    select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    group by c.relname order by c.relname`);
}

async function constraints(): Promise<Constraint[]> {
  return q(`
    select cl.relname as table, co.conname as name, co.contype as type,
      (select array_agg(a.attname::text order by k.i) from unnest(co.conkey) with ordinality k(n, i)
         join pg_attribute a on a.attrelid = co.conrelid and a.attnum = k.n) as columns,
      fcl.relname as foreign_table,
      (select array_agg(a.attname::text order by k.i) from unnest(co.confkey) with ordinality k(n, i)
         join pg_attribute a on a.attrelid = co.confrelid and a.attnum = k.n) as foreign_columns,
      co.confdeltype as on_delete
    from pg_constraint co join pg_class cl on cl.oid = co.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    left join pg_class fcl on fcl.oid = co.confrelid
    where n.nspname = 'public' and co.contype in ('p', 'u', 'f')`);
}

/** Unique indexes (constraints or not), with the columns they cover; an expression has no name. */
async function uniqueIndexes(): Promise<{ table: string; name: string; columns: (string | null)[] }[]> {
  return q(`
    select t.relname as table, i.relname as name,
      (select array_agg(a.attname::text order by k.i) from unnest(x.indkey::int2[]) with ordinality k(n, i)
         left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n) as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and x.indisunique`);
}

describe('the schema, walked live', () => {
  it('has only tenant tables keyed by account, apart from the named global ones', async () => {
    const all = await tables();
    expect(all.length).toBeGreaterThan(20);
    for (const name of GLOBAL_TABLES)
      expect(
        all.map((t) => t.name),
        `global table ${name}`,
      ).toContain(name);
    const unkeyed = all.filter((t) => !GLOBAL_TABLES.includes(t.name) && !t.columns.includes('account_id')).map((t) => t.name);
    expect(unkeyed, 'tables with neither account_id nor a place in GLOBAL_TABLES').toEqual([]);
  });

  it('keeps account_id in the primary key and every unique index of each tenant table', async () => {
    const tenant = (await tables()).filter((t) => !GLOBAL_TABLES.includes(t.name)).map((t) => t.name);
    const all = await constraints();
    const problems: string[] = [];
    for (const table of tenant) {
      const pk = all.find((c) => c.table === table && c.type === 'p');
      if (!pk) problems.push(`${table}: no primary key`);
      else if (pk.columns[0] !== 'account_id') problems.push(`${table}: primary key (${pk.columns.join(', ')}) does not start with account_id`);
    }
    for (const index of await uniqueIndexes()) {
      if (tenant.includes(index.table) && !index.columns.includes('account_id'))
        problems.push(`${index.table}: unique index ${index.name} lacks account_id`);
    }
    expect(problems).toEqual([]);
  });

  it('makes every reference between tenant tables (account_id, x_id) → (account_id, id), without SET NULL', async () => {
    const tenant = new Set((await tables()).filter((t) => !GLOBAL_TABLES.includes(t.name)).map((t) => t.name));
    const fks = (await constraints()).filter((c) => c.type === 'f');
    const between = fks.filter((c) => tenant.has(c.table) && tenant.has(c.foreign_table!));
    expect(between.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const fk of between) {
      if (fk.columns[0] !== 'account_id' || fk.foreign_columns?.[0] !== 'account_id')
        problems.push(`${fk.table}.${fk.name}: (${fk.columns}) → ${fk.foreign_table}(${fk.foreign_columns})`);
      if (fk.on_delete === 'n' || fk.on_delete === 'd') problems.push(`${fk.table}.${fk.name}: ON DELETE SET NULL/DEFAULT`);
    }
    // A global table never points into an account's rows (it could not, on a distributed database).
    for (const fk of fks)
      if (!tenant.has(fk.table) && tenant.has(fk.foreign_table!)) problems.push(`global ${fk.table}.${fk.name} → ${fk.foreign_table}`);
    expect(problems).toEqual([]);
  });

  it('references accounts only as the row’s own account, and never from another global table (decision 0248)', async () => {
    const tenant = new Set((await tables()).filter((t) => !GLOBAL_TABLES.includes(t.name)).map((t) => t.name));
    const problems: string[] = [];
    // On Citus accounts are distributed by id: a tenant row may point only at its own account (its
    // shard), and a global table (a copy on every node) at none.
    for (const fk of (await constraints()).filter((c) => c.type === 'f' && c.foreign_table === 'accounts' && c.table !== 'accounts')) {
      if (!tenant.has(fk.table)) problems.push(`global ${fk.table}.${fk.name} → accounts`);
      else if (fk.columns.join() !== 'account_id') problems.push(`${fk.table}.${fk.name}: (${fk.columns}) → accounts`);
    }
    expect(problems).toEqual([]);
  });

  it('has no triggers but the inventory log’s refusal (Citus distributes no table with one; decision 0247)', async () => {
    const triggers = await q<{ table: string; name: string }>(`
      select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal order by 1, 2`);
    expect(triggers).toEqual([{ table: 'inventory_movements', name: 'inventory_movements_append_only' }]);
  });
});

describe('the database refuses what the code must never do', () => {
  it('refuses a row that points at another account’s row', async () => {
    const client = await newClient(other.admin, other.locationId);
    const fail = q(`insert into patients (account_id, client_id, location_id, name, species_id)
      values ('${home.accountId}', '${client.id}', '${home.locationId}', 'Stray', '${home.speciesId}')`);
    await expect(fail).rejects.toThrow(/foreign key/);
  });

  it('clears the optional references to a deleted row in the same transaction (what SET NULL did)', async () => {
    const vet = await createUser(ctx, home);
    const client = await newClient(home.admin, home.locationId, { primaryVeterinarianId: vet.userId });
    const patient = await newPatient(home.admin, client.id, home.speciesId);
    const res = await home.admin.call(api.vaccinationOps.create, {
      body: { data: { patientId: patient.id, vaccine: 'Rabies', givenOn: '2026-11-01', providerId: vet.userId } },
    });
    expect(res.statusCode).toBe(201);
    expect((await home.admin.call(api.deleteUser, { params: { id: vet.userId } })).statusCode).toBe(200);
    const [vaccination] = await q<{ provider_id: string | null }>(`select provider_id from vaccinations where id = '${res.json().id}'`);
    expect(vaccination).toEqual({ provider_id: null });
    const [row] = await q<{ primary_veterinarian_id: string | null }>(`select primary_veterinarian_id from clients where id = '${client.id}'`);
    expect(row).toEqual({ primary_veterinarian_id: null });
  });
});
