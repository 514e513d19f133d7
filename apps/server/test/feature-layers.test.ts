// Features depend only downward, and this test holds them there: it reads every import of the
// server's feature folders (ts.preProcessFile: static, re-exports and dynamic imports) and fails
// - on an import of a feature on a higher floor, or of a feature the floors do not place;
// - when a listed exception (what the code still does on its way down, ISSUE 29) is gone: the list
//   is kept true, so it only ever shrinks;
// - on a source file over MAX_LINES, beyond the listed ones.
// A new cycle between feature folders needs an upward import, so it fails here too.
// How features react to newer ones instead: a domain event (platform/domain-events.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The floors, lowest first (ARCHITECTURE.md, "One direction"). A feature imports only features on
 * a lower floor; two features on one floor do not import each other.
 */
export const FLOORS: readonly (readonly string[])[] = [
  // kernel
  ['product-mail'],
  ['accounts'],
  ['locations'],
  ['roles'],
  ['users'],
  ['audit'],
  ['integrations'],
  ['subscriptions'],
  ['auth'],
  ['profile', 'health', 'client-config'],
  ['product-analytics'],
  // records
  ['clients'],
  ['patients'],
  ['contacts'],
  ['documents'],
  ['communications'],
  ['care', 'search'],
  // catalogue
  ['services'],
  ['add-ons'],
  ['price-calculator'],
  // scheduling
  ['appointments'],
  ['schedule'],
  // what practices write, filled from every record below (merge fields read appointments)
  ['templates'],
  // billing
  ['invoices'],
  ['payments'],
  ['card-payments'],
  // engagement
  ['forms', 'quickbooks'],
];

/**
 * Today's imports against the floors, each "file → feature": they go as the features are turned
 * into subscribers of events and pieces move where they belong. Never add to this list.
 */
const STILL_UPWARD: readonly string[] = [
  'features/accounts/accounts.repository.ts → locations',
  'features/accounts/accounts.repository.ts → users',
  'features/accounts/accounts.service.ts → locations',
  'features/accounts/accounts.service.ts → roles',
  'features/accounts/accounts.service.ts → users',
  'features/roles/roles.repository.ts → users',
  'features/roles/roles.service.ts → users',
  'features/roles/roles.table.ts → users',
];

/** Source files allowed over MAX_LINES until they are split by seam: none are left; never add to this list. */
const STILL_LONG: readonly string[] = [];
const MAX_LINES = 450;

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const FEATURES = join(SERVER, 'src/features');
const ROOT = resolve(SERVER, '../..');

function sourceFiles(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(path, keep);
    return keep(e.name) ? [path] : [];
  });
}
const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
/** Test setup shared by a feature's tests is left out like the tests (ARCHITECTURE.md). */
const isFeatureSource = (name: string) => isSource(name) && !name.endsWith('.fixtures.ts') && !name.endsWith('.route-fixtures.ts');

const floorOf = new Map(FLOORS.flatMap((floor, i) => floor.map((feature) => [feature, i] as const)));
const featureOf = (path: string): string | undefined => {
  const rel = relative(FEATURES, path);
  return rel.startsWith('..') || !rel.includes('/') ? undefined : rel.split('/')[0];
};

/** Every import of one feature's file into another feature: "features/x/file.ts → y". */
function crossFeatureImports(): { from: string; to: string; file: string }[] {
  const found: { from: string; to: string; file: string }[] = [];
  for (const path of sourceFiles(FEATURES, isFeatureSource)) {
    const from = featureOf(path);
    if (!from) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = featureOf(resolve(dirname(path), fileName));
      if (to && to !== from) found.push({ from, to, file: relative(join(SERVER, 'src'), path) });
    }
  }
  return found;
}

describe('feature floors', () => {
  const imports = crossFeatureImports();

  it('places every feature folder on one floor', () => {
    const folders = readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !floorOf.has(f))).toEqual([]);
    expect([...floorOf.keys()].filter((f) => !folders.includes(f))).toEqual([]);
  });

  it('imports only downward, beyond the listed exceptions, and the list is kept true', () => {
    const upward = [
      ...new Set(imports.filter(({ from, to }) => floorOf.get(to)! >= floorOf.get(from)!).map(({ file, to }) => `${file} → ${to}`)),
    ].sort();
    expect({ new: upward.filter((u) => !STILL_UPWARD.includes(u)), gone: STILL_UPWARD.filter((u) => !upward.includes(u)) }).toEqual({ new: [], gone: [] });
  });

  it('knows the floors from ARCHITECTURE.md', () => {
    const architecture = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    for (const floor of FLOORS) for (const feature of floor) expect(architecture).toContain(feature);
  });
});

describe('file length', () => {
  it(`no source file is over ${MAX_LINES} lines, beyond the listed ones, and the list is kept true`, () => {
    const files = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'].flatMap((dir) => sourceFiles(join(ROOT, dir), isSource));
    const long = files
      .filter((path) => readFileSync(path, 'utf8').split('\n').length - 1 > MAX_LINES)
      .map((path) => relative(ROOT, path))
      .sort();
    expect({ new: long.filter((f) => !STILL_LONG.includes(f)), gone: STILL_LONG.filter((f) => !long.includes(f)) }).toEqual({ new: [], gone: [] });
  });
});
