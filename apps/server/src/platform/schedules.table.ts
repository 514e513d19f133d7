import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The scheduler's recurring jobs (platform/schedules.ts): one row per schedule, outside every
 * account (a job of the product's, or one keyed by what it serves: `automation:<id>:<location>`).
 * The row is the truth: `nextDueAt` is the occurrence still to run, advanced by the one process
 * that claims it, so no app process keeps a timer a restart would lose (decision 0207).
 */
export const schedules = pgTable(
  'schedules',
  {
    /** the schedule's own name: one row, so one occurrence at a time, per key */
    key: text().primaryKey(),
    /** the handler that runs its occurrences (several keys may share one: `automation`) */
    job: text().notNull(),
    /** a 5-field cron pattern, read on the clock of `timeZone` */
    pattern: text().notNull(),
    /** an IANA zone: a location's for its reminders, UTC for the product's own jobs */
    timeZone: text().notNull(),
    nextDueAt: timestamp({ withTimezone: true }).notNull(),
    lastRunAt: timestamp({ withTimezone: true }),
    /** the last run's failure (null once one succeeds), for whoever looks into it */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_due').on(t.nextDueAt)],
);
