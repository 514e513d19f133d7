import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Appointments added to the grid per task when a range is first drawn. A range of many thousands
 * drawn in one commit keeps the page from answering for as long as it takes to create, style and
 * lay them all out; in slices of this many each task stays short (docs/decisions/0240). Since the
 * blocks became light (0252, 0305, 0315) a week of a thousand is drawn in one commit of about
 * 20 ms, and each extra slice cost more than it saved: a layout of the whole grid and a render of
 * its columns (decision 0318).
 */
export const EVENTS_PER_SLICE = 1000;

/**
 * How many of each column's appointments are drawn when `limit` are, in column order: a column
 * left of the limit draws all of its own (undefined), the one it falls in the part before it.
 */
export function columnLimits(lengths: readonly number[], limit: number): (number | undefined)[] {
  let left = limit;
  return lengths.map((length) => {
    const shown = Math.max(0, Math.min(length, left));
    left -= length;
    return shown >= length ? undefined : shown;
  });
}

/**
 * Draws a range's appointments in slices: the first render with its data draws EVENTS_PER_SLICE,
 * each commit asks for the next slice in a background (transition) render, until all are drawn.
 * `key` names what is drawn afresh (the range, and whether its data is in); later changes to the
 * same range (a move, a refetch) draw at once. `layOut` is called in each slice's commit (it reads
 * the layout), `onDrawn` in the commit that draws the last of them, after it.
 */
export function useSlicedDrawing(key: string, total: number, onDrawn: () => void, layOut: () => void): number {
  const [drawing, setDrawing] = useState({ key, limit: EVENTS_PER_SLICE });
  const limit = drawing.key === key ? drawing.limit : EVENTS_PER_SLICE;
  const complete = limit >= total;
  const latest = useRef({ onDrawn, layOut });
  latest.current = { onDrawn, layOut };
  // Each slice is styled and laid out in its own commit's task: left to the next frame, the
  // slices committed before it would be styled and laid out together, in one long task.
  useLayoutEffect(() => {
    if (limit !== Infinity && total > 0) latest.current.layOut();
  }, [limit, key, total]);
  useLayoutEffect(() => {
    if (complete) latest.current.onDrawn();
  }, [complete, key]);
  useEffect(() => {
    if (limit === Infinity) return;
    // Once all are drawn the limit is lifted, so appointments arriving later in the range are drawn too.
    startTransition(() => setDrawing({ key, limit: complete ? Infinity : limit + EVENTS_PER_SLICE }));
  }, [key, limit, complete]);
  return limit;
}
