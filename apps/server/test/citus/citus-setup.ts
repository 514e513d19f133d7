// The Citus suite's cluster: a coordinator and two workers on loopback (scripts/citus-cluster.mjs),
// made for the run and removed after it. Its one database is migrated (and so distributed by
// account) and given the reference data once here; every file of the run then opens it through
// the harness and works in accounts of its own (decision 0255). Without Citus or its installer the
// suite is skipped, and says why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { ensureReferenceData } from '../../src/seed/reference-data.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the coordinator's database, '' when Citus is not available */
    citusUrl: string;
  }
}

const script = fileURLToPath(new URL('../../../../scripts/citus-cluster.mjs', import.meta.url));
const NOT_AVAILABLE = 3;

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'willow-citus-'));
  project.provide('testRunDir', dir);
  project.provide('pgTemplateUrl', '');
  project.provide('pgliteImage', '');
  const up = spawnSync(process.execPath, [script, 'up'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (up.status === NOT_AVAILABLE) {
    console.warn(up.stderr.trim());
    project.provide('citusUrl', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  if (up.status !== 0) throw new Error(`the Citus cluster did not start: ${up.stderr || up.stdout}`);
  const url = up.stdout.trim().split('\n').at(-1)!;
  const db = await openDatabase({ dataDir: '', databaseUrl: url });
  await ensureReferenceData(db.db);
  await db.close();
  project.provide('citusUrl', url);
  // CITUS_KEEP=1 leaves the cluster (and the nodes' logs) to look into after a failure.
  return () => {
    rmSync(dir, { recursive: true, force: true });
    if (!process.env.CITUS_KEEP) spawnSync(process.execPath, [script, 'down'], { stdio: 'inherit' });
  };
}
