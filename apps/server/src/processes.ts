// Several app processes on one port (WEB_CONCURRENCY), on the PostgreSQL server only. App servers
// keep nothing of their own that another needs (sessions, limits, queues and the session cache's
// notices all go through PostgreSQL), so N processes answer as one; node:cluster shares the port.
// The embedded database belongs to one process (its data folder is locked), so there it stays one.
import cluster from 'node:cluster';

/** How many app processes to run: WEB_CONCURRENCY on the PostgreSQL server, always one on the embedded database. */
export function appProcesses(requested: number, onPostgres: boolean, warn: (message: string) => void): number {
  if (requested <= 1) return 1;
  if (!onPostgres) {
    warn(`WEB_CONCURRENCY=${requested} is ignored: the embedded database is served by one process (set DATABASE_URL to run several)`);
    return 1;
  }
  return requested;
}

/**
 * The primary's whole job: start `count` workers, start a new one when one dies (unless shutting
 * down), and on SIGTERM/SIGINT pass the signal on and exit once every worker has finished its
 * requests and closed its connections.
 */
export function superviseWorkers(count: number, log: (message: string) => void): void {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`app process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    // A worker that cannot start at all would otherwise be restarted in a tight loop.
    setTimeout(fork, 1000).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${count} app processes`);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
