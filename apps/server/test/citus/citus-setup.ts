// The Citus suite's cluster: a coordinator and two workers on loopback (scripts/citus-cluster.mjs),
// made for the run and removed after it. Without Citus or its installer the suite is skipped, and
// says why.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the coordinator's database, '' when Citus is not available */
    citusUrl: string;
  }
}

const script = fileURLToPath(new URL('../../../../scripts/citus-cluster.mjs', import.meta.url));
const NOT_AVAILABLE = 3;

export default function setup(project: TestProject) {
  const up = spawnSync(process.execPath, [script, 'up'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (up.status === NOT_AVAILABLE) {
    console.warn(up.stderr.trim());
    project.provide('citusUrl', '');
    return;
  }
  if (up.status !== 0) throw new Error(`the Citus cluster did not start: ${up.stderr || up.stdout}`);
  project.provide('citusUrl', up.stdout.trim().split('\n').at(-1)!);
  // CITUS_KEEP=1 leaves the cluster (and the nodes' logs) to look into after a failure.
  return () => {
    if (!process.env.CITUS_KEEP) spawnSync(process.execPath, [script, 'down'], { stdio: 'inherit' });
  };
}
