// Security-critical: turns Drizzle's SQL objects into statement text and parameters for every
// statement the app runs (`compileWithPlatform`, installed by db/client.ts). Every value becomes a
// numbered parameter, never text; only the fragments written in the code (string chunks,
// identifiers of tables and columns) become text. Anything this compiler does not know is
// compiled by Drizzle itself.
//
// Why it exists: on a list request Drizzle's own compiler and row mapper were the server's largest
// cost after the sockets. Both test every chunk and field against a series of classes with `is()`,
// which walks the prototype chain on every miss: thousands of misses for a page of fifty rows.
// Here each chunk is told apart with plain `instanceof` (one copy of drizzle-orm is installed), the
// text is appended into one array, and the scoped reads (platform/tenant-repository.ts) take their
// rows as arrays, made objects by a mapper compiled once per shape of row (`mapRows`, decision 0320).
import { inspect, isDeepStrictEqual } from 'node:util';
import { Column, Name, Param, Placeholder, SQL, StringChunk, Table, sql, type Query } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

// Drizzle's table symbols (registered, so the same as its own).
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const SCHEMA = Symbol.for('drizzle:Schema');
const NAME = Symbol.for('drizzle:Name');

/** A chunk this compiler leaves to Drizzle. */
class NotCompiled extends Error {}

/** What decodes one value read from the driver (a column, or an SQL field's `mapWith`). */
export interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

const escapeName = (name: string) => `"${name.replace(/"/g, '""')}"`;

let verify = false;
/** The test suites' apps turn this on: every statement compiled here is also compiled by Drizzle, and the two must agree. */
export function verifySqlCompiler(on: boolean): void {
  verify = on;
}

type SqlToQuery = (query: SQL, invokeSource?: 'indexes' | undefined) => Query;
/** Drizzle's own compiler of a dialect this module compiles for (`compileWithPlatform`). */
const drizzleCompilers = new WeakMap<PgDialect, SqlToQuery>();
const drizzleCompilerOf = (dialect: PgDialect): SqlToQuery => drizzleCompilers.get(dialect) ?? dialect.sqlToQuery.bind(dialect);

/** Compiles `query` as Drizzle's `sqlToQuery` would (checked against it when verifying). */
export function compileSql(dialect: PgDialect, query: SQL): Query {
  const drizzle = drizzleCompilerOf(dialect);
  let compiled: Query;
  try {
    compiled = new Compiler(dialect).compile(query);
  } catch (error) {
    if (!(error instanceof NotCompiled)) throw error;
    return drizzle(query);
  }
  if (verify) {
    const expected = drizzle(query);
    if (expected.sql !== compiled.sql || !isDeepStrictEqual(expected.params, compiled.params)) {
      throw new Error(`The SQL compiler differs from Drizzle's:\n${compiled.sql}\n${inspect(compiled.params)}\nagainst\n${expected.sql}\n${inspect(expected.params)}`);
    }
  }
  return compiled;
}

/**
 * Every statement of `db` (its builders' selects, inserts, updates and deletes, `execute`, and the
 * transactions opened on it, which share its dialect) compiled here from now on. Index
 * definitions (DDL) stay Drizzle's.
 */
export function compileWithPlatform(db: unknown): void {
  const dialect = (db as { dialect: PgDialect }).dialect;
  if (drizzleCompilers.has(dialect)) return;
  const drizzle: SqlToQuery = dialect.sqlToQuery.bind(dialect);
  drizzleCompilers.set(dialect, drizzle);
  dialect.sqlToQuery = ((query: SQL, invokeSource?: 'indexes') => (invokeSource ? drizzle(query, invokeSource) : compileSql(dialect, query))) as PgDialect['sqlToQuery'];
}

/** The qualified name of each column, computed once per column object (aliases are objects of their own). */
const columnNames = new WeakMap<Column, string>();

class Compiler {
  private readonly text: string[] = [];
  private readonly params: unknown[] = [];

  constructor(private readonly dialect: PgDialect) {}

  compile(query: SQL): Query {
    this.sql(query);
    return { sql: this.text.join(''), params: this.params };
  }

