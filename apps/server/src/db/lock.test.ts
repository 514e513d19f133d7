import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './lock.js';

const root = mkdtempSync(join(tmpdir(), 'willow-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `data-${n++}`);

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('lockDataDir', () => {
  it('creates the folder, claims it with a lock file holding our pid, and releases it', () => {
    const dir = freshDir();
    const unlock = lockDataDir(dir);
    const file = join(dir, 'willow.lock');
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(file)).toBe(false);
    unlock(); // releasing twice is harmless
  });

  it('refuses a folder held by another live process, naming it', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    writeFileSync(join(dir, 'willow.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`in use by another Willow process (pid ${process.ppid})`);
    expect(readFileSync(join(dir, 'willow.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that died', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    writeFileSync(join(dir, 'willow.lock'), String(deadPid()));
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'willow.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it('takes over a lock file with garbage in it', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    writeFileSync(join(dir, 'willow.lock'), 'garbage');
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'willow.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it('takes over a lock that names our own pid (a container restarted with the same pid)', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    writeFileSync(join(dir, 'willow.lock'), String(process.pid));
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'willow.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });
});
