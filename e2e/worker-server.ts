// Setup file of the browser tests: points inject('baseUrl'), inject('smtpPort') and
// inject('mailboxUrl') at the server the global setup started for this worker (VITEST_POOL_ID runs
// from 1 to the number of workers, and no two files running at the same time share one), so a test
// file reads its server the way it always has and never meets another file's concurrent changes.
import { inject } from 'vitest';

const servers = inject('e2eServers');
const pool = Number(process.env.VITEST_POOL_ID ?? '1');
const mine = servers[(pool - 1) % servers.length]!;

// inject() reads the worker state's provided context; Vitest offers no per-worker provide, so the
// values are set on that object for this file (the worker state lives only as long as the file).
const state = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
if (!state?.providedContext) throw new Error('The browser tests could not reach the provided context to pick their server');
Object.assign(state.providedContext, mine);
if (inject('baseUrl') !== mine.baseUrl) throw new Error('The browser tests could not point inject("baseUrl") at their server');
