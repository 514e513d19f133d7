import { describe, expect, it } from 'vitest';
import { dayFrame, instantAt, isIrregular, offsetOf, sameHours, wallMinutes } from './day-frame';

const NY = 'America/New_York';
const hours = (date: string, zone: string) => dayFrame(date, zone).hours.map((h) => `${h.offset}=${h.wall / 60}`);

describe('day frames', () => {
  it('spans a plain day of 24 hours with a line every hour', () => {
    const f = dayFrame('2026-11-02', NY);
    expect(new Date(f.start).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(new Date(f.end).toISOString()).toBe('2026-11-03T05:00:00.000Z');
    expect(f.minutes).toBe(1440);
    expect(f.shifts).toEqual([]);
    expect(f.hours).toHaveLength(24);
    expect(f.hours[9]).toEqual({ offset: 540, wall: 540 });
    expect(isIrregular(f)).toBe(false);
  });

  it('makes the fall-back day 25 hours long with 1 AM drawn twice', () => {
    const f = dayFrame('2026-11-01', NY);
    expect(f.minutes).toBe(1500);
    expect(f.shifts).toEqual([{ at: 120, shift: -60 }]);
    expect(hours('2026-11-01', NY).slice(0, 5)).toEqual(['0=0', '60=1', '120=1', '180=2', '240=3']);
    expect(f.hours).toHaveLength(25);
    expect(f.hours.at(-1)).toEqual({ offset: 1440, wall: 1380 });
    // 9 AM EST is ten hours after midnight EDT.
    expect(new Date(instantAt(f, 600)).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(wallMinutes(f, 600)).toBe(540);
    expect(wallMinutes(f, 90)).toBe(90);
    expect(wallMinutes(f, 150)).toBe(90);
    expect(isIrregular(f)).toBe(true);
  });

  it('makes the spring-forward day 23 hours long without a 2 AM line', () => {
    const f = dayFrame('2026-03-08', NY);
    expect(f.minutes).toBe(1380);
    expect(hours('2026-03-08', NY).slice(0, 4)).toEqual(['0=0', '60=1', '120=3', '180=4']);
    expect(f.hours).toHaveLength(23);
    expect(offsetOf(f, Date.parse('2026-03-08T14:00:00Z'))).toBe(540); // 10 AM EDT
    expect(wallMinutes(f, 540)).toBe(600);
  });

  it('draws hour lines at the right instants after a half-hour change', () => {
    // Lord Howe Island moves from 2:00 to 2:30.
    const f = dayFrame('2026-10-04', 'Australia/Lord_Howe');
    expect(f.minutes).toBe(1410);
    expect(hours('2026-10-04', 'Australia/Lord_Howe').slice(0, 4)).toEqual(['0=0', '60=1', '150=3', '210=4']);
  });

  it('starts at 1 AM when midnight itself is skipped', () => {
    const f = dayFrame('2026-09-06', 'America/Santiago');
    expect(f.startWall).toBe(60);
    expect(f.minutes).toBe(1380);
    expect(f.hours[0]).toEqual({ offset: 0, wall: 60 });
    expect(isIrregular(f)).toBe(true);
  });

  it('tells days with the same hour lines apart from a daylight-saving day', () => {
    expect(sameHours(dayFrame('2026-11-02', NY).hours, dayFrame('2026-11-03', NY).hours)).toBe(true);
    expect(sameHours(dayFrame('2026-11-02', NY).hours, dayFrame('2026-11-01', NY).hours)).toBe(false);
  });
});
