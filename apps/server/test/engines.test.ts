// Every installed package must run on the oldest Node the project promises (package.json
// "engines"): a dependency that wants a newer one installs with only a warning (EBADENGINE) and
// then fails, or misbehaves, on a clinic's server. Pin or override it instead (see README).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function readJson(file: string): { name?: string; version?: string; engines?: { node?: string } } {
  return JSON.parse(readFileSync(file, 'utf8')) as never;
}

/** Every package folder under a node_modules folder, nested ones included. */
function* packages(modules: string): Generator<string> {
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
    const dir = join(modules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(dir, { withFileTypes: true })) {
        if (scoped.isDirectory()) yield* packageAndNested(join(dir, scoped.name));
      }
    } else if (!entry.isSymbolicLink()) {
      // Workspace links (apps/*, packages/*) are the project itself.
      yield* packageAndNested(dir);
    }
  }
}
function* packageAndNested(dir: string): Generator<string> {
  if (existsSync(join(dir, 'package.json'))) yield dir;
  yield* packages(join(dir, 'node_modules'));
}

describe('installed packages', () => {
  it('all accept the oldest Node version the project promises', () => {
    const promised = readJson(join(root, 'package.json')).engines?.node;
    expect(promised).toBeDefined();
    const oldest = semver.minVersion(promised!)!.version;
    const refused: string[] = [];
    let checked = 0;
    for (const dir of packages(join(root, 'node_modules'))) {
      const pkg = readJson(join(dir, 'package.json'));
      checked++;
      const wants = pkg.engines?.node;
      if (typeof wants !== 'string' || !wants.trim()) continue;
      if (!semver.satisfies(oldest, wants, { includePrerelease: true })) {
        refused.push(`${pkg.name}@${pkg.version} wants node ${wants} (${dir.slice(root.length)})`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(refused, `packages that refuse Node ${oldest}`).toEqual([]);
  });
});
