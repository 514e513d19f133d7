import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
// @ts-expect-error a plain script without types
import { ensureCitus } from '../../scripts/citus-cluster.mjs';

// `npm run test:citus`: the server on a Citus cluster it makes itself (test/citus/citus-setup.ts).
// One distributed database for the run: its files run one after another, each in accounts of its
// own (decision 0255). Besides the suite's own files, these route tests of the API's main paths
// run unchanged through the coordinator (the harness opens the cluster's database for them).
const MAIN_PATHS = [
  'src/features/auth/google-sign-in.test.ts',
  'src/features/auth/sign-in-flows.test.ts',
  'src/features/auth/auth.test.ts',
  'test/session-cache.test.ts',
  'src/features/clients/clients.test.ts',
  'src/features/patients/patients.test.ts',
  'src/features/appointments/appointment-reads.test.ts',
  'src/features/appointments/appointment-writes.test.ts',
  'src/features/invoices/invoices.test.ts',
  'src/features/payments/payments.test.ts',
  'src/features/templates/templates.test.ts',
  'src/features/templates/document-generation.test.ts',
  'src/features/forms/form-requests.test.ts',
  'src/features/integrations/integrations.test.ts',
  'src/features/communications/outbox.test.ts',
  'src/platform/queue-claims.test.ts',
  'src/platform/live-stream.test.ts',
  'src/features/auth/onboarding.test.ts',
  'src/features/schedule/schedule.test.ts',
  'src/features/reports/reports.test.ts',
  'src/features/reports/report-filter-sets.test.ts',
  'src/features/analytics/analytics.test.ts',
  'src/features/account-archive/account-archive.test.ts',
];

/**
 * Google sign-in runs first: it asks whether any practice on the database has a Google client of
 * its own (the sign-in page offers Google then), and on the suite's one shared database the other
 * files' practices would answer too. First, the database holds only its own practices.
 */
const FIRST = 'src/features/auth/google-sign-in.test.ts';
class GoogleSignInFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => (f.moduleId.endsWith(FIRST) ? 0 : 1);
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

// Without Citus (and nothing to install it from) the route tests would have no database: only the
// suite's own files run, and they skip, saying why.
const citus = (ensureCitus as () => { ok: boolean })().ok;

export default defineConfig({
  resolve: {
    alias: { '@willow/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'citus',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['test/citus/**/*.citus.ts', ...(citus ? MAIN_PATHS : [])],
    globalSetup: ['test/citus/citus-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: GoogleSignInFirst },
    // one process runs file after file, as the server suite does (decision 0103)
    pool: 'forks',
    isolate: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 60_000 } },
    setupFiles: ['test/setup.ts'],
  },
});
