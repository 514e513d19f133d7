import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/** The channel live changes go out on; every app server LISTENs to it once (live-stream.ts). */
export const LIVE_CHANNEL = 'willow_live';

export const liveChangesRepository = {
  /**
   * One NOTIFY per payload, in the caller's transaction: PostgreSQL sends them when it commits
   * (and never if it rolls back), folding a payload repeated in one transaction into one notice.
   */
  async notify(ex: Executor, payloads: readonly string[]): Promise<void> {
    if (payloads.length === 0) return;
    await ex.execute(sql`select pg_notify(${LIVE_CHANNEL}, p) from unnest(${sql.param([...payloads])}::text[]) as p`);
  },
};