  private sql(query: SQL): void {
    // Inlined parameters (sql.raw values, literals in DDL) are Drizzle's to quote.
    if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new NotCompiled();
    for (const chunk of query.queryChunks) this.chunk(chunk);
  }

  private chunk(chunk: unknown): void {
    if (chunk instanceof StringChunk) {
      this.text.push(chunk.value.join(''));
    } else if (chunk instanceof SQL) {
      this.sql(chunk);
    } else if (chunk instanceof Column) {
      this.text.push(this.column(chunk));
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) throw new NotCompiled();
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) this.sql(value);
      else this.param(value);
    } else if (chunk instanceof Table) {
      const t = chunk as unknown as Record<symbol, unknown>;
      const schema = t[SCHEMA] as string | undefined;
      const name = escapeName(t[NAME] as string);
      this.text.push(schema === undefined || t[IS_ALIAS] ? name : `${escapeName(schema)}.${name}`);
    } else if (chunk instanceof Name) {
      this.text.push(escapeName(chunk.value));
    } else if (chunk === undefined) {
      // nothing: an optional part left out
    } else if (Array.isArray(chunk)) {
      this.text.push('(');
      chunk.forEach((item, i) => {
        if (i > 0) this.text.push(', ');
        this.chunk(item);
      });
      this.text.push(')');
    } else if (chunk === null || typeof chunk !== 'object') {
      // A bare value (a number in `limit ${n}`): a parameter, as Drizzle makes it.
      this.param(chunk);
    } else {
      // Aliased fields, subqueries, views, enums, builders: Drizzle's own rules.
      throw new NotCompiled();
    }
  }

  private param(value: unknown): void {
    this.params.push(value);
    this.text.push(`$${this.params.length}`);
  }

  private column(column: Column): string {
    let name = columnNames.get(column);
    if (name === undefined) {
      const c = (this.dialect as unknown as { casing: { getColumnCasing(c: Column): string } }).casing.getColumnCasing(column);
      const t = column.table as unknown as Record<symbol, unknown>;
      const schema = t[SCHEMA] as string | undefined;
      const table = escapeName(t[NAME] as string);
      name = t[IS_ALIAS] || schema === undefined ? `${table}.${escapeName(c)}` : `${escapeName(schema)}.${table}.${escapeName(c)}`;
      columnNames.set(column, name);
    }
    return name;
  }
}

/**
 * A value a decoder hands back as it is: a column type Drizzle reads as the driver gives it (text,
 * uuid, boolean…), or an SQL field without `mapWith`.
 */
const IDENTITY = (Column.prototype as unknown as Decoder).mapFromDriverValue;
const NOOP = (sql`1` as unknown as { decoder: Decoder }).decoder.mapFromDriverValue;
const passesThrough = (decoder: Decoder) => decoder.mapFromDriverValue === IDENTITY || decoder.mapFromDriverValue === NOOP;
/** An array column of such values (uuid[], text[]): Drizzle copies it element by element, unchanged. */
const passesArrayThrough = (decoder: Decoder) =>
  decoder instanceof Column && decoder.columnType === 'PgArray' && passesThrough((decoder as unknown as { baseColumn: Decoder }).baseColumn);

type RowsMapper = (rows: readonly unknown[][], decoders: readonly Decoder[]) => unknown[];
/** One mapper per shape: its keys, and which of its values pass through (a finite set: the code's lists). */
const mappers = new Map<string, RowsMapper>();

/**
 * The mapper of one shape of row, compiled once: each row becomes one object literal with the keys
 * in order, so every row of a shape gets the same hidden class (V8 builds it and JSON writes it on
 * their fast paths), and a value that passes through its decoder is copied without a call. A loop
 * assigning keys one by one, each through its decoder, cost a page of invoices about 0.2 ms. The
 * generated code holds only the keys (JSON string literals, written in the code, never data) and
 * reads each value by position.
 */
