// A timestamptz as both drivers hand it over (text: node-postgres and PGlite are told by Drizzle
// to leave it unparsed) turned straight into the ISO form the API answers (Date's toISOString),
// without a Date in between. The calendar's week answers hundreds of appointments with four or
// five timestamps each: parsing the text into a Date (V8's legacy parser) and writing it out
// again cost about 2 µs a value, 4–5 ms of a week's answer; slicing the text costs a tenth of it
// (decision 0237).
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Decoder } from './sql-compiler.js';

const PLUS = 43;
const ZERO = 48;
const ONE = 49;
const NINE = 57;

/**
 * `text` (PostgreSQL's ISO output, e.g. `2026-03-01 09:30:00.123456+00`) as `new
 * Date(text).toISOString()` writes it, the same characters. Sliced only when the session wrote
 * it in UTC (`+00`, the servers' and PGlite's default) with a four-digit year from 1000 and at
 * most six fraction digits; the fraction is cut to milliseconds as Date cuts it (never rounded).
 * Anything else (another zone's offset, a year before 1000, which V8 reads as 19xx, BC,
 * infinity) goes through Date exactly as before.
 */
export function isoFromTimestamptz(text: string): string {
  const n = text.length;
  if (
    n >= 22 &&
    n <= 29 &&
    text.charCodeAt(n - 3) === PLUS &&
    text.charCodeAt(n - 2) === ZERO &&
    text.charCodeAt(n - 1) === ZERO &&
    text.charCodeAt(0) >= ONE &&
    text.charCodeAt(0) <= NINE &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === ' ' &&
    text[13] === ':' &&
    text[16] === ':'
  ) {
    const day = text.slice(0, 10);
    const time = text.slice(11, 19);
    if (n === 22) return `${day}T${time}.000Z`;
    if (text[19] === '.') {
      const fraction = text.slice(20, n - 3);
      const ms = fraction.length >= 3 ? fraction.slice(0, 3) : fraction.length === 2 ? `${fraction}0` : `${fraction}00`;
      return `${day}T${time}.${ms}Z`;
    }
  }
  return new Date(text).toISOString();
}

/** Reads a timestamptz column's value as its ISO text (a Date from a driver that made one). */
export const isoTimestampDecoder: Decoder = {
  mapFromDriverValue: (value) => (typeof value === 'string' ? isoFromTimestamptz(value) : (value as Date).toISOString()),
};

/** A timestamp as an answer writes it: a row read for a write holds a Date, one read by `listTextTimes` its ISO text already. */
export const isoOf = (at: Date | string): string => (typeof at === 'string' ? at : at.toISOString());

/** Whether a table column is a timestamptz read as a Date (Drizzle's `timestamp(…, { withTimezone: true })`). */
export const isDateTimestamptz = (column: PgColumn): boolean => column.columnType === 'PgTimestamp' && (column as unknown as { withTimezone: boolean }).withTimezone;

/** A row with its Date values read as ISO text instead. */
export type WithTextTimes<R> = { [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K] };
