// How many SQL statements a request runs: the benchmarks print it beside their timings, so a
// change that adds a round trip to a hot path shows up as a number, not only as a slower p50.
// Counted through the ORM's logger inside the request's async context; off unless
// COUNT_QUERIES is set (the count is about the server, not for visitors).
// With QUERY_TEXTS as well, the count also keeps each statement's text, so bench:hand-written can
// check that its hand-written routes run exactly the app's statements (decision 0230).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

interface Tally {
  queries: number;
  /** the statements' texts in the order they were sent, when asked for */
  texts: string[] | undefined;
}

const current = new AsyncLocalStorage<Tally>();

/** The ORM logger of every database handle: one more statement for the request running it, if any. */
export const queryTally: Logger = {
  logQuery(query) {
    const tally = current.getStore();
    if (!tally) return;
    tally.queries++;
    tally.texts?.push(query);
  },
};

/** Runs `next` (the rest of a request) with a fresh count, keeping the statements' texts too when `texts`. */
export function tallyQueries(next: () => void, texts = false): void {
  current.run({ queries: 0, texts: texts ? [] : undefined }, next);
}

/** The statements run so far by the request in whose context this is called. */
export function queriesSoFar(): number | undefined {
  return current.getStore()?.queries;
}

/** The texts of the statements run so far by the request in whose context this is called (kept only when asked for). */
export function statementsSoFar(): string[] | undefined {
  return current.getStore()?.texts;
}
