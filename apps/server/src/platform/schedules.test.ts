// The scheduler (decision 0207): occurrences on a zone's clock across its clock changes, each one
// claimed by one process once, missed ones run once after downtime, a failing job no obstacle to
// the others. Two schedulers share one database: on PostgreSQL each has its own pool.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { openDatabase, type Database } from '../db/client.js';
import { nextOccurrence, Scheduler, schedulerWorker, type Occurrence } from './schedules.js';
import type { QueueJob } from './queue-worker.js';

let ctx: TestContext;
let second: Database;
beforeAll(async () => {
  ctx = await createTestApp();
  second = ctx.database.url ? await openDatabase({ dataDir: '', databaseUrl: ctx.database.url, migrate: false }) : ctx.database;
});
afterAll(async () => {
  if (second && second !== ctx.database) await second.close();
  await ctx?.close();
});

const MIN = 60_000;
let unique = 0;
const key = (name: string) => `${name}-${++unique}`;
/** A clock the test moves. */
function clock(start: Date) {
  let at = start.getTime();
  return { now: () => new Date(at), set: (d: Date) => void (at = d.getTime()) };
}
const runAll = (jobs: QueueJob[]) => Promise.allSettled(jobs.map((j) => j.run()));

describe('next occurrence on the zone’s clock', () => {
  const nine = { pattern: '0 9 * * *', timeZone: 'Europe/London' };

  it('is 09:00 in London on both sides of the October 2026 clock change (08:00Z, then 09:00Z)', () => {
    const saturday = nextOccurrence(nine, new Date('2026-10-23T12:00:00Z'));
    expect(saturday.toISOString()).toBe('2026-10-24T08:00:00.000Z');
    const sunday = nextOccurrence(nine, saturday);
    expect(sunday.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(nextOccurrence(nine, sunday).toISOString()).toBe('2026-10-26T09:00:00.000Z');
  });

  it('is 09:00 in London across the March clock change too, and UTC’s own for a UTC job', () => {
    expect(nextOccurrence(nine, new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(nextOccurrence({ pattern: '*/10 * * * *', timeZone: 'UTC' }, new Date('2026-10-25T00:55:00Z')).toISOString()).toBe('2026-10-25T01:00:00.000Z');
  });

  it('refuses an unknown zone and a broken pattern', () => {
    expect(() => nextOccurrence({ pattern: '0 9 * * *', timeZone: 'Mars/Olympus' }, new Date())).toThrow(/time zone/i);
    expect(() => nextOccurrence({ pattern: '0 9 * *', timeZone: 'UTC' }, new Date())).toThrow(/Invalid schedule/);
  });
});

describe('claiming occurrences', () => {
  it('runs each occurrence once when two schedulers race for it (two pools on PostgreSQL)', async () => {
    const t0 = new Date('2026-10-24T07:55:00Z');
    const runs = new Map<string, number>();
    const count = (o: Occurrence) => void runs.set(o.key, (runs.get(o.key) ?? 0) + 1);
    const c = clock(t0);
    const schedulers = [new Scheduler(ctx.database.db, c.now), new Scheduler(second.db, c.now)];
    const job = key('race');
    schedulers.forEach((s) => s.handle(job, async (o) => count(o)));
    // a location's reminder at 9:00 on its clock, one schedule per location
    const keys = Array.from({ length: 30 }, (_, i) => `automation:${job}:location-${i}`);
    for (const k of keys) await schedulers[0]!.schedule(ctx.database.db, { key: k, job, pattern: '0 9 * * *', timeZone: 'Europe/London' });
    c.set(new Date('2026-10-24T08:00:01Z'));
    // Both claim side by side, a few at a time, until nothing is left.
    const claimedBy = [0, 0];
    await Promise.all(
      schedulers.map(async (s, i) => {
        for (let jobs = await s.claim(4); jobs.length > 0; jobs = await s.claim(4)) {
          claimedBy[i]! += jobs.length;
          await runAll(jobs);
        }
      }),
    );
    expect([...runs.values()]).toEqual(keys.map(() => 1));
    expect(claimedBy[0]! + claimedBy[1]!).toBe(keys.length);
    for (const k of keys) expect((await schedulers[1]!.find(k))!.nextDueAt.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    // The same occurrence, asked for again by both: nothing.
    expect((await Promise.all(schedulers.map((s) => s.claim(50)))).flat()).toEqual([]);
  });

  it('runs the missed occurrences once after downtime and sets the next one due', async () => {
    const t0 = new Date('2026-10-24T10:01:00Z');
    const c = clock(t0);
    const before = new Scheduler(ctx.database.db, c.now);
    const job = key('missed');
    const seen: Occurrence[] = [];
    before.handle(job, async (o) => void seen.push(o));
    await before.schedule(ctx.database.db, { key: job, job, pattern: '*/10 * * * *', timeZone: 'UTC' });
    c.set(new Date('2026-10-24T10:11:00Z'));
    await runAll(await before.claim(10));
    expect(seen.map((o) => o.dueAt.toISOString())).toEqual(['2026-10-24T10:10:00.000Z']);
    // Stopped; started again (a new process) after the 10:20 and 10:30 occurrences went by.
    c.set(new Date('2026-10-24T10:35:00Z'));
    const after = new Scheduler(second.db, c.now);
    after.handle(job, async (o) => void seen.push(o));
    await runAll(await after.claim(10));
    expect(seen.map((o) => o.dueAt.toISOString())).toEqual(['2026-10-24T10:10:00.000Z', '2026-10-24T10:20:00.000Z']);
    expect((await after.find(job))!.nextDueAt.toISOString()).toBe('2026-10-24T10:40:00.000Z');
    expect(await after.claim(10)).toEqual([]);
  });

  it('hands back an occurrence claimed by a worker stopping before it began', async () => {
    const c = clock(new Date('2026-10-24T10:01:00Z'));
    const s = new Scheduler(ctx.database.db, c.now);
    const job = key('release');
    s.handle(job, async () => {});
    await s.schedule(ctx.database.db, { key: job, job, pattern: '*/10 * * * *', timeZone: 'UTC' });
    c.set(new Date('2026-10-24T10:12:00Z'));
    const [claimed] = await s.claim(10);
    await claimed!.release();
    expect((await s.find(job))!.nextDueAt.toISOString()).toBe('2026-10-24T10:10:00.000Z');
    expect(await s.claim(10)).toHaveLength(1);
  });

  it('keeps the occurrence due when a schedule is declared again unchanged, and moves it when the pattern changes', async () => {
    const c = clock(new Date('2026-10-24T10:01:00Z'));
    const s = new Scheduler(ctx.database.db, c.now);
    const job = key('declared');
    await s.schedule(ctx.database.db, { key: job, job, pattern: '*/10 * * * *', timeZone: 'UTC' });
    c.set(new Date('2026-10-24T10:15:00Z'));
    await s.schedule(ctx.database.db, { key: job, job, pattern: '*/10 * * * *', timeZone: 'UTC' });
    expect((await s.find(job))!.nextDueAt.toISOString()).toBe('2026-10-24T10:10:00.000Z');
    await s.schedule(ctx.database.db, { key: job, job, pattern: '0 9 * * *', timeZone: 'Europe/London' });
    expect((await s.find(job))!.nextDueAt.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    await s.unschedule(ctx.database.db, job);
    expect(await s.find(job)).toBeUndefined();
  });
});

describe('the worker', () => {
  it('runs due jobs on its own; a failing job is logged, kept on its row and does not stop the others', async () => {
    // Occurrences already due by the real clock: made by a scheduler whose clock is an hour behind.
    const past = new Scheduler(ctx.database.db, () => new Date(Date.now() - 60 * MIN));
    const good = key('good');
    const bad = key('bad');
    for (const job of [bad, good]) await past.schedule(ctx.database.db, { key: job, job, pattern: '*/10 * * * *', timeZone: 'UTC' });

    const s = new Scheduler(second.db);
    let goodRuns = 0;
    s.every(bad, { pattern: '*/10 * * * *', timeZone: 'UTC' }, async () => {
      throw new Error('the job broke');
    });
    s.every(good, { pattern: '*/10 * * * *', timeZone: 'UTC' }, async () => void goodRuns++);
    const errors: unknown[] = [];
    const worker = schedulerWorker(s, { onError: (err) => errors.push(err) });
    await worker.start();
    try {
      await vi.waitFor(() => expect(goodRuns).toBe(1), { interval: 20 });
      await vi.waitFor(() => expect(errors).toHaveLength(1), { interval: 20 });
    } finally {
      await worker.stop();
    }
    expect(String((errors[0] as Error).message)).toContain(bad);
    const [badRow, goodRow] = await Promise.all([s.find(bad), s.find(good)]);
    expect(badRow!.lastError).toBe('the job broke');
    expect(goodRow!.lastError).toBeNull();
    // Both wait for their next occurrence, the failed one included.
    for (const row of [badRow!, goodRow!]) expect(row.nextDueAt.getTime()).toBeGreaterThan(Date.now() - 5);
    expect(goodRuns).toBe(1);
  });

  it('declares the product’s housekeeping once however many processes declare it', async () => {
    const schedulers = [new Scheduler(ctx.database.db), new Scheduler(second.db)];
    const job = key('housekeeping');
    schedulers.forEach((s) => s.every(job, { pattern: '*/10 * * * *', timeZone: 'UTC' }, async () => {}));
    await Promise.all(schedulers.map((s) => s.declareAll()));
    const row = await schedulers[0]!.find(job);
    expect(row).toMatchObject({ job, pattern: '*/10 * * * *', timeZone: 'UTC' });
    expect(row!.nextDueAt.getUTCMinutes() % 10).toBe(0);
  });
});
