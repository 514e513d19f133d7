import { localDateTimeToInstant } from '@willow/contracts';

/** One preferred time as typed: a local date (YYYY-MM-DD) and time (HH:MM) at the clinic. */
export interface PreferredTimeDraft {
  date: string;
  time: string;
}

export const MAX_PREFERRED_TIMES = 3;

/** Minutes since midnight of 'HH:MM' (what a time input gives), or undefined. */
export function minutesOf(time: string): number | undefined {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return hours * 60 + minutes;
}

export interface PreferredTimesResult {
  /** the instants (UTC ISO) of the rows filled in, in the order given */
  times: string[];
  /** a message per row index that cannot be used */
  errors: Record<number, string>;
}

/**
 * Reads the typed rows as wall-clock times in the LOCATION's time zone (the owner books a visit
 * at the clinic, wherever their browser is). Blank rows are skipped; half-filled, past and
 * repeated ones are reported against their row.
 */
export function toPreferredTimes(drafts: readonly PreferredTimeDraft[], timeZone: string, now: number): PreferredTimesResult {
  const times: string[] = [];
  const errors: Record<number, string> = {};
  drafts.forEach((draft, index) => {
    if (!draft.date && !draft.time) return;
    const minutes = minutesOf(draft.time);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || minutes === undefined) {
      errors[index] = 'Enter both a date and a time.';
      return;
    }
    const instant = localDateTimeToInstant(draft.date, minutes, timeZone);
    if (instant.getTime() <= now) {
      errors[index] = 'Choose a time in the future.';
      return;
    }
    const iso = instant.toISOString();
    if (times.includes(iso)) {
      errors[index] = 'This time is already one of your choices.';
      return;
    }
    times.push(iso);
  });
  return { times, errors };
}
