import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { appointments } from '../features/appointments/appointments.table.js';
import { clients } from '../features/clients/clients.table.js';
import { patients } from '../features/patients/patients.table.js';
import { compileSql, compileWithPlatform, mapRows, verifySqlCompiler } from './sql-compiler.js';

// The app's dialect: column keys in camelCase become snake_case names.
const dialect = new PgDialect({ casing: 'snake_case' });
const ACCOUNT = '6f1c2d4e-0000-4000-8000-000000000001';
/** Drizzle's own text and parameters (its typings are for drivers other than PostgreSQL's). */
const drizzle = (query: Parameters<PgDialect['sqlToQuery']>[0]) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describe('the SQL compiler', () => {
  it('writes what Drizzle writes: columns, tables, nested conditions, lists, encoded values and bare numbers', () => {
    const statement = sql.join([
      sql`select ${clients.id}, ${clients.firstName}, (select count(*) from ${patients} where ${and(eq(patients.accountId, clients.accountId), eq(patients.clientId, clients.id))})`,
      sql` from ${clients} where ${and(eq(clients.accountId, ACCOUNT), isNull(clients.archivedAt), like(clients.searchText, '%mar%'), inArray(clients.locationId, [ACCOUNT, ACCOUNT]))}`,
      // A uuid array as one parameter; a Date through its column's encoder.
      sql` and ${clients.id} = any(${sql.param([ACCOUNT])}::uuid[])`,
      sql` and ${eq(clients.createdAt, new Date('2026-01-02T03:04:05.000Z'))}`,
      sql` order by ${sql.join([asc(sql`lower(${clients.firstName})`), asc(clients.id)], sql`, `)} limit ${50} offset ${100}`,
    ]);
    const expected = drizzle(statement);
    const compiled = compileSql(dialect, statement);
    expect(compiled).toEqual(expected);
    // Compiled here, not handed on to Drizzle (whose answer also carries typings).
    expect(compiled).not.toHaveProperty('typings');
    expect(expected.sql).toContain('"clients"."first_name"');
    expect(expected.params).toContain('2026-01-02T03:04:05.000Z');
  });

  it('keeps every value a parameter, never text', () => {
    const hostile = `x'); drop table clients; --`;
    const query = compileSql(dialect, sql`select 1 from ${clients} where ${eq(clients.firstName, hostile)} and ${clients.lastName} = ${hostile}`);
    expect(query.sql).toBe('select 1 from "clients" where "clients"."first_name" = $1 and "clients"."last_name" = $2');
    expect(query.params).toEqual([hostile, hostile]);
  });

  it('names an aliased table by its alias, as Drizzle does', () => {
    const other = alias(clients, 'other');
    const statement = sql`select ${other.id} from ${other} where ${eq(other.accountId, ACCOUNT)}`;
    expect(compileSql(dialect, statement)).toEqual(drizzle(statement));
    expect(compileSql(dialect, statement).sql).toContain('select "other"."id" from');
  });

  it('leaves to Drizzle what it does not compile itself (inlined values, subqueries)', () => {
    const inlined = sql`select ${sql.raw("'a'")} from ${appointments} where ${appointments.status} = 'booked'`.inlineParams();
    expect(compileSql(dialect, inlined)).toEqual(drizzle(inlined));
    const sub = sql`select * from ${sql`(select ${clients.id} from ${clients}) as c`.as('c')}`;
    expect(compileSql(dialect, sub)).toEqual(drizzle(sub));
  });

  it('verifies itself against Drizzle when asked (the test suites run so), and says where they differ', () => {
    // A dialect that writes one space more than the compiler: only the verification can notice.
    class OddDialect extends PgDialect {
      override sqlToQuery(query: Parameters<PgDialect['sqlToQuery']>[0]) {
        const q = super.sqlToQuery(query);
        return { ...q, sql: `${q.sql} ` };
      }
    }
    const odd = new OddDialect({ casing: 'snake_case' });
    const statement = sql`select ${clients.id} from ${clients} where ${eq(clients.accountId, ACCOUNT)}`;
    verifySqlCompiler(false);
    try {
      expect(compileSql(odd, statement).sql).toBe('select "clients"."id" from "clients" where "clients"."account_id" = $1');
      verifySqlCompiler(true);
      expect(() => compileSql(odd, statement)).toThrow(/differs from Drizzle/);
    } finally {
      verifySqlCompiler(true);
    }
  });

  it('compiles every statement of a database it is installed on; index definitions stay Drizzle’s', () => {
    const installed = new PgDialect({ casing: 'snake_case' });
    compileWithPlatform({ dialect: installed });
    const statement = sql`select ${clients.id} from ${clients} where ${eq(clients.accountId, ACCOUNT)}`;
    const compiled = installed.sqlToQuery(statement);
    expect(compiled).toEqual(drizzle(statement));
    expect(compiled).not.toHaveProperty('typings');
    // DDL names columns without their table: Drizzle's rule for 'indexes'.
    expect(installed.sqlToQuery(sql`${clients.firstName}`, 'indexes').sql).toBe('"first_name"');
  });

  it('maps rows read as arrays through each value’s decoder; null stays null', () => {
    const rows = mapRows<{ id: string; createdAt: Date | null; patientCount: number }>(
      [
        ['a', '2026-01-02 03:04:05.123+00', '7'],
        ['b', null, '0'],
      ],
      ['id', 'createdAt', 'patientCount'],
      [clients.id, clients.createdAt, { mapFromDriverValue: Number }],
    );
    expect(rows).toEqual([
      { id: 'a', createdAt: new Date('2026-01-02T03:04:05.123Z'), patientCount: 7 },
      { id: 'b', createdAt: null, patientCount: 0 },
    ]);
  });

  it('maps each shape by its own decoders: a value read as it is stays as it is, undefined is null, an array column is decoded only when the driver left it text', () => {
    const keys = ['id', 'firstName', 'createdAt', 'patientIds', 'total'];
    const raw = [
      ['a', 'Ann', '2026-01-02 03:04:05.123+00', ['p1', 'p2'], '12'],
      ['b', undefined, null, '{p3}', null],
    ];
    const asDates = mapRows(raw, keys, [clients.id, clients.firstName, clients.createdAt, appointments.patientIds, { mapFromDriverValue: Number }]);
    expect(asDates).toEqual([
      { id: 'a', firstName: 'Ann', createdAt: new Date('2026-01-02T03:04:05.123Z'), patientIds: ['p1', 'p2'], total: 12 },
      { id: 'b', firstName: null, createdAt: null, patientIds: ['p3'], total: null },
    ]);
    // The same keys with other decoders (a timestamp as text) are a shape of their own.
    const asText = mapRows(raw, keys, [clients.id, clients.firstName, { mapFromDriverValue: (v) => `at ${String(v)}` }, appointments.patientIds, clients.id]);
    expect(asText[0]).toEqual({ id: 'a', firstName: 'Ann', createdAt: 'at 2026-01-02 03:04:05.123+00', patientIds: ['p1', 'p2'], total: '12' });
    // Keys in order, every row alike.
    expect(Object.keys(asText[1]!)).toEqual(keys);
    expect(() => mapRows(raw, ['__proto__'], [clients.id])).toThrow('A row key cannot be __proto__');
  });
});
