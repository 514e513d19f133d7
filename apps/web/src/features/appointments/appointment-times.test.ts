import { describe, expect, it } from 'vitest';
import {
  END_BEFORE_START,
  durationOf,
  endFollowingServices,
  endProblem,
  formatClock,
  formatInZone,
  formatSpanInZone,
  instantsOf,
  isDate,
  localTimesOf,
  normalTime,
  parseTime,
  withEnd,
  withStart,
} from './appointment-times';
import type { LocalTimes } from './appointment-times';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const times = (t: Partial<LocalTimes> = {}): LocalTimes => ({ date: '2026-11-25', start: '10:00', endDate: '2026-11-25', end: '10:30', length: 30, ...t });

describe('parseTime', () => {
  it.each([
    ['14:15', 855],
    ['2:15 PM', 855],
    ['2:15pm', 855],
    ['2:15 p.m.', 855],
    ['2 PM', 840],
    ['2p', 840],
    ['9:30', 570],
    ['9:30 AM', 570],
    ['930', 570],
    ['0930', 570],
    ['9.30', 570],
    ['9', 540],
    ['12 PM', 720],
    ['12:00 AM', 0],
    ['00:00', 0],
    ['23:59', 1439],
    [' 10:00 ', 600],
  ])('reads %j as %i minutes', (text, minutes) => {
    expect(parseTime(text)).toBe(minutes);
  });

  it.each(['', '24:00', '9:60', '13 PM', '0 AM', '2:1', 'ten', '10:00:00', '1:15 XM'])('refuses %j', (text) => {
    expect(parseTime(text)).toBeNull();
  });

  it('writes times as HH:MM and shows them in the locale', () => {
    expect(normalTime('2:15 PM')).toBe('14:15');
    expect(normalTime('nope')).toBeNull();
    expect(formatClock('14:15')).toBe(new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, 14, 15)).replace(/\s/g, ' '));
  });
});

describe('isDate', () => {
  it('takes whole dates only, never the years a date field passes through while its year is typed', () => {
    expect(isDate('2026-11-25')).toBe(true);
    for (const partial of ['0002-11-25', '0020-11-25', '0202-11-25', '2026-13-01', '2026-11-32', '']) expect(isDate(partial)).toBe(false);
  });
});

describe('the length rule', () => {
  it('moves the end with a typed start and keeps the length (2:15 PM with 30 minutes ends 2:45 PM at the location)', () => {
    const next = withStart(times(), { start: normalTime('2:15 PM')! }, LA);
    expect(next).toMatchObject({ start: '14:15', end: '14:45', endDate: '2026-11-25', length: 30 });
    expect(instantsOf(next, LA)).toEqual({ startAt: '2026-11-25T22:15:00.000Z', endAt: '2026-11-25T22:45:00.000Z' });
  });

  it('keeps a length through a date typed digit by digit (the year goes 0002, 0020, 0202, 2026)', () => {
    let t = times({ date: '2026-11-23', endDate: '2026-11-23', start: '10:00', end: '10:30' });
    for (const date of ['2026-12-23', '2026-12-01', '0002-12-01', '0020-12-01', '0202-12-01', '2026-12-01']) t = withStart(t, { date }, LA);
    // No 1902 end date, no minute lost to the zone's 19th-century offset (-7:52:58).
    expect(t).toMatchObject({ date: '2026-12-01', start: '10:00', endDate: '2026-12-01', end: '10:30', length: 30 });
  });

  it('keeps the default 30 minutes when a start is typed without a service (9:30 ends 10:00)', () => {
    expect(withStart(times({ start: '11:00', end: '11:30' }), { start: normalTime('9:30')! }, NY)).toMatchObject({ start: '09:30', end: '10:00' });
  });

  it('runs past midnight onto the next day', () => {
    expect(withStart(times({ length: 90 }), { start: '23:15' }, NY)).toMatchObject({ endDate: '2026-11-26', end: '00:45', length: 90 });
  });

  it('counts real minutes across a daylight-saving night', () => {
    // 2027-03-14: New York springs forward at 02:00.
    const t = withStart(times({ date: '2027-03-13', endDate: '2027-03-13', length: 240 }), { start: '23:00' }, NY);
    expect(t).toMatchObject({ endDate: '2027-03-14', end: '04:00' });
    expect(durationOf(t, NY)).toBe(240);
  });

  it('lets services set the length until the end is set by hand', () => {
    expect(endFollowingServices(times(), 90, false, NY)).toMatchObject({ end: '11:30', length: 90 });
    expect(endFollowingServices(times(), 90, true, NY)).toMatchObject({ end: '10:30', length: 30 });
    // Only after-visit services: no visit time, the end stays.
    expect(endFollowingServices(times(), 0, false, NY)).toMatchObject({ end: '10:30', length: 30 });
  });

  it('takes a typed end as the new length; an end before the start keeps the old length and is refused', () => {
    const longer = withEnd(times(), { end: '11:15' }, NY);
    expect(longer.length).toBe(75);
    expect(withStart(longer, { start: '13:00' }, NY)).toMatchObject({ end: '14:15' });

    const before = withEnd(times(), { end: '09:45' }, NY);
    expect(before).toMatchObject({ end: '09:45', length: 30 });
    expect(endProblem(before, NY)).toBe(END_BEFORE_START);
    expect(endProblem(withEnd(times(), { end: '10:00' }, NY), NY)).toBe(END_BEFORE_START);
    // The same end on the next day is an overnight visit.
    expect(endProblem(withEnd(before, { endDate: '2026-11-26' }, NY), NY)).toBeNull();
    expect(endProblem(withEnd(times(), { endDate: '2026-11-27' }, NY), NY)).toMatch(/at most 24 hours/);
  });

  it('reads saved instants back as whole minutes in the location', () => {
    expect(localTimesOf('2026-11-25T15:00:00.000Z', '2026-11-25T15:30:00.000Z', NY)).toEqual(times());
  });
});

describe('times read in the location', () => {
  it("names each zone's own abbreviation, and the one in force on the day (the formatter is kept per zone, never the answer)", () => {
    // One after the other in one zone, across the change of clocks, then another zone.
    expect(formatInZone('2026-07-01T13:00:00.000Z', NY)).toMatch(/ EDT$/);
    expect(formatInZone('2026-12-01T14:00:00.000Z', NY)).toMatch(/ EST$/);
    expect(formatInZone('2026-12-01T14:00:00.000Z', LA)).toMatch(/ PST$/);
    expect(formatInZone('2026-07-01T13:00:00.000Z', LA)).toMatch(/ PDT$/);
    expect(formatSpanInZone('2026-12-01T14:00:00.000Z', '2026-12-01T14:30:00.000Z', NY)).toMatch(/ EST$/);
  });

  it('leaves text that is not an instant as it is', () => {
    expect(formatInZone('not a time', NY)).toBe('not a time');
  });
});
