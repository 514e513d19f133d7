// For tests of two writes meeting: a transaction the test holds open while requests run, and a
// wait for requests to be blocked on a lock. Only a PostgreSQL server runs statements side by
// side (PGlite has one connection and serialises everything), so these tests run on it alone.
import { sql } from 'drizzle-orm';
import { expect, inject, vi } from 'vitest';
import type { Tx } from '../src/db/client.js';
import type { TestContext } from './harness.js';

/** This run uses a PostgreSQL server (npm run test:pg). */
export const onPostgres = Boolean(inject('pgTemplateUrl'));

/** Connections to the test database waiting for a lock (a row, a transaction or an advisory lock). */
export async function lockWaiters(ctx: TestContext): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** Waits until `count` connections wait for a lock, or `done()` says the awaited work finished anyway. */
export async function waitForLockWaiters(ctx: TestContext, count: number, done: () => boolean = () => false): Promise<void> {
  await vi.waitFor(
    async () => {
      if (done()) return;
      expect(await lockWaiters(ctx)).toBeGreaterThanOrEqual(count);
    },
    { interval: 20 },
  );
}

/**
 * Runs `work` in a transaction that stays open (holding its locks, its changes not yet visible)
 * until commit() is called.
 */
export async function holdTransaction(ctx: TestContext, work: (tx: Tx) => Promise<void>): Promise<{ commit(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ready!: () => void;
  let failed!: (err: unknown) => void;
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const done = ctx.database.db.transaction(async (tx) => {
    await work(tx as Tx);
    ready();
    await released;
  });
  done.catch(failed);
  await started;
  return {
    async commit() {
      release();
      await done;
    },
  };
}

/** A function telling whether the promise has settled yet. */
export function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}
