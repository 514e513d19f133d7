import { addDays, localMinutes, offsetMinutes, startOfLocalDay } from '@willow/contracts';

const MINUTE = 60_000;

/** A line across a day column where the wall clock shows a whole hour. */
export interface HourLine {
  /** minutes elapsed since the day started */
  offset: number;
  /** what the wall clock shows there, in minutes since midnight (a multiple of 60) */
  wall: number;
}

/**
 * One local day of a location as the calendar draws it: the real span
 * [startOfLocalDay(d), startOfLocalDay(d + 1)), which is 23 or 25 hours long on a daylight-saving
 * change. Everything inside is placed by minutes elapsed since `start`, so a 90-minute appointment is
 * always 90 minutes tall, and the hour lines fall wherever the wall clock reads a whole hour.
 */
export interface DayFrame {
  date: string;
  /** ms since the epoch */
  start: number;
  end: number;
  /** elapsed minutes from start to end (1440, or 1380 / 1500 on a daylight-saving day) */
  minutes: number;
  /** what the wall clock shows at the start (0, unless midnight itself was skipped) */
  startWall: number;
  /** where the wall clock jumps: at `at` elapsed minutes it moves by `shift` minutes */
  shifts: { at: number; shift: number }[];
  hours: HourLine[];
}

/** The first elapsed minute in (lo, hi] at which the zone's offset is `target` (offsets change once). */
function findChange(start: number, lo: number, hi: number, target: number, timeZone: string): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMinutes(start + mid * MINUTE, timeZone) === target) hi = mid;
    else lo = mid;
  }
  return hi;
}

function hourLines(minutes: number, startWall: number, shifts: DayFrame['shifts']): HourLine[] {
  const lines: HourLine[] = [];
  const bounds = [0, ...shifts.map((s) => s.at), minutes];
  let base = startWall;
  for (let i = 0; i < bounds.length - 1; i++) {
    const from = bounds[i]!;
    const to = bounds[i + 1]!;
    if (i > 0) base += shifts[i - 1]!.shift;
    // The first elapsed minute in this stretch at which the wall clock reads :00.
    let offset = from + ((((-(base + from)) % 60) + 60) % 60);
    for (; offset < to; offset += 60) lines.push({ offset, wall: (((base + offset) % 1440) + 1440) % 1440 });
  }
  return lines;
}

const cache = new Map<string, DayFrame>();
const CACHE_LIMIT = 1000;

export function dayFrame(date: string, timeZone: string): DayFrame {
  const key = `${timeZone}|${date}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const start = startOfLocalDay(date, timeZone).getTime();
  const end = startOfLocalDay(addDays(date, 1), timeZone).getTime();
  const minutes = Math.round((end - start) / MINUTE);
  const startWall = localMinutes(start, timeZone);
  const before = offsetMinutes(start, timeZone);
  const after = offsetMinutes(end - MINUTE, timeZone);
  const shifts = before === after ? [] : [{ at: findChange(start, 0, minutes - 1, after, timeZone), shift: after - before }];
  const frame: DayFrame = { date, start, end, minutes, startWall, shifts, hours: hourLines(minutes, startWall, shifts) };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, frame);
  return frame;
}

/** What the wall clock shows `offset` minutes into the day (minutes since midnight). */
export function wallMinutes(frame: DayFrame, offset: number): number {
  let wall = frame.startWall + offset;
  for (const s of frame.shifts) if (offset >= s.at) wall += s.shift;
  return wall;
}

/** Elapsed minutes since the day start of an instant (may be outside [0, frame.minutes)). */
export const offsetOf = (frame: DayFrame, instant: number) => (instant - frame.start) / MINUTE;

export const instantAt = (frame: DayFrame, offset: number) => frame.start + offset * MINUTE;

/** True when the day's hour lines are not the plain 0:00…23:00 every hour (a daylight-saving day). */
export const isIrregular = (frame: DayFrame) => frame.minutes !== 1440 || frame.startWall !== 0;

/** Whether two days draw the same hour lines (a column that differs from the time gutter labels its own). */
export function sameHours(a: readonly HourLine[], b: readonly HourLine[]): boolean {
  return a.length === b.length && a.every((line, i) => line.offset === b[i]!.offset && line.wall === b[i]!.wall);
}
