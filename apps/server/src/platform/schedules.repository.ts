import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { schedules } from './schedules.table.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleDefinition = Pick<ScheduleRow, 'key' | 'job' | 'pattern' | 'timeZone' | 'nextDueAt'>;

/** The scheduler's table: global, like the product's mail (no account of its own). */
export const schedulesRepository = {
  /**
   * Makes or updates a schedule. An unchanged pattern and zone keep the occurrence already due
   * (every app process declares the product's jobs as it starts: none of them moves it on).
   */
  async upsert(ex: Executor, def: ScheduleDefinition): Promise<void> {
    await ex
      .insert(schedules)
      .values(def)
      .onConflictDoUpdate({
        target: schedules.key,
        set: {
          job: def.job,
          pattern: def.pattern,
          timeZone: def.timeZone,
          nextDueAt: sql`case when ${schedules.pattern} = excluded.pattern and ${schedules.timeZone} = excluded.time_zone then ${schedules.nextDueAt} else excluded.next_due_at end`,
          updatedAt: sql`case when ${schedules.pattern} = excluded.pattern and ${schedules.timeZone} = excluded.time_zone and ${schedules.job} = excluded.job then ${schedules.updatedAt} else now() end`,
        },
      });
  },

  async remove(ex: Executor, key: string): Promise<void> {
    await ex.delete(schedules).where(eq(schedules.key, key));
  },

  async find(ex: Executor, key: string): Promise<ScheduleRow | undefined> {
    const [row] = await ex.select().from(schedules).where(eq(schedules.key, key));
    return row;
  },

  /** Up to `limit` due schedules of these jobs, locked for the caller's transaction; those another process holds are skipped. */
  async lockDue(ex: Executor, jobs: readonly string[], now: Date, limit: number): Promise<ScheduleRow[]> {
    if (jobs.length === 0) return [];
    return ex
      .select()
      .from(schedules)
      .where(and(inArray(schedules.job, [...jobs]), lte(schedules.nextDueAt, now)))
      .orderBy(schedules.nextDueAt)
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /**
   * Moves a schedule from the occurrence `from` to `to`, only if `from` is still the one due:
   * answers whether it moved (whoever moves it owns the occurrence).
   */
  async advance(ex: Executor, key: string, from: Date, to: Date, runAt: Date | null): Promise<boolean> {
    const rows = await ex
      .update(schedules)
      .set({ nextDueAt: to, ...(runAt && { lastRunAt: runAt }), updatedAt: new Date() })
      .where(and(eq(schedules.key, key), eq(schedules.nextDueAt, from)))
      .returning({ key: schedules.key });
    return rows.length > 0;
  },

  async recordResult(ex: Executor, key: string, error: string | null): Promise<void> {
    await ex.update(schedules).set({ lastError: error, updatedAt: new Date() }).where(eq(schedules.key, key));
  },

  async nextDue(ex: Executor, jobs: readonly string[]): Promise<Date | undefined> {
    if (jobs.length === 0) return undefined;
    const [row] = await ex
      .select({ at: sql<Date>`min(${schedules.nextDueAt})`.mapWith(schedules.nextDueAt) })
      .from(schedules)
      .where(inArray(schedules.job, [...jobs]));
    return row?.at ?? undefined;
  },
};
