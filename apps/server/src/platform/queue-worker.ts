import type { Database } from '../db/client.js';

/** One claimed job (an outbox message, an event's delivery): do it, or (the worker stopping before it began) hand it back. */
export interface QueueJob {
  run(): Promise<void>;
  release(): Promise<void>;
}

/** Where the worker's jobs come from: the outbox's delivery, the domain events' deliveries. */
export interface QueueSource {
  claim(limit: number): Promise<QueueJob[]>;
  /** when the next queued job (a retry's next attempt, a lease's end) falls due */
  nextDue(): Promise<Date | undefined>;
}

/** How a queue's failed jobs are tried again (the outbox's messages, the events' deliveries). */
export interface RetryPolicy {
  /** the first retry waits this long; each next one twice as long */
  baseMs: number;
  maxMs: number;
  /** after this many attempts a temporary failure is final */
  maxAttempts: number;
  /** how long a worker holds a claimed job before another may take it over */
  leaseMs: number;
}

/** The wait before attempt `attempts + 1`: exponential, capped, with a little jitter so retries spread out. */
export function backoff(policy: RetryPolicy, attempts: number, random = Math.random()): number {
  const plain = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.9 + 0.2 * random));
}

/** The first wait after a claim failed (the database unreachable, or refusing it); doubled per failure up to the poll interval. */
export const CLAIM_FAILURE_WAIT_MS = 100;

export interface QueueWorkerOptions {
  /** how many jobs one claim takes and runs side by side */
  batch?: number;
  /** the polling fallback: notices can be missed while the listening connection is down */
  pollMs?: number;
  /** the channel the database NOTIFYs when a job is queued, and how to LISTEN to it */
  listen?: { channel: string; on: Database['listen'] } | undefined;
  onError?: (err: unknown) => void;
}

/**
 * Works a queue kept in a PostgreSQL table (the outbox, the domain events' deliveries): claims due
 * jobs (FOR UPDATE SKIP LOCKED, so workers in every app process share the queue without ever taking
 * the same job), runs them, and sleeps until the database says a job was queued (LISTEN/NOTIFY),
 * the next retry falls due, or the polling interval ends. Nothing is held in memory between claims:
 * a process that dies leaves its claimed jobs to be taken again when their lease ends.
 */
export class QueueWorker {
  private readonly batch: number;
  private readonly pollMs: number;
  private stopped = true;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private unlisten: (() => Promise<void>) | undefined;
  /** claims failed in a row: the next waits back off, notices or not, until one succeeds */
  private failures = 0;

  constructor(
    private readonly source: QueueSource,
    private readonly opts: QueueWorkerOptions = {},
  ) {
    this.batch = opts.batch ?? 20;
    this.pollMs = opts.pollMs ?? 15_000;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.opts.listen) {
      this.unlisten = await this.opts.listen.on(this.opts.listen.channel, { notice: () => this.wake(), ready: () => this.wake(), lost: () => {} });
    }
    this.loop = this.run();
  }

  /** Stops claiming; the jobs in hand are finished, the claimed ones not yet begun are handed back. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.wake();
    await this.loop;
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /** Look for work now. */
  wake(): void {
    this.woken = true;
    if (this.failures === 0 || this.stopped) this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let jobs: QueueJob[] = [];
      try {
        jobs = await this.source.claim(this.batch);
        this.failures = 0;
      } catch (err) {
        this.failures++;
        this.opts.onError?.(err);
      }
      if (jobs.length > 0) {
        await Promise.all(jobs.map((job) => (this.stopped ? job.release() : job.run()).catch((err: unknown) => this.opts.onError?.(err))));
        continue;
      }
      if (this.stopped) break;
      await this.sleep();
    }
  }

  /** Until woken, the next job falls due, or the poll interval ends. */
  private async sleep(): Promise<void> {
    if (this.woken && this.failures === 0) return;
    let wait = this.pollMs;
    try {
      const next = await this.source.nextDue();
      if (next) wait = Math.max(0, Math.min(wait, next.getTime() - Date.now() + 5));
    } catch (err) {
      this.opts.onError?.(err);
    }
    // A claim that failed is not tried again at once: due jobs would make it a busy loop.
    if (this.failures > 0) wait = Math.max(wait, Math.min(this.pollMs, CLAIM_FAILURE_WAIT_MS * 2 ** (this.failures - 1)));
    if ((this.woken && this.failures === 0) || this.stopped) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, wait);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
    this.wakeUp = undefined;
  }
}
