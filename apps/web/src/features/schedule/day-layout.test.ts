import { describe, expect, it } from 'vitest';
import { dayFrame } from './day-frame';
import { groupBy, itemsByDay, layoutDay, moveTarget, resizeTarget, selectionRange, snapOffset } from './day-layout';

const NY = 'America/New_York';
const day = dayFrame('2026-11-02', NY);
/** An item on 2026-11-02 in New York (EST, UTC-5) from h1 to h2 local hours. */
const at = (id: string, h1: number, h2: number) => ({
  id,
  start: day.start + h1 * 3_600_000,
  end: day.start + h2 * 3_600_000,
});
const lanes = (placed: ReturnType<typeof layoutDay>) =>
  Object.fromEntries(placed.map((p) => [p.item.id, `${p.lane}/${p.lanes}+${p.span}`]));

describe('events to day columns', () => {
  it('puts an overnight item in both days and leaves out one ending at midnight', () => {
    const frames = ['2026-11-01', '2026-11-02', '2026-11-03'].map((d) => dayFrame(d, NY));
    const overnight = { id: 'a', start: Date.parse('2026-11-02T03:00:00Z'), end: Date.parse('2026-11-02T07:00:00Z') };
    const endsAtMidnight = { id: 'b', start: Date.parse('2026-11-02T04:00:00Z'), end: frames[1]!.start };
    const late = { id: 'c', start: Date.parse('2026-11-04T01:00:00Z'), end: Date.parse('2026-11-04T02:00:00Z') };
    const days = itemsByDay(frames, [overnight, endsAtMidnight, late]);
    expect(days.map((d) => d.map((i) => i.id))).toEqual([['a', 'b'], ['a'], ['c']]);
  });

  it('groups items by column key in order', () => {
    const grouped = groupBy([{ k: 'x', n: 1 }, { k: 'y', n: 2 }, { k: 'x', n: 3 }], (i) => i.k);
    expect([...grouped.entries()].map(([k, v]) => [k, v.map((i) => i.n)])).toEqual([['x', [1, 3]], ['y', [2]]]);
  });
});

describe('overlap lanes', () => {
  it('places items by elapsed minutes and shares lanes within a chain of overlaps', () => {
    const placed = layoutDay(day, [at('a', 9, 10), at('b', 9.5, 10.5), at('c', 10, 11), at('d', 12, 13)]);
    expect(lanes(placed)).toEqual({ a: '0/2+1', b: '1/2+1', c: '0/2+1', d: '0/1+1' });
    expect(placed.find((p) => p.item.id === 'b')).toMatchObject({ top: 570, height: 60 });
  });

  it('spreads an item over lanes left free beside it', () => {
    const placed = layoutDay(day, [at('a', 9, 11), at('b', 9, 10), at('c', 9, 10), at('d', 10, 11)]);
    expect(lanes(placed)).toEqual({ a: '0/3+1', b: '1/3+1', c: '2/3+1', d: '1/3+2' });
  });

  it('puts the longer of two items starting together on the left', () => {
    const placed = layoutDay(day, [at('short', 9, 9.5), at('long', 9, 12)]);
    expect(lanes(placed)).toEqual({ long: '0/2+1', short: '1/2+1' });
  });

  it('gives very short items room and keeps them inside the day', () => {
    const tiny = { id: 't', start: day.start + 600 * 60_000, end: day.start + 605 * 60_000 };
    const last = { id: 'l', start: day.start + 1435 * 60_000, end: day.start + 1440 * 60_000 };
    const placed = layoutDay(day, [tiny, last]);
    expect(placed.map((p) => [p.item.id, p.top, p.height])).toEqual([
      ['t', 600, 20],
      ['l', 1420, 20],
    ]);
  });

  it('clips items running into the day before and after', () => {
    const [p] = layoutDay(day, [{ id: 'x', start: day.start - 3_600_000, end: day.end + 3_600_000 }]);
    expect(p).toMatchObject({ top: 0, height: 1440, continuesBefore: true, continuesAfter: true });
  });

  it('positions by elapsed time on the 25-hour day', () => {
    const fallBack = dayFrame('2026-11-01', NY);
    const nineEst = { id: 'n', start: Date.parse('2026-11-01T14:00:00Z'), end: Date.parse('2026-11-01T15:00:00Z') };
    expect(layoutDay(fallBack, [nineEst])[0]).toMatchObject({ top: 600, height: 60 });
  });
});

describe('pointer times', () => {
  it('snaps to quarter hours inside the day', () => {
    expect(snapOffset(day, 547)).toBe(540);
    expect(snapOffset(day, 553)).toBe(555);
    expect(snapOffset(day, -20)).toBe(0);
    expect(snapOffset(day, 1500)).toBe(1440);
  });

  it('selects from the quarter hour before to the one after, whichever way the drag went', () => {
    const r = selectionRange(day, 610, 541);
    expect([r.start, r.end].map((t) => new Date(t).toISOString())).toEqual(['2026-11-02T14:00:00.000Z', '2026-11-02T15:15:00.000Z']);
    const click = selectionRange(day, 1439, 1439);
    expect([click.start, click.end].map((t) => new Date(t).toISOString())).toEqual(['2026-11-03T04:45:00.000Z', '2026-11-03T05:00:00.000Z']);
  });

  it('moves an item to another day keeping its real length, landing on that day’s wall time', () => {
    const item = at('a', 9, 10.5);
    const fallBack = dayFrame('2026-11-01', NY);
    // Grabbed 30 minutes below its top, dropped with the pointer at 9:30 EST (elapsed 630).
    const moved = moveTarget(item, fallBack, 632, 30);
    expect(new Date(moved.start).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(moved.end - moved.start).toBe(90 * 60_000);
  });

  it('keeps a moved item starting inside the target day', () => {
    const moved = moveTarget(at('a', 9, 10), day, 1500, 0);
    expect(new Date(moved.start).toISOString()).toBe('2026-11-03T04:45:00.000Z');
  });

  it('resizes to the snapped pointer, never shorter than a quarter hour', () => {
    const item = at('a', 9, 10);
    expect(new Date(resizeTarget(item, day, 664)).toISOString()).toBe('2026-11-02T16:00:00.000Z');
    expect(resizeTarget(item, day, 500)).toBe(item.start + 15 * 60_000);
  });
});
