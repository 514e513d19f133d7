import type { DayFrame } from './day-frame';
import { instantAt, offsetOf } from './day-frame';

/** Times snap to quarter hours when selecting, moving or resizing. */
export const SNAP_MINUTES = 15;
/** The shortest an event is drawn, so a 5-minute visit still has room for its time and name. */
export const MIN_VISIBLE_MINUTES = 20;

export interface TimedItem {
  id: string;
  /** ms since the epoch */
  start: number;
  end: number;
}

export interface PlacedItem<T> {
  item: T;
  /** elapsed minutes from the day start to the top of the block (clipped to the day) */
  top: number;
  /** drawn length in minutes */
  height: number;
  /** side-by-side position among the items it overlaps: lane of lanes, spreading over `span` free lanes */
  lane: number;
  lanes: number;
  span: number;
  /** the item started the day before / goes on into the next day */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/**
 * Splits items over consecutive day frames: each item appears in every day its [start, end)
 * touches. Frames must be in order and contiguous (as the days of a view are).
 */
export function itemsByDay<T extends TimedItem>(frames: readonly DayFrame[], items: readonly T[]): T[][] {
  const out: T[][] = frames.map(() => []);
  if (frames.length === 0) return out;
  for (const item of items) {
    // Binary search for the first frame ending after the item starts.
    let lo = 0;
    let hi = frames.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (frames[mid]!.end <= item.start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < frames.length && frames[i]!.start < item.end; i++) out[i]!.push(item);
  }
  return out;
}

/** Items grouped by a key (a provider column), keeping their order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/**
 * Positions one column's items: vertical place by elapsed time from the day start, and lanes for
 * overlaps. Items overlapping one another (directly or through a chain) form a cluster that shares
 * its lane count; each item takes the first free lane and spreads right over lanes left empty
 * beside it.
 */
export function layoutDay<T extends TimedItem>(frame: DayFrame, items: readonly T[]): PlacedItem<T>[] {
  const placed: PlacedItem<T>[] = [];
  for (const item of items) {
    if (item.end <= frame.start || item.start >= frame.end) continue;
    let top = Math.max(0, offsetOf(frame, item.start));
    const bottom = Math.min(frame.minutes, offsetOf(frame, item.end));
    const height = Math.max(bottom - top, MIN_VISIBLE_MINUTES);
    if (top + height > frame.minutes) top = Math.max(0, frame.minutes - height);
    placed.push({
      item,
      top,
      height,
      lane: 0,
      lanes: 1,
      span: 1,
      continuesBefore: item.start < frame.start,
      continuesAfter: item.end > frame.end,
    });
  }
  // Longer first among equal starts, so a long block takes the left lane; ids keep it stable.
  placed.sort((a, b) => a.top - b.top || b.height - a.height || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0));

  let cluster: PlacedItem<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;
  const finish = () => {
    const lanes = laneEnds.length;
    for (const p of cluster) p.lanes = lanes;
    spread(cluster, lanes);
    cluster = [];
    laneEnds = [];
  };
  for (const p of placed) {
    if (p.top >= clusterEnd && cluster.length) finish();
    let lane = laneEnds.findIndex((end) => end <= p.top);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(0);
    }
    laneEnds[lane] = p.top + p.height;
    p.lane = lane;
    cluster.push(p);
    clusterEnd = cluster.length === 1 ? p.top + p.height : Math.max(clusterEnd, p.top + p.height);
  }
  if (cluster.length) finish();
  return placed;
}

function spread<T>(cluster: PlacedItem<T>[], lanes: number): void {
  if (lanes < 2) return;
  const byLane: PlacedItem<T>[][] = Array.from({ length: lanes }, () => []);
  for (const p of cluster) byLane[p.lane]!.push(p);
  for (const p of cluster) {
    let span = 1;
    for (let lane = p.lane + 1; lane < lanes; lane++) {
      const blocked = byLane[lane]!.some((q) => q.top < p.top + p.height && p.top < q.top + q.height);
      if (blocked) break;
      span++;
    }
    p.span = span;
  }
}

/** Nearest quarter hour within the day. */
export function snapOffset(frame: DayFrame, offset: number): number {
  const snapped = Math.round(offset / SNAP_MINUTES) * SNAP_MINUTES;
  return Math.min(Math.max(snapped, 0), frame.minutes);
}

/** The time a drag over empty time selects: from the quarter hour at or before its top to the one at or after its bottom. */
export function selectionRange(frame: DayFrame, a: number, b: number): { start: number; end: number } {
  const lo = Math.max(0, Math.min(a, b));
  const hi = Math.min(frame.minutes, Math.max(a, b));
  let from = Math.floor(lo / SNAP_MINUTES) * SNAP_MINUTES;
  let to = Math.ceil(hi / SNAP_MINUTES) * SNAP_MINUTES;
  if (to <= from) to = from + SNAP_MINUTES;
  if (to > frame.minutes) {
    to = frame.minutes;
    from = Math.min(from, to - SNAP_MINUTES);
  }
  return { start: instantAt(frame, from), end: instantAt(frame, to) };
}

/**
 * Where a dragged item lands: its top follows the pointer (less where it was grabbed), snapped to a
 * quarter hour in the target day, and it keeps its length in real time.
 */
export function moveTarget(
  item: { start: number; end: number },
  target: DayFrame,
  pointerOffset: number,
  grabOffset: number,
): { start: number; end: number } {
  const top = snapOffset(target, pointerOffset - grabOffset);
  const start = instantAt(target, Math.min(top, target.minutes - SNAP_MINUTES));
  return { start, end: start + (item.end - item.start) };
}

/** The new end when the bottom edge is dragged to `pointerOffset` in `frame`: snapped, and at least a quarter hour long. */
export function resizeTarget(item: { start: number; end: number }, frame: DayFrame, pointerOffset: number): number {
  const end = instantAt(frame, snapOffset(frame, pointerOffset));
  return Math.max(end, item.start + SNAP_MINUTES * 60_000);
}