function mapperOf(keys: readonly string[], decoders: readonly Decoder[]): RowsMapper {
  const kinds = decoders.map((d) => (passesThrough(d) ? 'p' : passesArrayThrough(d) ? 'a' : 'd')).join('');
  const id = `${kinds}\u0000${keys.join('\u0000')}`;
  let mapper = mappers.get(id);
  if (mapper) return mapper;
  const value = (i: number) =>
    kinds[i] === 'p'
      ? `r[${i}] ?? null`
      : kinds[i] === 'a'
        ? `r[${i}] == null ? null : Array.isArray(r[${i}]) ? r[${i}] : d[${i}].mapFromDriverValue(r[${i}])`
        : `r[${i}] == null ? null : d[${i}].mapFromDriverValue(r[${i}])`;
  // In a literal, `__proto__` would set the prototype: no column or extra is named so.
  if (keys.includes('__proto__')) throw new Error('A row key cannot be __proto__');
  const fields = keys.map((key, i) => `${JSON.stringify(key)}: ${value(i)}`);
  const body = [
    'const out = new Array(rows.length);',
    'for (let n = 0; n < rows.length; n++) {',
    '  const r = rows[n];',
    `  out[n] = { ${fields.join(', ')} };`,
    '}',
    'return out;',
  ].join('\n');
  mapper = new Function('rows', 'd', body) as RowsMapper;
  mappers.set(id, mapper);
  return mapper;
}

/** Rows read as arrays, made objects: `keys[i]` takes the `i`th value through `decoders[i]` (null stays null). */
export function mapRows<R>(rows: readonly unknown[][], keys: readonly string[], decoders: readonly Decoder[]): R[] {
  return mapperOf(keys, decoders)(rows, decoders) as R[];
}

/** Drizzle's name for the session of a node-postgres pool or connection. */
const ENTITY_KIND = Symbol.for('drizzle:entityKind');

/** The driver's `query`, as the scoped reads call it: a config with its values, rows as arrays. */
interface DriverClient {
  query(config: { text: string; values: unknown[]; rowMode: 'array'; types: ArrayTypes }): Promise<{ rows: unknown[][] }>;
}
interface ArrayTypes {
  getTypeParser(typeId: number, format?: string): (value: string) => unknown;
}

/**
 * The value parsers of the scoped reads on a PostgreSQL server: the driver's, but dates, times and
 * intervals (and their arrays) left as text for the columns' own decoders, as Drizzle sets them
 * for its statements. One object for every statement, where Drizzle builds two, each with its own
 * closures, per statement run. Set by db/client.ts when it opens a server's pool.
 */
let arrayTypes: ArrayTypes | undefined;
/** Type ids Drizzle reads as text: timestamptz, timestamp, date, interval, and the arrays of these and of numeric. */
const AS_TEXT = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
export function useDriverTypes(types: ArrayTypes): void {
  arrayTypes = { getTypeParser: (typeId, format) => (AS_TEXT.has(typeId) ? asText : types.getTypeParser(typeId, format)) };
}

/**
 * Runs a compiled statement on the executor's own session (the pool, or the transaction's
 * connection), rows as arrays for `mapRows`; counted by the session's logger (the query tally).
 * The scoped reads' runner (platform/tenant-repository.ts).
 *
 * On a PostgreSQL server the driver is called directly: Drizzle's prepared-query object (two
 * config objects with closures, three tracing wrappers and a cache lookup per statement, every
 * one an allocation and an await) was a measurable part of a list request's CPU beside the
 * hand-written route (issue 34). The statement is still named by the pool's client
 * (named-statements.ts). On the embedded database, Drizzle's own path.
 */
export async function runArrays(ex: Executor, statement: SQL): Promise<unknown[][]> {
  const internals = ex as unknown as { dialect: PgDialect; session: PgSession & { client: unknown; logger: { logQuery(text: string, params: unknown[]): void } } };
  const query = compileSql(internals.dialect, statement);
  const session = internals.session;
  if (arrayTypes && (session.constructor as unknown as Record<symbol, unknown>)[ENTITY_KIND] === 'NodePgSession') {
    session.logger.logQuery(query.sql, query.params);
    const result = await (session.client as DriverClient).query({ text: query.sql, values: query.params, rowMode: 'array', types: arrayTypes });
    return result.rows;
  }
  return session.prepareQuery(query, undefined, undefined, true, (rows) => rows as unknown[][]).execute() as Promise<unknown[][]>;
}
