// Security note: this sits under every statement the app sends to the PostgreSQL server. It only
// adds a `name` to a statement that already carries its values as parameters; the name is derived
// from the statement's text alone (never from a value), so nothing a visitor sends is ever written
// into SQL or a name, and a prepared statement lives on one connection of this process. A
// statement's plan may be shared between requests of different accounts on that connection, but
// never its rows: every execution binds its own account's values.
//
// Why: an unnamed statement is parsed, analysed and planned again on every request (a cold plan of
// the client list took 18 ms to parse and 25 ms to bind, issue 34). A named one is parsed once per
// connection; after five executions PostgreSQL keeps a generic plan when it is no dearer than the
// custom ones, so a warm request does not plan again (decision 0232).
import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * At most this many names per connection: statements past it are sent unnamed. The app's own
 * shapes are a few hundred; the cap keeps a connection's prepared set (and the server's memory for
 * it) bounded even if some statement's text varied without end.
 */
export const NAMES_PER_CONNECTION = 1000;

/**
 * Statements longer than this are not worth a name: they are the seeds' and imports' batch
 * inserts (hundreds of rows of parameters), whose planning is trivial beside their parse tree,
 * which the server would keep per connection.
 */
const LONGEST_NAMED = 16_384;
const MOST_VALUES_NAMED = 512;

/**
 * A statement matching a pattern a user typed (`like $n`, `ilike $n`) is sent unnamed, so it is
 * planned for the pattern every time. Named, PostgreSQL keeps a generic plan after five runs when
 * its estimate is no dearer than the custom plans were, and that estimate takes any pattern to
 * match 0.5% of the rows: for a word of one or two letters, which matches nearly every client, the
 * generic plan read all 100,000 through the trigram index and sorted them (140–235 ms against a
 * custom plan's 0.1; decision 0239). Such a statement still costs its parse; searches are few.
 */
const PLANNED_PER_VALUE = /\bi?like \$\d/i;

/** Whether `text` is planned for its values each time, and so sent unnamed (PLANNED_PER_VALUE). */
export const plannedPerValue = (text: string): boolean => PLANNED_PER_VALUE.test(text);

/**
 * The statement's name: `w` and 144 bits of its text's SHA-256. The driver refuses one name for
 * two texts on a connection, so a collision would fail a statement; at 144 bits it does not happen.
 * PostgreSQL keeps names up to 63 bytes; this is 25.
 */
export const statementName = (text: string): string => `w${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;

/** What each text is sent under, worked out once: its name, or '' for a text planned per value (bounded: cleared when full). */
const namesByText = new Map<string, string>();
const REMEMBERED_NAMES = 10_000;

/** The name a statement is sent under, or undefined for one planned per value. */
function nameOf(text: string): string | undefined {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = plannedPerValue(text) ? '' : statementName(text);
    if (namesByText.size >= REMEMBERED_NAMES) namesByText.clear();
    namesByText.set(text, name);
  }
  return name || undefined;
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];
interface QueryObject {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  rows?: unknown;
  queryMode?: unknown;
  submit?: unknown;
}

/**
 * The driver's client, naming each statement sent with parameters (a single statement: the
 * extended protocol takes no more). Statements without parameters (BEGIN, COMMIT, maintenance,
 * DDL, multi-statement texts) go as before, by the simple protocol. Handed to the pool as its
 * `Client`, so it covers Drizzle's statements, the raw ones and those inside transactions alike;
 * the migrations run on a plain client of their own (db/client.ts runMigrations).
 */
export function namedStatementClient(Client: typeof pg.Client, cap = NAMES_PER_CONNECTION): typeof pg.Client {
  const query = Client.prototype.query as (...args: QueryArgs) => unknown;
  class NamedStatementClient extends Client {
    /** The names given on this connection (each prepared on first use by the driver). */
    readonly statementNames = new Set<string>();
  }
  // The driver's `query` has a dozen typed overloads; it is wrapped as the one function it is.
  (NamedStatementClient.prototype as unknown as { query: (...args: QueryArgs) => unknown }).query = function (
    this: NamedStatementClient,
    ...args: QueryArgs
  ) {
    const [config, values] = args;
    let text: string | undefined;
    let params: unknown = values;
    if (typeof config === 'string') text = config;
    else if (config !== null && typeof config === 'object') {
      const c = config as QueryObject;
      // A query object of its own (a cursor), a name already given, row paging or the simple
      // protocol asked for: left as the caller made it.
      if (c.submit === undefined && c.name === undefined && c.rows === undefined && c.queryMode === undefined && typeof c.text === 'string') {
        text = c.text;
        params = values ?? c.values;
      }
    }
    if (text !== undefined && Array.isArray(params) && params.length > 0 && params.length <= MOST_VALUES_NAMED && text.length <= LONGEST_NAMED) {
      const name = nameOf(text);
      if (name === undefined) return query.apply(this, args);
      if (this.statementNames.has(name) || this.statementNames.size < cap) {
        this.statementNames.add(name);
        // A copy: Drizzle hands the same config object to every execution of a query.
        args[0] = typeof config === 'string' ? { text, name } : { ...(config as object), name };
      }
    }
    return query.apply(this, args);
  };
  return NamedStatementClient;
}
