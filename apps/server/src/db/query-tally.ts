// How many SQL statements a request runs: the benchmarks print it beside their timings, so a
// change that adds a round trip to a hot path shows up as a number, not only as a slower p50.
// Counted through the ORM's logger inside the request's async context; off unless
// COUNT_QUERIES is set (the count is about the server, not for visitors).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

interface Tally {
  queries: number;
}

const current = new AsyncLocalStorage<Tally>();

/** The ORM logger of every database handle: one more statement for the request running it, if any. */
export const queryTally: Logger = {
  logQuery() {
    const tally = current.getStore();
    if (tally) tally.queries++;
  },
};

/** Runs `next` (the rest of a request) with a fresh count. */
export function tallyQueries(next: () => void): void {
  current.run({ queries: 0 }, next);
}

/** The statements run so far by the request in whose context this is called. */
export function queriesSoFar(): number | undefined {
  return current.getStore()?.queries;
}
