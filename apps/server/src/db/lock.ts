// Security/integrity-critical: PGlite has no lock of its own and corrupts its files when two
// processes write to one data folder, so the folder is claimed with an exclusive lock file.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'willow.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another Willow process (pid ${pid}). ` +
            'Stop that process, or give this one its own DATA_DIR.',
        );
      }
      // The holder died without cleaning up: the lock is stale.
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
