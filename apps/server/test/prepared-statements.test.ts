// On the PostgreSQL server every statement with parameters is prepared once per connection under a
// name from its text (db/named-statements.ts, decision 0232): a request run again prepares nothing
// new, and a connection's prepared set stays under its cap. PGlite has no connections to keep them
// on: these run only against a server (npm run test:pg).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as api from '@willow/contracts';
import { namedStatementClient, statementName } from '../src/db/named-statements.js';
import { createAccount, createTestApp, createUser, type TestAccount, type TestContext } from './harness.js';
import { at, newHousehold, newService } from './scheduling-records.js';

const onServer = Boolean(inject('pgTemplateUrl'));

describe.skipIf(!onServer)('named statements on a connection', () => {
  /** A pool of one connection (so the catalogue read sees its statements) naming at most `cap`. */
  const poolOf = (cap: number) =>
    new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, Client: namedStatementClient(pg.Client, cap) });
  const prepared = async (pool: pg.Pool) =>
    (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by statement')).rows;

  it('prepares a statement with parameters once under its text’s name, and leaves the others unnamed', async () => {
    const pool = poolOf(10);
    try {
      for (let i = 0; i < 3; i++) {
        expect((await pool.query('select $1::int + 1 as n', [i])).rows).toEqual([{ n: i + 1 }]);
        await pool.query({ text: 'select $1::text as t', values: ['a'] });
        await pool.query('select 1; select 2');
      }
      expect(await prepared(pool)).toEqual([
        { name: statementName('select $1::int + 1 as n'), statement: 'select $1::int + 1 as n' },
        { name: statementName('select $1::text as t'), statement: 'select $1::text as t' },
      ]);
      // A name the caller chose is kept.
      await pool.query({ name: 'mine', text: 'select $1::int as m', values: [1] });
      expect((await prepared(pool)).map((p) => p.name)).toContain('mine');
    } finally {
      await pool.end();
    }
  });

  it('leaves a statement matching a typed pattern unnamed, so it is planned for each pattern', async () => {
    const pool = poolOf(10);
    try {
      for (const word of ['m', 'ma', 'mar', 'mari', 'm', 'ma', 'mar']) {
        expect((await pool.query("select $1::text like $2 as hit, 'Marie' ilike $2 as also", ['marie', `${word}%`])).rows).toEqual([{ hit: true, also: true }]);
      }
      await pool.query('select $1::text as t', ['a']);
      expect((await prepared(pool)).map((p) => p.statement)).toEqual(['select $1::text as t']);
    } finally {
      await pool.end();
    }
  });

  it('names no more than the cap on a connection; past it statements still run, unnamed', async () => {
    const pool = poolOf(2);
    try {
      for (let n = 1; n <= 5; n++) {
        const list = Array.from({ length: n }, (_, i) => `$${i + 1}::int`).join(', ');
        const values = Array.from({ length: n }, (_, i) => i);
        expect((await pool.query(`select array[${list}] as xs`, values)).rows).toEqual([{ xs: values }]);
      }
      // The named ones keep being used by name.
      await pool.query('select array[$1::int] as xs', [7]);
      expect((await prepared(pool)).map((p) => p.statement)).toEqual(['select array[$1::int, $2::int] as xs', 'select array[$1::int] as xs']);
    } finally {
      await pool.end();
    }
  });
});

describe.skipIf(!onServer)('the weeks on a warm connection', () => {
  let ctx: TestContext;
  let account: TestAccount;
  const poolSize = process.env.DATABASE_POOL_SIZE;
  const week = { startDate: at('00:00', '2030-03-03'), endDate: at('00:00', '2030-03-10') };

  beforeAll(async () => {
    // One connection: what the requests prepared is what the catalogue read on it shows.
    process.env.DATABASE_POOL_SIZE = '1';
    try {
      ctx = await createTestApp();
    } finally {
      if (poolSize === undefined) delete process.env.DATABASE_POOL_SIZE;
      else process.env.DATABASE_POOL_SIZE = poolSize;
    }
    account = await createAccount(ctx);
    const vet = await createUser(ctx, account, ['appointments.primary_provider'], { firstName: 'Vera' });
    expect((await account.admin.call(api.updateUser, { params: { id: vet.userId }, body: { data: { locationIds: [account.locationId] } } })).statusCode).toBe(200);
    const service = await newService(account.admin, account.locationId);
    const household = await newHousehold(account.admin, account);
    const booked = await account.admin.call(api.createAppointment, {
      body: {
        data: {
          locationId: account.locationId,
          clientId: household.client.id,
          patientIds: household.patients.map((p) => p.id),
          serviceIds: [service.id],
          primaryProviderId: vet.userId,
          startAt: at('10:00'),
          endAt: at('10:30'),
        },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const slot = await account.admin.call(api.createScheduleSlot, {
      body: { data: { locationId: account.locationId, startAt: at('09:00'), endAt: at('12:00'), veterinarianIds: [vet.userId] } },
    });
    expect(slot.statusCode, slot.body).toBe(201);
  });
  afterAll(() => ctx?.close());

  it('runs without JIT compilation on its connections (decision 0295)', async () => {
    expect(await ctx.database.query<{ jit: string }>('show jit')).toEqual([{ jit: 'off' }]);
  });

  const preparedNames = async () => (await ctx.database.query<{ name: string }>('select name from pg_prepared_statements')).map((r) => r.name).sort();
  const genericRuns = async () =>
    Number((await ctx.database.query<{ runs: string }>('select coalesce(sum(generic_plans), 0) as runs from pg_prepared_statements'))[0]!.runs);
  /** How many times the connection's prepared statements have run (each run is one plan, custom or generic). */
  const preparedRuns = async () =>
    Number((await ctx.database.query<{ runs: string }>('select coalesce(sum(generic_plans + custom_plans), 0) as runs from pg_prepared_statements'))[0]!.runs);

  it.each([
    ['the calendar week', api.listAppointments, { locationId: '', ...week, limit: '5000' }],
    ['the schedule week', api.listSchedule, { locationId: '', ...week }],
  ] as const)('%s: run again, it prepares nothing new; warm, it plans nothing', async (_, op, query) => {
    const q = { ...query, locationId: account.locationId };
    const first = await account.admin.call(op, { query: q });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await preparedNames();
    const runsBefore = await preparedRuns();
    const again = await account.admin.call(op, { query: q });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await preparedNames()).toEqual(afterFirst);
    // Every statement it ran was one of them, run by name.
    expect(await preparedRuns()).toBe(runsBefore + Number(again.headers['x-query-count']));
    // Past PostgreSQL's five custom plans, a warm request plans nothing: each statement runs its generic plan.
    for (let i = 0; i < 5; i++) await account.admin.call(op, { query: q });
    const genericBefore = await genericRuns();
    const warm = await account.admin.call(op, { query: q });
    expect(warm.body).toBe(first.body);
    expect(await genericRuns()).toBe(genericBefore + Number(warm.headers['x-query-count']));
  });
});
