// A worker whose claim fails (the database gone, or refusing the statement) waits longer after
// each failure instead of trying again at once while jobs are due.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_FAILURE_WAIT_MS, QueueWorker, type QueueSource } from './queue-worker.js';

let worker: QueueWorker | undefined;
afterEach(() => worker?.stop());

describe('a claim that fails', () => {
  it('is tried again after a wait that doubles, not at once', async () => {
    const tries: number[] = [];
    const source: QueueSource = {
      claim: async () => {
        tries.push(performance.now());
        throw new Error('claim refused');
      },
      // a job is due all along: without a backoff the worker would claim again straight away
      nextDue: async () => new Date(Date.now() - 1_000),
    };
    worker = new QueueWorker(source, { pollMs: 60_000, onError: () => {} });
    await worker.start();
    await vi.waitFor(() => expect(tries.length).toBeGreaterThanOrEqual(4));
    const gaps = tries.slice(1, 4).map((t, i) => t - tries[i]!);
    // lower bounds only: a busy machine makes the gaps longer, never shorter
    expect(gaps[0]).toBeGreaterThanOrEqual(CLAIM_FAILURE_WAIT_MS - 1);
    expect(gaps[1]).toBeGreaterThanOrEqual(2 * CLAIM_FAILURE_WAIT_MS - 1);
    expect(gaps[2]).toBeGreaterThanOrEqual(4 * CLAIM_FAILURE_WAIT_MS - 1);
  });
});
