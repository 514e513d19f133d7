import { Cron } from 'croner';
import type { Db, Executor } from '../db/client.js';
import { QueueWorker, type QueueJob, type QueueSource, type QueueWorkerOptions } from './queue-worker.js';
import { schedulesRepository, type ScheduleRow } from './schedules.repository.js';

/** One occurrence handed to its job: which schedule, and the time it was due (after downtime, the first one missed: the others are not run). */
export interface Occurrence {
  key: string;
  job: string;
  dueAt: Date;
}

export type OccurrenceHandler = (occurrence: Occurrence) => Promise<void>;

/** A recurrence: a 5-field cron pattern ('0 9 * * *'), read on the clock of an IANA time zone. */
export interface Recurrence {
  pattern: string;
  timeZone: string;
}

function cron(r: Recurrence): Cron {
  try {
    return new Cron(r.pattern, { timezone: r.timeZone, mode: '5-part', paused: true });
  } catch (err) {
    throw new Error(`Invalid schedule ${JSON.stringify(r)}: ${(err as Error).message}`);
  }
}

/**
 * The first occurrence after `after` (never at it), on the zone's clock: '0 9 * * *' in
 * Europe/London is 08:00Z in summer and 09:00Z in winter (croner handles the clock changes).
 */
export function nextOccurrence(r: Recurrence, after: Date): Date {
  // Intl refuses a zone it does not know (croner would quietly read it as UTC).
  new Intl.DateTimeFormat('en-GB', { timeZone: r.timeZone });
  const next = cron(r).nextRun(after);
  if (!next) throw new Error(`Schedule ${r.pattern} has no occurrence after ${after.toISOString()}`);
  return next;
}

/**
 * Recurring jobs kept in PostgreSQL (decision 0207): a `schedules` row per key holds the next
 * occurrence; every app process's worker claims due rows (FOR UPDATE SKIP LOCKED, then a
 * conditional move to the next occurrence in the same transaction), so each occurrence is run by
 * one process, once. Occurrences missed while no process ran are run once, not one by one: the
 * next one is counted from now. A run that fails is logged and its error kept on the row; the job
 * runs again at its next occurrence (an occurrence is at most once: a process dying mid-run does
 * not repeat it). Nothing lives in memory but the handlers and the wake-up timer.
 */
export class Scheduler implements QueueSource {
  private readonly handlers = new Map<string, OccurrenceHandler>();
  private readonly declared = new Map<string, Recurrence & { job: string }>();

  constructor(
    private readonly db: Db,
    /** the clock (tests move it) */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** What this process does for the occurrences of `job` (one handler per job, shared by its keys). */
  handle(job: string, run: OccurrenceHandler): void {
    if (this.handlers.has(job)) throw new Error(`The scheduled job ${job} already has a handler`);
    this.handlers.set(job, run);
  }

  /**
   * A job of the product's own, declared in code: its handler now, its row when the worker starts
   * (`declareAll`). The key is the job's name.
   */
  every(job: string, recurrence: Recurrence, run: OccurrenceHandler): void {
    cron(recurrence);
    this.handle(job, run);
    this.declared.set(job, { job, ...recurrence });
  }

  /** Writes the declared jobs' rows; an unchanged one keeps its next occurrence. */
  async declareAll(): Promise<void> {
    for (const [key, d] of this.declared) await this.schedule(this.db, { key, ...d });
  }

  /**
   * Makes or changes a schedule in the caller's transaction (a location's automation at 9:00 on
   * its clock: `{ key: 'automation:<id>:<location>', job: 'automation', pattern: '0 9 * * *',
   * timeZone: location.timeZone }`). Its first occurrence is the next one from now.
   */
  async schedule(ex: Executor, s: { key: string; job: string } & Recurrence): Promise<void> {
    const nextDueAt = nextOccurrence(s, this.now());
    await schedulesRepository.upsert(ex, { key: s.key, job: s.job, pattern: s.pattern, timeZone: s.timeZone, nextDueAt });
  }

  async unschedule(ex: Executor, key: string): Promise<void> {
    await schedulesRepository.remove(ex, key);
  }

  async find(key: string): Promise<ScheduleRow | undefined> {
    return schedulesRepository.find(this.db, key);
  }

  /** Takes the due occurrences of the jobs this process handles; each is moved on to its next occurrence as it is taken. */
  async claim(limit: number): Promise<QueueJob[]> {
    const now = this.now();
    const taken = await this.db.transaction(async (tx) => {
      const due = await schedulesRepository.lockDue(tx, [...this.handlers.keys()], now, limit);
      const mine: { row: ScheduleRow; next: Date }[] = [];
      for (const row of due) {
        let next: Date;
        try {
          next = nextOccurrence(row, now);
        } catch (err) {
          // A row no longer readable (a zone gone from the runtime's list): kept, and said, not run in a loop.
          await schedulesRepository.recordResult(tx, row.key, (err as Error).message);
          await schedulesRepository.advance(tx, row.key, row.nextDueAt, new Date(now.getTime() + 24 * 3_600_000), null);
          continue;
        }
        if (await schedulesRepository.advance(tx, row.key, row.nextDueAt, next, now)) mine.push({ row, next });
      }
      return mine;
    });
    return taken.map(({ row, next }) => this.job(row, next));
  }

  async nextDue(): Promise<Date | undefined> {
    return schedulesRepository.nextDue(this.db, [...this.handlers.keys()]);
  }

  private job(row: ScheduleRow, next: Date): QueueJob {
    const occurrence: Occurrence = { key: row.key, job: row.job, dueAt: row.nextDueAt };
    return {
      run: async () => {
        try {
          await this.handlers.get(row.job)!(occurrence);
        } catch (err) {
          await schedulesRepository.recordResult(this.db, row.key, err instanceof Error ? err.message : String(err));
          throw new Error(`The scheduled job ${row.key} failed; it runs again at ${next.toISOString()}`, { cause: err });
        }
        if (row.lastError !== null) await schedulesRepository.recordResult(this.db, row.key, null);
      },
      // Stopping before it began: the occurrence is due again (unless another process has moved it since).
      release: async () => {
        await schedulesRepository.advance(this.db, row.key, next, row.nextDueAt, null);
      },
    };
  }
}

/**
 * The scheduler's worker: the platform's queue worker, woken by the next occurrence's time (and a
 * poll, for schedules another process made or moved since).
 */
export function schedulerWorker(scheduler: Scheduler, opts: Omit<QueueWorkerOptions, 'listen'> = {}): { start(): Promise<void>; stop(): Promise<void> } {
  const worker = new QueueWorker(scheduler, { batch: 10, pollMs: 60_000, ...opts });
  return {
    async start() {
      await scheduler.declareAll();
      await worker.start();
    },
    stop: () => worker.stop(),
  };
}
