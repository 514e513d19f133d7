// The timestamps the week answers are sliced from PostgreSQL's text (decision 0237): each must be
// the same characters Date wrote before, for every shape the servers print.
import { describe, expect, it } from 'vitest';
import { isoFromTimestamptz } from './timestamp-text.js';

/** What the answers said before: the driver's text parsed into a Date and written out. */
const viaDate = (text: string) => new Date(text).toISOString();
/** What a call wrote, or the error it threw. */
const outcome = (write: () => string) => {
  try {
    return write();
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
};

describe('isoFromTimestamptz', () => {
  it('writes UTC text as Date did, the fraction cut to milliseconds (never rounded)', () => {
    const fractions = ['', '.1', '.12', '.123', '.1234', '.12345', '.123456', '.999999', '.000001', '.5', '.05'];
    const moments = ['2026-03-01 09:30:00', '1970-01-01 00:00:00', '1969-12-31 23:59:59', '1000-01-01 00:00:00', '2000-02-29 12:00:00', '9999-12-31 23:59:59'];
    for (const moment of moments) {
      for (const fraction of fractions) {
        const text = `${moment}${fraction}+00`;
        expect(isoFromTimestamptz(text), text).toBe(viaDate(text));
      }
    }
    expect(isoFromTimestamptz('2026-03-01 09:30:00.123456+00')).toBe('2026-03-01T09:30:00.123Z');
    expect(isoFromTimestamptz('2026-03-01 09:30:00+00')).toBe('2026-03-01T09:30:00.000Z');
  });

  it('leaves other zones and years Date reads its own way to Date, as before', () => {
    // A session in another zone prints its offset (seconds too, for a zone's local mean time,
    // which Date cannot read); a year before 1000 V8 reads as 19xx: all stay Date's, answer or error.
    for (const text of ['2026-03-01 04:30:00-05', '2026-03-01 15:00:00.25+05:30', '1883-11-18 12:00:00-05:17:32', '0099-01-01 00:00:00+00', '0999-06-01 00:00:00.5+00']) {
      expect(outcome(() => isoFromTimestamptz(text)), text).toBe(outcome(() => viaDate(text)));
    }
    // What Date cannot read still refuses, as it did.
    for (const text of ['infinity', '-infinity', '2026-03-01 09:30:00+00 BC']) expect(() => isoFromTimestamptz(text), text).toThrow(RangeError);
  });
});
